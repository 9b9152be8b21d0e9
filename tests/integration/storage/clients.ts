import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RunningStack } from '../../../supabase/local/server.ts';

/** A supabase-js client acting as a signed-in user whose token the stack signed directly. */
export async function userClient(stack: RunningStack, sub: string): Promise<SupabaseClient> {
  const token = await stack.signToken({ sub, email: `${sub.slice(0, 8)}@example.com` });
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

/** The smallest files of each kind the content checks know. */
export const samples = {
  pdf: () => new Blob(['%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'], { type: 'application/pdf' }),
  png: () =>
    new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48])], {
      type: 'image/png',
    }),
  html: (type: string) => new Blob(['<!doctype html><script>alert(1)</script>'], { type }),
};
