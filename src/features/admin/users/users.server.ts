import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { USERS_PAGE_SIZE, type UsersQuery } from './users-query.ts';
import { withoutNulls } from '../../../lib/supabase/rpc-args.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

export interface Account {
  id: string;
  email: string;
  /** The name on their profile, or null when they have not given one. */
  name: string | null;
  createdAt: string;
  lastSignInAt: string | null;
  roles: string[];
}

export interface AccountPage {
  accounts: Account[];
  total: number;
  /** How many administrators exist, so the only one is not offered for removal. */
  adminCount: number;
}

const rowSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  roles: z.array(z.string()).nullable(),
  total: z.coerce.number(),
});
const staffSchema = z.array(z.object({ roles: z.array(z.string()).nullable() }));

/** One page of accounts (staff first, then newest), or null when the list could not be read. */
export async function listAccounts(
  supabase: SupabaseClient<Database>,
  query: UsersQuery,
): Promise<AccountPage | null> {
  const [users, staff] = await Promise.all([
    supabase.rpc(
      'admin_list_users',
      withoutNulls({
        search: query.search || null,
        page_size: USERS_PAGE_SIZE,
        page_offset: (query.page - 1) * USERS_PAGE_SIZE,
      }),
    ),
    supabase.rpc('staff_directory'),
  ]);
  const rows = z.array(rowSchema).safeParse(users.data);
  const team = staffSchema.safeParse(staff.data);
  if (users.error || staff.error || !rows.success || !team.success) {
    console.error('Listing accounts failed', users.error?.message ?? staff.error?.message ?? 'bad shape');
    return null;
  }
  return {
    accounts: rows.data.map((row) => ({
      id: row.id,
      email: row.email ?? '',
      name: row.full_name,
      createdAt: row.created_at,
      lastSignInAt: row.last_sign_in_at,
      roles: row.roles ?? [],
    })),
    total: rows.data[0]?.total ?? 0,
    adminCount: team.data.filter((member) => member.roles?.includes('admin')).length,
  };
}
