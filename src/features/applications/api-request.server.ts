import type { APIContext } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { json } from '../../lib/json-api.server.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

export interface Caller {
  userId: string;
  supabase: SupabaseClient<Database>;
}

/** The signed-in caller of an applications endpoint, or the 401 a lapsed session gets. */
export function callerOf(context: APIContext): Caller | Response {
  const { user, supabase } = context.locals;
  if (!user || !supabase) {
    return json({ ok: false, status: 401, message: 'Your session has ended. Please sign in again.' }, 401);
  }
  return { userId: user.id, supabase };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function applicationIdOf(context: APIContext): string | null {
  const id = context.params['id'] ?? '';
  return UUID.test(id) ? id : null;
}

/** A database error as the applicant may read it: RPC messages are written for them, others are not. */
export function readableError(error: { code?: string; message: string }): string {
  if (error.code === 'P0001' || error.code === '22023') return error.message;
  if (error.code === '42501') return 'You cannot change this application.';
  return 'Something went wrong. Please try again.';
}
