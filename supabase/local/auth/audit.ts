import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { UserRow } from './users.ts';

/** Records an event in auth.audit_log_entries, with GoTrue's payload fields. */
export async function audit(
  db: Queryable,
  action: string,
  actor: Pick<UserRow, 'id' | 'email' | 'phone'> | null,
  ip: string,
  traits: Record<string, unknown> = {},
  logType = 'account',
): Promise<void> {
  const payload = {
    actor_id: actor?.id ?? '00000000-0000-0000-0000-000000000000',
    actor_username: actor?.email || actor?.phone || '',
    actor_via_sso: false,
    log_type: logType,
    action,
    traits,
  };
  await db.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, now(), $3)`,
    [randomUUID(), JSON.stringify(payload), ip.slice(0, 64)],
  );
}
