import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfFor, sessionCookies, startFuzzApp, type FuzzApp } from '../security/app-harness.ts';
import { clientFor } from '../../helpers/stack.ts';

/**
 * The choices settings as an administrator's browser without JavaScript uses them, on the built
 * server: the number of choices per application, and the universities a counsellor decides for.
 */

let fuzz: FuzzApp;
let counsellor: { cookie: string; csrf: string; id: string; email: string };

const origin = () => new URL(fuzz.app.url).origin;

function post(
  path: string,
  fields: Record<string, string>,
  as: { cookie: string; csrf: string } = fuzz.admin,
) {
  return fetch(new URL(path, fuzz.app.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: as.cookie, origin: origin(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf_token: as.csrf, ...fields }),
  });
}

/** The `<input>` element named `name` of a page, as its markup. */
const inputNamed = (html: string, name: string) =>
  html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? '';

const get = (path: string, as: { cookie: string } = fuzz.admin) =>
  fetch(new URL(path, fuzz.app.url), { headers: { cookie: as.cookie }, redirect: 'manual' });

async function maxChoices(): Promise<number | undefined> {
  const { rows } = await fuzz.stack.db.query<{ max_choices: number }>(
    'select max_choices from public.admissions_settings',
  );
  return rows[0]?.max_choices;
}

async function given(memberId: string): Promise<string[]> {
  const { rows } = await fuzz.stack.db.query<{ name: string }>(
    `select u.name from public.staff_universities s join public.universities u on u.id = s.university_id
     where s.user_id = $1 order by u.name`,
    [memberId],
  );
  return rows.map((row) => row.name);
}

beforeAll(async () => {
  fuzz = await startFuzzApp();
  const email = `office-${Date.now()}@example.com`;
  const session = await csrfFor(fuzz.app.url, await sessionCookies(fuzz.stack, email, 'counsellor'));
  const { data } = await clientFor(fuzz.stack, fuzz.stack.serviceRoleKey).auth.admin.listUsers({
    perPage: 1000,
  });
  const id = data.users.find((user) => user.email === email)?.id ?? '';
  counsellor = { ...session, id, email };
}, 120_000);

afterAll(async () => {
  await fuzz.close();
});

describe('the choices settings', () => {
  it('are for administrators only: counsellors and applicants get 404', async () => {
    for (const path of ['/admin/choices', `/admin/choices/counsellors/${counsellor.id}`]) {
      expect((await get(path, counsellor)).status).toBe(404);
      expect((await get(path, fuzz.signedIn)).status).toBe(404);
    }
    expect(
      (await post('/admin/choices', { intent: 'save-max-choices', max_choices: '2' }, counsellor)).status,
    ).toBe(404);
    expect(await maxChoices()).toBe(5);
  });

  it('refuse a post without the CSRF token', async () => {
    const forged = await post(
      '/admin/choices',
      { intent: 'save-max-choices', max_choices: '2' },
      {
        ...fuzz.admin,
        csrf: 'f'.repeat(64),
      },
    );
    expect(forged.status).toBe(403);
    expect(await maxChoices()).toBe(5);
  });

  it('show a refused number on its field with what was typed, and save a good one', async () => {
    const refused = await post('/admin/choices', { intent: 'save-max-choices', max_choices: '11' });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain('Enter a whole number of choices from 1 to 10.');
    expect(inputNamed(html, 'max_choices')).toContain('aria-invalid="true"');
    expect(inputNamed(html, 'max_choices')).toContain('value="11"');
    expect(await maxChoices()).toBe(5);

    const saved = await post('/admin/choices', { intent: 'save-max-choices', max_choices: '3' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/admin/choices');
    expect(saved.headers.getSetCookie().join(';')).toContain('flash');
    expect(await maxChoices()).toBe(3);
    expect(inputNamed(await (await get('/admin/choices')).text(), 'max_choices')).toContain('value="3"');
  });

  it('give a counsellor universities and take them back, each change in the audit log', async () => {
    const { rows: universities } = await fuzz.stack.db.query<{ id: string; name: string }>(
      'select id, name from public.universities order by name limit 2',
    );
    const [first, second] = universities.map((university) => ({
      ...university,
      field: `university_${university.id}`,
    }));
    if (!first || !second) throw new Error('the seed has fewer than two universities');
    const page = `/admin/choices/counsellors/${counsellor.id}`;
    expect(await (await get('/admin/choices')).text()).toContain('Every university');

    const none = await post(page, { intent: 'save-universities', scope: 'only' });
    expect(none.status).toBe(422);
    expect(await none.text()).toContain('Tick at least one university, or choose every university.');
    const made = await post(page, { intent: 'save-universities', scope: 'nobody' });
    expect(await made.text()).toContain('Choose every university, or only the ones you tick.');

    const saved = await post(page, {
      intent: 'save-universities',
      scope: 'only',
      [first.field]: 'yes',
      [second.field]: 'yes',
    });
    expect(saved.status).toBe(303);
    expect(await given(counsellor.id)).toEqual([first.name, second.name]);
    const list = await (await get('/admin/choices')).text();
    expect(list).toContain(`${first.name}, ${second.name}`);
    const form = await (await get(page)).text();
    expect(inputNamed(form, first.field)).toContain('checked');

    const back = await post(page, { intent: 'save-universities', scope: 'all', [first.field]: 'yes' });
    expect(back.status).toBe(303);
    expect(await given(counsellor.id)).toEqual([]);
    const { rows: audit } = await fuzz.stack.db.query<{ action: string }>(
      "select action from public.audit_log where entity = 'staff_universities' and entity_id = $1 order by id",
      [counsellor.id],
    );
    expect(audit.map((entry) => entry.action)).toEqual(['insert', 'insert', 'delete', 'delete']);
  });

  it('refuse a university that does not exist and anyone who is not a counsellor', async () => {
    const page = `/admin/choices/counsellors/${counsellor.id}`;
    const unknown = await post(page, {
      intent: 'save-universities',
      scope: 'only',
      'university_00000000-0000-4000-8000-000000000000': 'yes',
    });
    expect(unknown.status).toBe(422);
    expect(await unknown.text()).toContain('One of those universities does not exist.');
    const applicant = await fuzz.stack.db.query<{ id: string }>(
      "select id from auth.users where email like 'fuzz-%' and email not like 'fuzz-admin-%' limit 1",
    );
    expect((await get(`/admin/choices/counsellors/${applicant.rows[0]?.id ?? ''}`)).status).toBe(404);
    expect((await get('/admin/choices/counsellors/not-an-id')).status).toBe(404);
  });
});
