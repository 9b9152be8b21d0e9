import { describe, expect, it } from 'vitest';
import { roleActions } from '../../../src/features/admin/users/role-actions.ts';
import { roleChangeSchema } from '../../../src/features/admin/users/role-change-schema.ts';
import {
  parseUsersQuery,
  usersHref,
  usersQueryString,
} from '../../../src/features/admin/users/users-query.ts';

const ME = '00000000-0000-4000-8000-000000000001';
const THEM = '00000000-0000-4000-8000-000000000002';
const summary = (actions: ReturnType<typeof roleActions>) =>
  actions.map((action) => `${action.grant ? 'grant' : 'revoke'} ${action.role}`);

describe('roleActions', () => {
  it('offers to grant each role an account lacks and nothing else', () => {
    expect(summary(roleActions({ id: THEM, roles: [] }, ME, 2))).toEqual(['grant admin', 'grant counsellor']);
    expect(summary(roleActions({ id: THEM, roles: ['counsellor'] }, ME, 2))).toEqual([
      'grant admin',
      'revoke counsellor',
      'grant reader',
    ]);
  });

  it('offers the reader role to members of staff only, and warns where their open reads go', () => {
    expect(summary(roleActions({ id: THEM, roles: [] }, ME, 2))).not.toContain('grant reader');
    const reader = roleActions({ id: THEM, roles: ['counsellor', 'reader'] }, ME, 2);
    expect(summary(reader)).toEqual(['grant admin', 'revoke counsellor', 'revoke reader']);
    expect(reader[2]?.warning).toMatch(/reads not yet sent go to other readers/);
    expect(reader[1]?.warning).toMatch(/lose access to the admin console/);
  });

  it('never offers to remove the only administrator', () => {
    expect(summary(roleActions({ id: ME, roles: ['admin'] }, ME, 1))).toEqual([
      'grant counsellor',
      'grant reader',
    ]);
    expect(summary(roleActions({ id: ME, roles: ['admin'] }, ME, 2))).toEqual([
      'revoke admin',
      'grant counsellor',
      'grant reader',
    ]);
  });

  it('warns before a revocation what the account loses', () => {
    const [revokeOwn] = roleActions({ id: ME, roles: ['admin'] }, ME, 3);
    expect(revokeOwn?.warning).toMatch(/^You lose access to the admin console/);
    const both = roleActions({ id: THEM, roles: ['admin', 'counsellor'] }, ME, 3);
    expect(both.map((action) => action.warning)).toEqual([
      'They lose the catalogue, users and roles, and the audit log, and keep counsellor access.',
      'They keep the administrator role and everything it allows.',
      undefined,
    ]);
    expect(roleActions({ id: THEM, roles: ['counsellor'] }, ME, 3)[1]?.warning).toMatch(/return to the pool/);
  });
});

describe('the users list query', () => {
  it('reads the search and page from the URL and writes them back', () => {
    const query = parseUsersQuery(new URLSearchParams('q=%20ann@%20&page=3'));
    expect(query).toEqual({ search: 'ann@', page: 3 });
    expect(usersQueryString(query)).toBe('q=ann%40');
    expect(usersQueryString(query, 2)).toBe('q=ann%40&page=2');
    expect(usersHref(query, 2)).toBe('/admin/users?q=ann%40&page=2');
    expect(usersHref({ search: '', page: 4 })).toBe('/admin/users');
    expect(parseUsersQuery(new URLSearchParams('page=0')).page).toBe(1);
    expect(parseUsersQuery(new URLSearchParams('page=1e9')).page).toBe(1);
  });
});

describe('roleChangeSchema', () => {
  it('accepts a staff role change and nothing else', () => {
    const base = { user_id: THEM, role: 'counsellor', grant: 'true' };
    expect(roleChangeSchema.safeParse(base).success).toBe(true);
    expect(roleChangeSchema.safeParse({ ...base, role: 'owner' }).success).toBe(false);
    expect(roleChangeSchema.safeParse({ ...base, grant: 'yes' }).success).toBe(false);
    expect(roleChangeSchema.safeParse({ ...base, user_id: 'me' }).success).toBe(false);
  });
});
