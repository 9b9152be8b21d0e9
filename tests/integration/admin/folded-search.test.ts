import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { listUniversities as listCatalogueUniversities } from '../../../src/features/admin/catalogue/university-list.server.ts';
import { listUnreleased } from '../../../src/features/admissions/unreleased/decisions-list.server.ts';
import { parseDecisionsParams } from '../../../src/features/admissions/unreleased/decisions-params.ts';
import { listIntakes } from '../../../src/features/admin/intake/intakes.server.ts';
import { listSubmissions } from '../../../src/features/admin/intake/triage.server.ts';
import { readLeadFilters } from '../../../src/features/admin/leads/lead-filters.ts';
import { queryLeads } from '../../../src/features/admin/leads/leads.server.ts';
import { countByStatus } from '../../../src/features/admin/review/queue/queue-counts.server.ts';
import { listQueue } from '../../../src/features/admin/review/queue/queue-data.server.ts';
import { parseQueueParams } from '../../../src/features/admin/review/queue/queue-params.ts';
import { queueFilters } from '../../../src/features/admin/review/queue/queue-query.server.ts';
import { listAccounts } from '../../../src/features/admin/users/users.server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { attach, completeAnswers, draft, person, type Person } from '../applications/fixtures.ts';

let stack: RunningStack;
let zoe: Person;
let counsellor: Person;
let admin: Person;
let anon: SupabaseClient;
const ids = { university: '', course: '', intake: '', application: '', reference: '' };

/** Names made unique per run, so each search finds exactly what this file created. */
const token = randomUUID().slice(0, 6);
const UNIVERSITY = `Universidade de São Paulo ${token}`;
const COURSE = `Licenciatura em Música ${token}`;

beforeAll(async () => {
  stack = await startTestStack();
  anon = clientFor(stack);
  [zoe, counsellor, admin] = [
    await person(stack),
    await person(stack, ['counsellor']),
    await person(stack, ['admin']),
  ];
  await stack.db.query(`update public.profiles set full_name = 'Zoë Fernández-Walsh' where id = $1`, [
    zoe.id,
  ]);
  const { rows } = await stack.db.query<{ university: string; course: string; intake: string }>(
    `with u as (
       insert into public.universities (slug, name, country_code, city, currency, published)
       values ($1, $2, 'BR', 'São Paulo', 'BRL', true) returning id),
     c as (
       insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount,
         tuition_currency, published)
       select $1, u.id, $3, 'bachelor', 'Arts', 48, 1000, 'BRL', true from u returning id),
     r as (
       insert into public.document_requirements (course_id, kind, required, max_size_bytes)
       select c.id, kind, true, 5242880 from c, unnest(array['passport', 'transcript']) kind returning 1),
     i as (
       insert into public.intakes (course_id, term, start_date, opens_at, deadline, status)
       select c.id, 'Março 2027', current_date + 200, current_date - 10, current_date + 30, 'open' from c
       returning id)
     select (select id from u) as university, (select id from c) as course, (select id from i) as intake`,
    [`usp-${token}`, UNIVERSITY, COURSE],
  );
  Object.assign(ids, rows[0]);
  const answers = completeAnswers();
  (answers['personal'] as Record<string, unknown>)['full_name'] = 'Zoë Fernández-Walsh';
  const app = await draft(zoe, ids.course, ids.intake, answers);
  await attach(zoe, app.id, 'passport');
  await attach(zoe, app.id, 'transcript');
  const submitted = await zoe.client.rpc('submit_application', { application_id: app.id });
  expect(submitted.error).toBeNull();
  ids.application = app.id;
  ids.reference = (submitted.data as { reference: string }).reference;
  const lead = await clientFor(stack, stack.serviceRoleKey).rpc('submit_lead', {
    payload: { source: 'contact', name: 'Zoë Fernández-Walsh', email: `zoe-${token}@example.test` },
  });
  expect(lead.error).toBeNull();
});
afterAll(() => stack.stop());

