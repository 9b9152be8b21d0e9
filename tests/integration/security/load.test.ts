import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyAnswers } from '../../../src/features/applications/draft.ts';
import { STEPS } from '../../../src/features/applications/steps.ts';
import { createApplicant, PASSWORD, startFuzzApp, type FuzzApp } from './app-harness.ts';
import { applicantBrowser, burst, BURST, settledHeap } from './load-burst.ts';

let fuzz: FuzzApp;
let applicants: Array<Awaited<ReturnType<typeof applicantBrowser>>>;
let intake: { id: string; course_id: string };
let baseline: number;

beforeAll(async () => {
  fuzz = await startFuzzApp();
  applicants = [];
  for (let i = 0; i < BURST; i += 1) {
    applicants.push(await applicantBrowser(fuzz.stack, fuzz.app.url, `load-${i}-${Date.now()}@example.com`));
  }
  const { rows } = await fuzz.stack.db.query<{ id: string; course_id: string }>(
    `select i.id, i.course_id from public.intakes i join public.courses c on c.id = i.course_id
     where i.status = 'open' and c.published and c.university_published order by i.id limit 1`,
  );
  intake = rows[0]!;
  await fetch(new URL('/courses', fuzz.app.url)).then((r) => r.arrayBuffer());
  baseline = settledHeap();
}, 600_000);
afterAll(() => fuzz.close());

function post(path: string, cookie: string, init: { type: string; body: string; csrf?: string }) {
  const headers: Record<string, string> = {
    cookie,
    'content-type': init.type,
    origin: new URL(fuzz.app.url).origin,
  };
  if (init.csrf) headers['x-csrf-token'] = init.csrf;
  return fetch(new URL(path, fuzz.app.url), { method: 'POST', headers, body: init.body, redirect: 'manual' });
}

describe(`bursts of ${BURST} concurrent requests on loopback`, () => {
  it('signs users in or answers 429, nothing else', async () => {
    const emails = await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        const email = `burst-${i}-${Date.now()}@example.com`;
        await createApplicant(fuzz.stack, email);
        return email;
      }),
    );
    const tally = await burst(BURST, async (i) => {
      const form = new URLSearchParams({
        intent: 'sign-in',
        email: emails[i]!,
        password: PASSWORD,
        csrf_token: fuzz.anonymous.csrf,
      });
      const response = await post('/auth', fuzz.anonymous.cookie, {
        type: 'application/x-www-form-urlencoded',
        body: form.toString(),
      });
      await response.arrayBuffer();
      return response.status;
    });
    expect(
      [...tally.keys()].every((status) => status === 303 || status === 429),
      JSON.stringify([...tally]),
    ).toBe(true);
    expect(tally.get(303)).toBeGreaterThan(0);
  }, 120_000);

  it('answers every search or rate-limits it', async () => {
    const terms = ['law', 'computing', 'business', 'medicine', 'design'];
    const tally = await burst(BURST, async (i) => {
      const response = await fetch(
        new URL(`/api/catalogue/courses?q=${terms[i % terms.length]}`, fuzz.app.url),
      );
      await response.arrayBuffer();
      return response.status;
    });
    expect(
      [...tally.keys()].every((status) => status === 200 || status === 429),
      JSON.stringify([...tally]),
    ).toBe(true);
    expect(tally.get(200)).toBeGreaterThan(0);
  }, 120_000);

  it('saves every applicant’s draft exactly once and loses none', async () => {
    const tally = await burst(BURST, async (i) => {
      const applicant = applicants[i]!;
      const draft = {
        id: null,
        course_id: intake.course_id,
        intake_id: intake.id,
        current_step: STEPS[0]!.id,
        answers: { ...emptyAnswers(), statement: `Statement of applicant ${i}` },
        changed_at: new Date().toISOString(),
      };
      const response = await post('/api/applications/draft', applicant.cookie, {
        type: 'application/json',
        body: JSON.stringify(draft),
        csrf: applicant.csrf,
      });
      await response.arrayBuffer();
      return response.status;
    });
    expect([...tally]).toEqual([[200, BURST]]);
    const { rows } = await fuzz.stack.db.query<{ statement: string }>(
      `select answers ->> 'statement' as statement from public.applications where applicant_id = any($1::uuid[])`,
      [applicants.map((a) => a.userId)],
    );
    expect(rows.map((r) => r.statement).sort()).toEqual(
      applicants.map((_, i) => `Statement of applicant ${i}`).sort(),
    );
  }, 120_000);

  it('stores every upload posted to the app into its owner’s folder and loses none', async () => {
    const { rows: drafts } = await fuzz.stack.db.query<{ id: string; applicant_id: string }>(
      'select id, applicant_id from public.applications where applicant_id = any($1::uuid[])',
      [applicants.map((a) => a.userId)],
    );
    const draftOf = new Map(drafts.map((d) => [d.applicant_id, d.id]));
    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
    const tally = await burst(BURST, async (i) => {
      const applicant = applicants[i]!;
      const id = draftOf.get(applicant.userId);
      const form = new FormData();
      form.set('file', new File([pdf], 'transcript.pdf', { type: 'application/pdf' }));
      form.set('kind', 'transcript');
      form.set('storage_path', `${applicant.userId}/${id}/${crypto.randomUUID()}-transcript.pdf`);
      const response = await fetch(new URL(`/api/applications/${id}/documents`, fuzz.app.url), {
        method: 'POST',
        headers: {
          cookie: applicant.cookie,
          origin: new URL(fuzz.app.url).origin,
          'x-csrf-token': applicant.csrf,
        },
        body: form,
      });
      await response.arrayBuffer();
      return response.status;
    });
    expect([...tally]).toEqual([[201, BURST]]);
    const { rows } = await fuzz.stack.db.query<{ n: number }>(
      `select count(*)::int as n from storage.objects o
       join public.application_documents d on d.storage_path = o.name
       join public.applications a on a.id = d.application_id
       where o.bucket_id = 'application-documents' and o.name like a.applicant_id || '/%'
         and a.applicant_id = any($1::uuid[])`,
      [applicants.map((a) => a.userId)],
    );
    expect(rows[0]?.n).toBe(BURST);
  }, 120_000);

  it('gives the memory back: the settled heap returns to within 64 MB of where it started', () => {
    expect(settledHeap() - baseline).toBeLessThan(64 * 1024 * 1024);
  });
});
