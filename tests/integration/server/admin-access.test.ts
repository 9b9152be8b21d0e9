import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csrfFor,
  PASSWORD,
  refreshedCookies,
  sessionCookies,
  startFuzzApp,
  type FuzzApp,
} from '../security/app-harness.ts';
import { clientFor } from '../../helpers/stack.ts';

let fuzz: FuzzApp;
let staff: { cookie: string; csrf: string };

const get = (path: string, cookie: string) =>
  fetch(new URL(path, fuzz.app.url), { headers: { cookie }, redirect: 'manual' });

const postToken = (session: { cookie: string; csrf: string }, token: string, csrf = session.csrf) =>
  fetch(new URL('/setup-admin', fuzz.app.url), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: session.cookie,
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(fuzz.app.url).origin,
    },
    body: new URLSearchParams({ csrf_token: csrf, token }),
  });

beforeAll(async () => {
  fuzz = await startFuzzApp();
  const email = `counsellor-${Date.now()}@example.com`;
  staff = await csrfFor(fuzz.app.url, await sessionCookies(fuzz.stack, email, 'counsellor'));
}, 120_000);

afterAll(async () => {
  delete process.env['STAFF_MFA_REQUIRED'];
  delete process.env['SETUP_ADMIN_TOKEN'];
  delete process.env['SETUP_RATE_LIMIT'];
  await fuzz.close();
});

describe('admin areas', () => {
  it('answer 404 to visitors and applicants, whatever the path', async () => {
    for (const path of ['/admin', '/admin/users', '/admin-intake']) {
      expect((await get(path, fuzz.anonymous.cookie)).status).toBe(404);
      expect((await get(path, fuzz.signedIn.cookie)).status).toBe(404);
    }
  });

  it('open to staff, and send staff without a second factor to set one up when MFA is mandatory', async () => {
    expect((await get('/admin', staff.cookie)).status).toBe(200);
    process.env['STAFF_MFA_REQUIRED'] = 'true';
    const refused = await get('/admin', staff.cookie);
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/profile#security');
    expect(await refused.text()).not.toContain('Admissions overview');
    delete process.env['STAFF_MFA_REQUIRED'];
    expect((await get('/admin', staff.cookie)).status).toBe(200);
  });

  it('keep counsellors out of the administrator-only screens', async () => {
    for (const path of ['/admin/users', '/admin/audit', '/admin/catalogue']) {
      expect((await get(path, staff.cookie)).status).toBe(404);
    }
  });
});

describe('staff roles', () => {
  it('come from the token: a staff page renders without a user_roles request', async () => {
    const requests: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      requests.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return original(input, init);
    };
    try {
      expect((await get('/admin', staff.cookie)).status).toBe(200);
    } finally {
      globalThis.fetch = original;
    }
    expect(requests.some((path) => path.startsWith('/rest/v1/'))).toBe(true);
    expect(requests.filter((path) => path.startsWith('/rest/v1/user_roles'))).toEqual([]);
  });

  it('once revoked, open no staff data at once and no admin page after the next refresh', async () => {
    const email = `leaving-${Date.now()}@example.com`;
    const cookie = await sessionCookies(fuzz.stack, email, 'counsellor');
    const client = clientFor(fuzz.stack);
    const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    const service = clientFor(fuzz.stack, fuzz.stack.serviceRoleKey);
    const seen = async () => (await client.from('applications').select('id')).data?.length;
    expect(await seen()).toBeGreaterThan(0);

    await service
      .from('user_roles')
      .delete()
      .eq('user_id', signedIn.data.user?.id ?? '');
    // The tokens still name the role; the database reads the table and refuses.
    expect(await seen()).toBe(0);
    expect((await client.rpc('staff_directory')).error?.code).toBe('42501');
    expect((await get('/admin', cookie)).status).toBe(200);

    expect((await get('/admin', await refreshedCookies(fuzz.stack, cookie))).status).toBe(404);
  });
});

/** Every admin page that takes no id, as the admin console links them. */
const ADMIN_PAGES = [
  '/admin',
  '/admin/applications',
  '/admin/decisions',
  '/admin/leads',
  '/admin/leads/export.csv',
  '/admin/reports',
  '/admin/reports/export.csv?table=funnel',
  '/admin/reports/export.xlsx',
  '/admin/catalogue',
  '/admin/catalogue/scholarships',
  '/admin/catalogue/living-costs',
  '/admin/users',
  '/admin/audit',
  '/admin/audit/export.csv',
  '/admin/notifications',
  '/admin/mail',
  '/admin/reasons',
  '/admin/templates',
  '/admin-intake',
  '/admin-intake/triage',
];

describe('a revoked administrator, until their token is refreshed', () => {
  it('gets every admin page without a server error, and no staff data on any', async () => {
    const email = `revoked-admin-${Date.now()}@example.com`;
    const cookie = await sessionCookies(fuzz.stack, email, 'admin');
    const service = clientFor(fuzz.stack, fuzz.stack.serviceRoleKey);
    const listed = await service.auth.admin.listUsers({ perPage: 1000 });
    const id = listed.data.users.find((user) => user.email === email)?.id ?? '';
    await service.from('user_roles').delete().eq('user_id', id);
    const answers = await Promise.all(
      ADMIN_PAGES.map(async (path) => {
        const response = await get(path, cookie);
        return { path, status: response.status, body: await response.text() };
      }),
    );
    expect(answers.filter((answer) => answer.status >= 500).map((answer) => answer.path)).toEqual([]);
    for (const answer of answers) expect(answer.body, answer.path).not.toContain('fuzz-');
  });
});

describe('/setup-admin', () => {
  beforeAll(() => {
    process.env['SETUP_ADMIN_TOKEN'] = 'the-right-setup-token-2026';
    process.env['SETUP_RATE_LIMIT'] = '3';
  });

  it('grants nothing once an administrator exists, even with the right token', async () => {
    const service = clientFor(fuzz.stack, fuzz.stack.serviceRoleKey);
    const admins = async () => (await service.from('user_roles').select('user_id').eq('role', 'admin')).data;
    const before = await admins();
    const answer = await postToken(staff, 'the-right-setup-token-2026');
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Setup is complete');
    expect(await admins()).toEqual(before);
    expect((await get('/admin/users', staff.cookie)).status).toBe(404);
  });

  it('refuses a post without the CSRF token and a wrong token, and limits attempts with 429', async () => {
    expect((await postToken(fuzz.signedIn, 'the-right-setup-token-2026', 'f'.repeat(64))).status).toBe(403);
    const wrong = await postToken(fuzz.signedIn, 'a-wrong-token');
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('That setup token is not correct.');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await postToken(fuzz.signedIn, 'a-wrong-token')).status);
    }
    expect(statuses).toEqual([422, 429, 429]);
  });
});
