import type { ApplicationDraft } from './draft.ts';

export interface ServerDraft extends ApplicationDraft {
  id: string;
  version: number;
  /** When the server last stored it. */
  updated_at: string;
}

export type DraftSource = 'server' | 'local' | 'none';

const time = (value: string | null | undefined): number => {
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
};

/**
 * Which copy of a draft to resume: the copy kept in this browser wins only when it belongs to the
 * same application (or to none yet) and was changed after the server last stored its copy, e.g.
 * typing that went on while the connection or the session was lost. It keeps the version it was
 * based on (the server's, for a copy saved before versions were kept), so if the server's copy moved
 * on meanwhile the next save is refused instead of silently replacing it.
 */
export function pickDraft(
  local: ApplicationDraft | null,
  server: ServerDraft | null,
): { draft: ApplicationDraft | null; source: DraftSource } {
  if (!local) return server ? { draft: server, source: 'server' } : { draft: null, source: 'none' };
  if (!server) return { draft: local, source: 'local' };
  const sameApplication = local.id === null || local.id === server.id;
  if (sameApplication && time(local.changed_at) > time(server.updated_at)) {
    return { draft: { ...local, id: server.id, version: local.version ?? server.version }, source: 'local' };
  }
  return { draft: server, source: 'server' };
}
