import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfFor, sessionCookies, startFuzzApp, type FuzzApp } from '../security/app-harness.ts';
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
  const cookie = await sessionCookies(fuzz.stack, email);
  const service = clientFor(fuzz.stack, fuzz.stack.serviceRoleKey);
  const { data } = await service.auth.admin.listUsers();
  const id = data.users.find((user) => user.email === email)?.id;
  await service.from('user_roles').insert({ user_id: id, role: 'counsellor' });
  staff = await csrfFor(fuzz.app.url, cookie);
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
