import { describe, expect, it, vi } from 'vitest';
import type { Factor, User } from '@supabase/supabase-js';
import type { SessionUser } from '../../../src/lib/auth/session-user.ts';

// The virtual module only exists inside an Astro build; the helper itself is the identity function.
vi.mock('astro:middleware', () => ({ defineMiddleware: <T>(handler: T) => handler }));
vi.mock('astro:env/server', () => ({ getSecret: (name: string) => process.env[name] }));

const { guards } = await import('../../../src/lib/security/guards.ts');

type Handler = (context: unknown, next: () => Promise<Response>) => Promise<Response>;
const guard = guards as unknown as Handler;

interface Visitor {
  session: SessionUser | null;
  factors?: Factor['status'][];
  /** The auth server no longer knows the session (signed out elsewhere, deleted user). */
  revoked?: boolean;
}

function visitor(roles: string[], aal: SessionUser['aal'], factors: Factor['status'][] = []): Visitor {
  return {
    session: { id: 'user-1', email: 'someone@example.com', aal, methods: ['password'], roles },
    factors,
  };
}

/** Where the last refused visit was sent, if it was redirected. */
let lastLocation: string | null = null;

async function visit(path: string, who: Visitor): Promise<{ status: number; passed: boolean }> {
  const user = { id: 'user-1', factors: (who.factors ?? []).map((status) => ({ status })) } as User;
  const getUser = vi.fn(async () =>
    who.revoked
      ? { data: { user: null }, error: { message: 'Session not found' } }
      : { data: { user }, error: null },
  );
  const context = {
    isPrerendered: false,
    url: new URL(path, 'https://unipath.test'),
    request: new Request(new URL(path, 'https://unipath.test')),
    locals: { user: who.session, supabase: { auth: { getUser } }, flash: [] },
    cookies: { set: vi.fn(), delete: vi.fn() },
    redirect: (location: string, status: number) => new Response(null, { status, headers: { location } }),
  };
  const next = vi.fn(async () => new Response('the page', { status: 200 }));
  const response = await guard(context, next);
  lastLocation = response.headers.get('location');
  return { status: response.status, passed: next.mock.calls.length === 1 };
}

const ADMIN_PATHS = ['/admin', '/admin-intake', '/admin/universities/42'];

describe('the admin area guard', () => {
  it.each(ADMIN_PATHS)('hides %s from anonymous visitors behind a 404', async (path) => {
    expect(await visit(path, { session: null })).toEqual({ status: 404, passed: false });
  });

  it.each(ADMIN_PATHS)('hides %s from a signed-in applicant, even at aal2', async (path) => {
    expect(await visit(path, visitor([], 'aal1'))).toEqual({ status: 404, passed: false });
    expect(await visit(path, visitor(['applicant'], 'aal2', ['verified']))).toEqual({
      status: 404,
      passed: false,
    });
  });

  it.each(ADMIN_PATHS)(
    'sends staff with a verified authenticator from %s to the second step at aal1',
    async (path) => {
      for (const roles of [['admin'], ['counsellor']]) {
        expect(await visit(path, visitor(roles, 'aal1', ['verified']))).toEqual({
          status: 303,
          passed: false,
        });
        expect(lastLocation).toBe(`/auth?view=mfa&next=${encodeURIComponent(path)}`);
      }
    },
  );

  it.each(ADMIN_PATHS)(
    'sends staff without an authenticator from %s to set one up when MFA is mandatory',
    async (path) => {
      process.env['STAFF_MFA_REQUIRED'] = 'true';
      try {
        expect(await visit(path, visitor(['counsellor'], 'aal1'))).toEqual({ status: 303, passed: false });
        expect(lastLocation).toBe('/profile#security');
        expect(await visit(path, visitor(['admin'], 'aal2', ['verified']))).toEqual({
          status: 200,
          passed: true,
        });
      } finally {
        delete process.env['STAFF_MFA_REQUIRED'];
      }
    },
  );

  it.each(ADMIN_PATHS)('lets an admin with no verified authenticator into %s at aal1', async (path) => {
    expect(await visit(path, visitor(['admin'], 'aal1'))).toEqual({ status: 200, passed: true });
    expect(await visit(path, visitor(['admin'], 'aal1', ['unverified']))).toEqual({
      status: 200,
      passed: true,
    });
  });

  it.each(ADMIN_PATHS)('lets an admin who finished the second step into %s', async (path) => {
    expect(await visit(path, visitor(['admin'], 'aal2', ['verified']))).toEqual({
      status: 200,
      passed: true,
    });
  });

  it('hides the admin area from an admin whose session the auth server has revoked', async () => {
    const revoked = { ...visitor(['admin'], 'aal2', ['verified']), revoked: true };
    expect(await visit('/admin', revoked)).toEqual({ status: 404, passed: false });
  });

  it('does not mistake look-alike public paths for the admin area', async () => {
    expect(await visit('/administration-fees', { session: null })).toEqual({ status: 200, passed: true });
  });
});
