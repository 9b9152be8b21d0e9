import { describe, expect, it } from 'vitest';
import type { JwtPayload } from '@supabase/supabase-js';
import { isAdmin, isStaff, rolesOf, toSessionUser } from '../../../src/lib/auth/session-user.ts';

const claims = (extra: Record<string, unknown> = {}): JwtPayload =>
  ({
    iss: 'http://127.0.0.1:54321/auth/v1',
    sub: '8ccaa7af-909f-44e7-84cb-67cdccb56be6',
    aud: 'authenticated',
    exp: 1_800_000_000,
    iat: 1_799_996_400,
    role: 'authenticated',
    aal: 'aal1',
    session_id: '4b938a09-5372-4177-a314-cfa292099ea2',
    email: 'priya@unipath.test',
    amr: [{ method: 'password', timestamp: 1_799_996_400 }],
    ...extra,
  }) as JwtPayload;

describe('the session user', () => {
  it('takes staff roles from the app_roles claim, with no database round trip', () => {
    const user = toSessionUser(claims({ app_roles: ['admin', 'counsellor'] }));
    expect(user).toEqual({
      id: '8ccaa7af-909f-44e7-84cb-67cdccb56be6',
      email: 'priya@unipath.test',
      aal: 'aal1',
      methods: ['password'],
      roles: ['admin', 'counsellor'],
    });
    expect(isAdmin(user)).toBe(true);
  });

  it('holds no role when the claim is missing, empty or malformed', () => {
    for (const extra of [{}, { app_roles: [] }, { app_roles: 'admin' }, { app_roles: { admin: true } }]) {
      const user = toSessionUser(claims(extra));
      expect(user.roles).toEqual([]);
      expect(isStaff(user)).toBe(false);
    }
    expect(rolesOf(claims({ app_roles: ['counsellor', 7, null] }))).toEqual(['counsellor']);
  });

  it('never reads roles from user or app metadata', () => {
    const user = toSessionUser(
      claims({ user_metadata: { roles: ['admin'] }, app_metadata: { role: 'admin', roles: ['admin'] } }),
    );
    expect(user.roles).toEqual([]);
  });
});
