import { createServerClient } from '@supabase/ssr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { followLink, lastMail, linkIn, signedInUser, startAuthStack, strongPassword } from './harness.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startAuthStack();
});
afterAll(() => stack.stop());

/** A server client over a cookie jar, as an SSR request handler would build one per request. */
function serverClient(jar: Map<string, string>) {
  return createServerClient(stack.url, stack.anonKey, {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => {
        for (const { name, value } of cookies) {
          if (value) jar.set(name, value);
          else jar.delete(name);
        }
      },
    },
  });
}

describe('@supabase/ssr against the local auth API', () => {
  it('keeps the session in the sb-127-auth-token cookie and reads it on the next request', async () => {
    const { email } = await signedInUser(stack);
    const jar = new Map<string, string>();
    const { error } = await serverClient(jar).auth.signInWithPassword({ email, password: strongPassword });
    expect(error).toBeNull();
    expect(jar.get('sb-127-auth-token')).toMatch(/^base64-/);
    const next = serverClient(jar);
    const { data } = await next.auth.getUser();
    expect(data.user?.email).toBe(email);
    const claims = await next.auth.getClaims();
    expect(claims.data?.claims.email).toBe(email);
    await next.auth.signOut();
    expect(jar.has('sb-127-auth-token')).toBe(false);
  });

  it('completes a PKCE magic link with the verifier kept in a cookie', async () => {
    const { email } = await signedInUser(stack);
    const jar = new Map<string, string>();
    await serverClient(jar).auth.signInWithOtp({
      email,
      options: { emailRedirectTo: 'http://localhost:4321/auth/confirm' },
    });
    expect([...jar.keys()].some((name) => name.startsWith('sb-127-auth-token-code-verifier'))).toBe(true);
    const location = await followLink(linkIn(await lastMail(stack, email, 'magic_link')));
    const code = location.searchParams.get('code') ?? '';
    const callback = serverClient(jar);
    const { data, error } = await callback.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect((await serverClient(jar).auth.getUser()).data.user?.email).toBe(email);
  });
});
