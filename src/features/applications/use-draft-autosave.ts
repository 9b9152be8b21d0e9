import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { callApi } from './api-client.ts';
import { createAutosave, type SaveResult, type SaveStatus, type StoredVersion } from './autosave.ts';
import type { ApplicationDraft } from './draft.ts';
import { pickDraft, type ServerDraft } from './draft-merge.ts';
import { readLocalDraft, writeLocalDraft } from './local-draft.ts';

const DELAY_MS = 800;

async function send(draft: ApplicationDraft): Promise<SaveResult> {
  const result = await callApi<{ id: string; saved_at: string; version: number }>(
    '/api/applications/draft',
    'POST',
    draft,
    { quiet: true },
  );
  if (result.ok) return { ok: true, id: result.id, savedAt: result.saved_at, version: result.version };
  if (result.offline) return { ok: false, reason: 'offline' };
  if (result.status === 401) return { ok: false, reason: 'signed-out' };
  const current = (result as { current?: StoredVersion }).current;
  if (result.status === 409 && current)
    return { ok: false, reason: 'conflict', message: result.message, current };
  return { ok: false, reason: 'error', message: result.message, retryable: result.status >= 500 };
}

/** The draft as the server stores it now, or the reason it could not be read. */
async function fetchStored(id: string): Promise<{ draft: ServerDraft } | { message: string }> {
  const result = await callApi<{ draft: ServerDraft }>(`/api/applications/draft?id=${id}`, 'GET');
  return result.ok ? { draft: result.draft } : { message: result.message };
}

function rememberInUrl(id: string): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get('draft') === id) return;
  url.searchParams.set('draft', id);
  url.searchParams.delete('course');
  history.replaceState(history.state, '', url);
}

/**
 * The draft being edited and its save state. On first render it is the server's copy (or the
 * profile prefill); once mounted, a newer copy kept in this browser takes over and is synced. When
 * a save is refused because the draft changed elsewhere, `loadSaved` replaces what is on screen
 * with the stored version and `keepMine` saves what is on screen over it.
 */
export function useDraftAutosave(userId: string, initial: ApplicationDraft, server: ServerDraft | null) {
  const [draft, setDraft] = useState(initial);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const draftRef = useRef(draft);
  const replace = useCallback((next: ApplicationDraft) => {
    draftRef.current = next;
    setDraft(next);
  }, []);
  const saver = useMemo(
    () =>
      createAutosave({
        delay: DELAY_MS,
        keepLocal: (value) => writeLocalDraft(userId, value),
        send,
        onStatus: setStatus,
        onSaved: (id, version) => {
          rememberInUrl(id);
          replace({ ...draftRef.current, id, version });
        },
      }),
    [userId, replace],
  );

  const commit = useCallback(
    (next: ApplicationDraft) => {
      replace(next);
      if (next.course_id && next.intake_id) saver.change(next);
      else {
        writeLocalDraft(userId, next);
        setStatus({ kind: 'local' });
      }
    },
    [saver, userId, replace],
  );

  const update = useCallback(
    (change: (current: ApplicationDraft) => Partial<ApplicationDraft>) =>
      commit({ ...draftRef.current, ...change(draftRef.current), changed_at: new Date().toISOString() }),
    [commit],
  );

  const resolve = useCallback(
    async (choice: 'load' | 'keep', id: string): Promise<string | null> => {
      const stored = await fetchStored(id);
      if ('message' in stored) return stored.message;
      const base = { id: stored.draft.id, version: stored.draft.version };
      rememberInUrl(base.id);
      if (choice === 'keep') {
        const mine = { ...draftRef.current, ...base, changed_at: new Date().toISOString() };
        replace(mine);
        await saver.resume(base, mine);
        return null;
      }
      replace(stored.draft);
      writeLocalDraft(userId, stored.draft);
      await saver.resume(base);
      setStatus({ kind: 'saved', at: stored.draft.updated_at });
      return null;
    },
    [saver, userId, replace],
  );

  useEffect(() => {
    const local = readLocalDraft(userId, server?.id ?? null);
    const sameCourse = !local || server || local.course_id === initial.course_id;
    const picked = sameCourse ? pickDraft(local, server) : { source: 'server' as const, draft: null };
    if (picked.source === 'local' && picked.draft) commit(picked.draft);
    const retry = () => void saver.flush();
    const onHide = () => document.visibilityState === 'hidden' && retry();
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', onHide);
    };
    // Runs once per page load: it reconciles the copies the page started with.
  }, []);

  return {
    draft,
    status,
    update,
    flush: saver.flush,
    loadSaved: (id: string) => resolve('load', id),
    keepMine: (id: string) => resolve('keep', id),
  };
}
