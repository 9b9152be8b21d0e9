import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { containsLike } from '../search-pattern.ts';
import type { AuditEntry } from './audit-entry.ts';
import { AUDIT_PAGE_SIZE, timeBounds, type AuditQuery } from './audit-query.ts';

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
}

const rowSchema = z.object({
  id: z.coerce.number(),
  actor: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});

/** One page of the audit log, newest first; RLS shows it to administrators only. Null when unreadable. */
export async function listAudit(supabase: SupabaseClient, query: AuditQuery): Promise<AuditPage | null> {
  let request = supabase
    .from('audit_log')
    .select('id, actor, actor_email, action, entity, entity_id, before, after, created_at', {
      count: 'exact',
    })
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (query.entity) request = request.eq('entity', query.entity);
  const actor = containsLike(query.actor);
  if (actor) request = request.ilike('actor_email', actor);
  const { since, before } = timeBounds(query);
  if (since) request = request.gte('created_at', since);
  if (before) request = request.lt('created_at', before);
  const first = (query.page - 1) * AUDIT_PAGE_SIZE;
  const { data, count, error } = await request.range(first, first + AUDIT_PAGE_SIZE - 1);
  // A page past the end is "range not satisfiable" to PostgREST: an empty page, not a failure.
  if (error?.code === 'PGRST103') return { entries: [], total: count ?? 0 };
  const rows = z.array(rowSchema).safeParse(data);
  if (error || !rows.success) {
    console.error('Reading the audit log failed', error?.message ?? 'bad shape');
    return null;
  }
  return {
    total: count ?? rows.data.length,
    entries: rows.data.map((row) => ({
      id: row.id,
      actor: row.actor,
      actorEmail: row.actor_email,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      before: row.before,
      after: row.after,
      createdAt: row.created_at,
    })),
  };
}
