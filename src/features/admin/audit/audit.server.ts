import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { AuditEntry } from './audit-entry.ts';
import { AUDIT_PAGE_SIZE, timeBounds, type AuditQuery } from './audit-query.ts';
import { withoutNulls } from '../../../lib/supabase/rpc-args.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
}

/** Someone the log names as having acted, for the person filter. */
export interface AuditPerson {
  id: string;
  name: string;
  email: string | null;
}

const rowSchema = z.object({
  id: z.coerce.number(),
  created_at: z.string(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  entity_label: z.string().nullable(),
  application_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  total: z.coerce.number().nullable(),
});
const peopleSchema = z.array(z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }));

function toEntry(row: z.infer<typeof rowSchema>): AuditEntry {
  return {
    id: row.id,
    actorName: row.actor_name,
    actorEmail: row.actor_email,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    entityLabel: row.entity_label,
    applicationId: row.application_id,
    before: row.before,
    after: row.after,
    createdAt: row.created_at,
  };
}

/** The filters of the view as audit_entries() takes them. */
function filterArgs(query: AuditQuery) {
  const { since, before } = timeBounds(query);
  return {
    entity_filter: query.entity || null,
    person: query.person || null,
    search: query.q || null,
    since: since ?? null,
    until: before ?? null,
  };
}

/** One page of the log, newest first, labelled by the database (administrators only). Null when unreadable. */
export async function listAudit(
  supabase: SupabaseClient<Database>,
  query: AuditQuery,
): Promise<AuditPage | null> {
  const { data, error } = await supabase.rpc(
    'audit_entries',
    withoutNulls({
      ...filterArgs(query),
      page_size: AUDIT_PAGE_SIZE,
      page_offset: (query.page - 1) * AUDIT_PAGE_SIZE,
    }),
  );
  const rows = z.array(rowSchema).safeParse(data);
  if (error || !rows.success) {
    console.error('Reading the audit log failed', error?.message ?? 'bad shape');
    return null;
  }
  return { entries: rows.data.map(toEntry), total: rows.data[0]?.total ?? 0 };
}

/**
 * Up to `size` entries of the view older than the entry `after` (from the newest when null), for an
 * export that reads the whole log page by page while new entries keep arriving. Throws when unreadable.
 */
export async function readAuditBatch(
  supabase: SupabaseClient<Database>,
  query: AuditQuery,
  after: number | null,
  size: number,
): Promise<AuditEntry[]> {
  const { data, error } = await supabase.rpc(
    'audit_entries',
    withoutNulls({
      ...filterArgs(query),
      page_size: size,
      ...(after === null ? { page_offset: 0 } : { after_entry: after }),
    }),
  );
  const rows = z.array(rowSchema).safeParse(data);
  if (error || !rows.success) throw new Error(`audit_entries failed: ${error?.message ?? 'bad shape'}`);
  return rows.data.map(toEntry);
}

/** Everyone who has acted, by name; an empty list when it cannot be read (the filter then offers no one). */
export async function listAuditPeople(supabase: SupabaseClient<Database>): Promise<AuditPerson[]> {
  const { data, error } = await supabase.rpc('audit_people');
  const people = peopleSchema.safeParse(data);
  if (error || !people.success) {
    console.error('Reading the people in the audit log failed', error?.message ?? 'bad shape');
    return [];
  }
  return people.data;
}