/** Lower case without accents, to check what a search found (the search itself folds in the database). */
const folded = (text: string | null) => (text ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The review queue as a member of staff sees it for a search typed into its box. */
async function queueFor(staff: Person, query: string) {
  const params = parseQueueParams(new URLSearchParams(query));
  const filters = queueFilters(params, staff.id);
  const [list, counts] = await Promise.all([
    listQueue(staff.client, params, filters),
    countByStatus(staff.client, filters),
  ]);
  return {
    references: list.rows.map((row) => row.reference),
    names: list.rows.map((row) => folded(row.applicant_name)),
    total: list.total,
    submitted: counts.get('submitted'),
  };
}

describe('staff searches ignore accents and case', () => {
  it('the review queue finds Zoë Fernández-Walsh by "zoe", "ZOE", "ZOË" and "fernandez", and counts her', async () => {
    // The demo data has a Zoë Fernández-Walsh of its own: on this file's course she is the only one.
    const course = `course=${encodeURIComponent(token)}`;
    for (const typed of ['zoe', 'ZOE', 'ZOË', 'fernandez', 'FERNANDEZ-walsh']) {
      const search = `q=${encodeURIComponent(typed)}`;
      expect(await queueFor(counsellor, `${search}&${course}`), typed).toEqual({
        references: [ids.reference],
        names: ['zoe fernandez-walsh'],
        total: 1,
        submitted: 1,
      });
      const everywhere = await queueFor(counsellor, search);
      expect(everywhere.references, typed).toContain(ids.reference);
      expect(
        everywhere.names.every((name) => name.includes(folded(typed))),
        typed,
      ).toBe(true);
    }
  });

  it('the review queue finds her by reference in lower case, and by course and intake without accents', async () => {
    expect((await queueFor(admin, `q=${ids.reference.toLowerCase()}`)).references).toEqual([ids.reference]);
    const byCourse = await queueFor(
      counsellor,
      `course=${encodeURIComponent(`licenciatura em musica ${token}`)}&intake=marco`,
    );
    expect(byCourse).toMatchObject({ references: [ids.reference], total: 1, submitted: 1 });
  });

  it('the triage queue finds her without accents', async () => {
    const { rows } = await listSubmissions(counsellor.client, { q: 'zoe fernandez', page: 1 });
    expect(rows.map((row) => row.reference)).toContain(ids.reference);
    expect(rows.every((row) => folded(row.applicant_name).includes('zoe fernandez'))).toBe(true);
  });

  it('the unreleased decisions list finds a decision on her application without accents', async () => {
    const { rows } = await stack.db.query<{ version: number }>(
      'select version from public.applications where id = $1',
      [ids.application],
    );
    const started = await counsellor.client.rpc('transition_application', {
      application_id: ids.application,
      to_status: 'under_review',
      expected_version: rows[0]!.version,
    });
    expect(started.error).toBeNull();
    const decided = await counsellor.client.rpc('decide_application', {
      application_id: ids.application,
      expected_version: (started.data as { version: number }).version,
      outcome: 'waitlisted',
    });
    expect(decided.error).toBeNull();
    const found = await listUnreleased(
      admin.client,
      parseDecisionsParams(new URLSearchParams('q=ZOE fernandez')),
    );
    expect(found.rows.map((row) => row.application.reference)).toContain(ids.reference);
    expect(found.rows.every((row) => folded(row.application.applicant_name).includes('zoe fernandez'))).toBe(
      true,
    );
  });

  it('leads are found by an accentless name, by staff only', async () => {
    const filters = readLeadFilters(new URLSearchParams('q=FERNANDEZ-WALSH'));
    const { rows, total } = await queryLeads(counsellor.client, filters, 0, 24);
    expect({ names: rows.map((row) => row.name), total }).toEqual({
      names: ['Zoë Fernández-Walsh'],
      total: 1,
    });
    expect((await queryLeads(zoe.client, filters, 0, 24)).total).toBe(0);
  });

  it('the intake list and the catalogue list find São Paulo by "sao paulo"', async () => {
    const intakes = await listIntakes(counsellor.client, { status: '', q: `sao paulo ${token}`, page: 1 });
    expect(intakes.rows.map((row) => row.term)).toEqual(['Março 2027']);
    const universities = await listCatalogueUniversities(admin.client, {
      q: `SAO PAULO ${token}`,
      country: '',
      published: '',
      page: 1,
    });
    expect(universities.rows.map((row) => row.name)).toEqual([UNIVERSITY]);
  });

  it('the accounts list finds an account by the name on its profile, without accents', async () => {
    const page = await listAccounts(admin.client, { search: 'zoe fernandez', page: 1 });
    expect(page?.accounts.map((account) => [account.id, account.name])).toContainEqual([
      zoe.id,
      'Zoë Fernández-Walsh',
    ]);
    expect(page?.accounts.every((account) => folded(account.name).includes('zoe fernandez'))).toBe(true);
  });
});

describe('visitors search the catalogue without accents', () => {
  it('course search finds the course at São Paulo by "sao paulo" and by "musica"', async () => {
    for (const q of [`sao paulo ${token}`, `SÃO PAULO ${token}`, `musica ${token}`]) {
      const { data, error } = await anon.rpc('search_courses', { q });
      expect(error).toBeNull();
      expect(
        (data as { title: string }[]).map((row) => row.title),
        q,
      ).toEqual([COURSE]);
    }
  });

  it('the university list finds São Paulo by "sao paulo"', async () => {
    const { data, error } = await anon.rpc('search_universities', { q: `sao paulo ${token}` });
    expect(error).toBeNull();
    expect((data as { name: string }[]).map((row) => row.name)).toEqual([UNIVERSITY]);
  });
});
