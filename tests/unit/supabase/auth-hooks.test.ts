import { describe, expect, it } from 'vitest';
import { parseHookUri, readHook } from '../../../supabase/local/auth/hooks.ts';
import { claimProblems } from '../../../supabase/local/auth/token-claims.ts';

const claims = {
  aud: 'authenticated',
  exp: 1_800_000_000,
  iat: 1_799_996_400,
  sub: '8ccaa7af-909f-44e7-84cb-67cdccb56be6',
  email: '',
  phone: '',
  role: 'authenticated',
  aal: 'aal1',
  session_id: '4b938a09-5372-4177-a314-cfa292099ea2',
  is_anonymous: false,
};

describe('[auth.hook.custom_access_token]', () => {
  it('names a Postgres function by schema and name, quoted', () => {
    const uri = 'pg-functions://postgres/public/custom_access_token_hook';
    expect(parseHookUri(uri)).toEqual({ uri, sqlName: '"public"."custom_access_token_hook"' });
  });

  it('refuses HTTP hooks and names that are not plain identifiers', () => {
    expect(() => parseHookUri('https://example.com/hook')).toThrow(/pg-functions/);
    expect(() => parseHookUri('pg-functions://postgres/public/x;drop table y')).toThrow();
    expect(() => parseHookUri('pg-functions://postgres/hook')).toThrow();
  });

  it('is off unless enabled with a uri', () => {
    const hook = (section: Record<string, unknown>) =>
      readHook({ auth: { hook: { custom_access_token: section } } }, 'custom_access_token');
    expect(hook({ uri: 'pg-functions://postgres/public/f' })).toBeNull();
    expect(hook({ enabled: true })).toBeNull();
    expect(hook({ enabled: true, uri: 'pg-functions://postgres/public/f' })?.sqlName).toBe('"public"."f"');
  });
});

describe('the claims a hook returns', () => {
  it('pass with the required claims and any claims of the project’s own', () => {
    expect(claimProblems({ ...claims, app_roles: ['admin'], amr: ['password'] })).toEqual([]);
    expect(claimProblems({ ...claims, aud: ['authenticated', 'other'] })).toEqual([]);
  });

  it('fail without a required claim or with a claim of the wrong type', () => {
    const { session_id: _dropped, ...withoutSession } = claims;
    expect(claimProblems(withoutSession)).toEqual(['session_id is required']);
    expect(claimProblems({ ...claims, exp: 1.5, app_metadata: [], amr: [1] })).toEqual([
      'exp must be an integer',
      'app_metadata must be an object',
      'amr must be an array of strings or objects',
    ]);
  });
});
