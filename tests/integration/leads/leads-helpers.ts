import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor } from '../../helpers/stack.ts';

/** A signed-in supabase-js client for a new confirmed user, optionally holding staff roles. */
export async function signedInClient(stack: RunningStack, roles: string[] = []): Promise<SupabaseClient> {
  const email = `${randomUUID().slice(0, 8)}@example.test`;
  const password = 'a-long-test-passphrase-42';
  const admin = clientFor(stack, stack.serviceRoleKey);
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  for (const role of roles)
    await stack.db.query('insert into public.user_roles (user_id, role) values ($1, $2)', [
      created.data.user.id,
      role,
    ]);
  const client = clientFor(stack);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  return client;
}

export interface StoredLead {
  id: string;
  name: string | null;
  email: string | null;
  status: string;
  source: string;
  assignee: string | null;
  notes: string | null;
  submit_count: number;
  consent_email: boolean;
  consent_phone: boolean;
  consent_whatsapp: boolean;
  message: string | null;
}

/** Every stored lead, read past RLS the way only the database owner can. */
export async function allLeads(stack: RunningStack): Promise<StoredLead[]> {
  const result = await stack.db.query<StoredLead>('select * from public.leads order by created_at');
  return result.rows;
}

export function basicLead(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Amara Okafor',
    email: `amara.${randomUUID().slice(0, 8)}@example.test`,
    source: 'lead_form',
    page_path: '/',
    ...overrides,
  };
}
