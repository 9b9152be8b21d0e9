import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfFor, sessionCookies, startFuzzApp, type FuzzApp } from '../security/app-harness.ts';
import { course, intake, person, submitted, type Person } from '../applications/fixtures.ts';

/**
 * The staff payments pages as an administrator's browser uses them, on the built server: a bank
 * statement imported twice, money recorded with a double click, and a refusal that keeps the input.
 */

let fuzz: FuzzApp;
let counsellor: { cookie: string; csrf: string };
let courseId: string;
let intakeId: string;

/**
 * A submitted application and its GBP 28.50 fee invoice, raised as raise_application_fee raises one:
 * the invoice and its line in one transaction. Written here rather than through a fee on the intake,
 * so that these pages' tests do not depend on the fee settings other tests change.
 */
async function feeInvoice(): Promise<{ id: string; reference: string; applicant: Person }> {
  const applicant = await person(fuzz.stack);
  const app = await submitted(applicant, courseId, intakeId);
  return fuzz.stack.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; reference: string }>(
      `insert into public.invoices (applicant_id, group_id, kind, reference, currency, due_on)
       select a.applicant_id, a.id, 'application_fee', a.reference, 'GBP', current_date + 14
       from public.applications a where a.id = $1
       returning id, reference`,
      [app.id],
    );
    const invoice = rows[0];
    if (!invoice) throw new Error('no fee invoice was raised');
    await tx.query(
      `insert into public.invoice_lines (invoice_id, application_id, description, amount_minor)
       values ($1, $2, 'Application fee: Applied Testing', 2850)`,
      [invoice.id, app.id],
    );
    return { ...invoice, applicant };
  });
}

async function stateOf(invoiceId: string): Promise<{ state: string; entries: number }> {
  const { rows } = await fuzz.stack.db.query<{ state: string; entries: number }>(
    `select s.state, (select count(*)::int from public.ledger_entries e where e.invoice_id = s.id) as entries
     from public.invoice_summaries s where s.id = $1`,
    [invoiceId],
  );
  return rows[0] ?? { state: 'missing', entries: -1 };
}

const origin = () => new URL(fuzz.app.url).origin;
const today = () => new Date().toISOString().slice(0, 10);

function postForm(path: string, fields: Record<string, string>, as = fuzz.admin) {
  return fetch(new URL(path, fuzz.app.url), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: as.cookie,
      origin: origin(),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ csrf_token: as.csrf, ...fields }),
  });
}

async function importStatement(csv: string, name = 'statement.csv') {
  const form = new FormData();
  // The token first: the CSRF check reads only a multipart form's first field.
  form.append('csrf_token', fuzz.admin.csrf);
  form.append('intent', 'import-statement');
  form.append('statement', new Blob([csv], { type: 'text/csv' }), name);
  const response = await fetch(new URL('/admin/payments?form=import', fuzz.app.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: fuzz.admin.cookie, origin: origin() },
    body: form,
  });
  const html = await response.text();
  return {
    status: response.status,
    html,
    outcomes: [...html.matchAll(/data-outcome="([a-z]+)"/g)].map((m) => m[1]),
  };
}

beforeAll(async () => {
  fuzz = await startFuzzApp();
  courseId = await course(fuzz.stack);
  intakeId = await intake(fuzz.stack, courseId);
  const email = `payments-counsellor-${Date.now()}@example.com`;
  counsellor = await csrfFor(fuzz.app.url, await sessionCookies(fuzz.stack, email, 'counsellor'));
}, 180_000);

afterAll(async () => {
  await fuzz.close();
});

describe('the bank statement import', () => {
  it('records a matching payment once: the same file imported again is all "already recorded"', async () => {
    const invoice = await feeInvoice();
    const csv = [
      'Date,Amount,Currency,Reference,Payer',
      `${today()},28.50,GBP,Application fee ${invoice.reference},Amara Okafor`,
      `${today()},10.00,GBP,Birthday present,Aunt Ada`,
    ].join('\r\n');

    const first = await importStatement(csv);
    expect(first.status).toBe(200);
    expect(first.outcomes).toEqual(['recorded', 'unmatched']);
    expect(first.html).toContain('1 recorded, 0 already recorded, 1 could not be matched');
    expect(first.html).toContain('No application reference (UP-YYYY-XXXXXX) in the payment reference.');
    expect(await stateOf(invoice.id)).toEqual({ state: 'paid', entries: 1 });

    const again = await importStatement(csv);
    expect(again.status).toBe(200);
    expect(again.outcomes).toEqual(['already', 'unmatched']);
    expect(again.html).toContain('0 recorded, 1 already recorded, 1 could not be matched');
    expect(await stateOf(invoice.id)).toEqual({ state: 'paid', entries: 1 });
  });

  it('answers a file it cannot read with the reason, recording nothing', async () => {
    const noHeader = await importStatement('2026-11-30,28.50,GBP,UP-2026-ABC123,Amara\n');
    expect(noHeader.status).toBe(422);
    expect(noHeader.html).toContain(
      'The first row must name the columns date, amount, currency, reference and payer',
    );
    expect(noHeader.outcomes).toEqual([]);

    const tooLong = await importStatement(
      `date,amount,currency,reference,payer\n${'2026-11-30,1.00,GBP,x,y\n'.repeat(5001)}`,
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.html).toContain('Import at most 5,000 rows at a time');

    const tooLarge = await importStatement(
      `date,amount,currency,reference,payer\n${'x'.repeat(1024 * 1024)}`,
    );
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.html).toContain('The file is larger than 1 MB');
  });
});

describe('an invoice page', () => {
  it('records money received once when the form is sent twice', async () => {
    const invoice = await feeInvoice();
    const page = await fetch(new URL(`/admin/payments/${invoice.id}`, fuzz.app.url), {
      headers: { cookie: fuzz.admin.cookie },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    const formKey = /name="form_key" value="([0-9a-f-]{36})"/.exec(html)?.[1] ?? '';
    expect(formKey).not.toBe('');
    const payment = {
      intent: 'record-payment',
      invoice_id: invoice.id,
      amount: '28.50',
      received_on: today(),
      method: 'cheque',
      note: 'Cheque 000123',
      form_key: formKey,
    };
    const sent = await Promise.all([
      postForm(`/admin/payments/${invoice.id}`, payment),
      postForm(`/admin/payments/${invoice.id}`, payment),
    ]);
    expect(sent.map((response) => response.status)).toEqual([303, 303]);
    expect(await stateOf(invoice.id)).toEqual({ state: 'paid', entries: 1 });
  });

  it('answers a refund larger than what came in with the database’s reason, keeping what was typed', async () => {
    const invoice = await feeInvoice();
    await importStatement(
      `date,amount,currency,reference,payer\n${today()},28.50,GBP,${invoice.reference},A`,
    );
    const refused = await postForm(`/admin/payments/${invoice.id}`, {
      intent: 'record-refund',
      invoice_id: invoice.id,
      amount: '30.00',
      reason: 'Paid twice by mistake',
      method: 'bank_transfer',
      sent_back: 'on',
      form_key: crypto.randomUUID(),
    });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain('At most GBP 28.50 can be refunded');
    expect(html).toContain('Paid twice by mistake');
    expect(await stateOf(invoice.id)).toEqual({ state: 'paid', entries: 1 });
  });
});

const page = (path: string, as = fuzz.admin) =>
  fetch(new URL(path, fuzz.app.url), { headers: { cookie: as.cookie } });

/** An invoice with a waiver request its applicant made, and the request's id. */
async function askedWaiver(): Promise<{ invoice: { id: string; reference: string }; waiverId: string }> {
  const invoice = await feeInvoice();
  const asked = await invoice.applicant.client.rpc('request_fee_waiver', {
    invoice_id: invoice.id,
    reason: 'My family receives income support this year.',
    code: '',
  });
  if (asked.error) throw new Error(asked.error.message);
  return { invoice, waiverId: (asked.data as { id: string }).id };
}

describe('waiver requests', () => {
  it('are listed with the invoices waiting on them, and refused without a reason', async () => {
    const { invoice, waiverId } = await askedWaiver();
    const list = await page('/admin/payments?show=waivers');
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain(invoice.reference);
    expect(html).toContain('My family receives income support this year.');

    const unexplained = await postForm('/admin/payments', {
      intent: 'decide-waiver',
      waiver_id: waiverId,
      version: '1',
      decision: 'grant',
      reason: '',
    });
    expect(unexplained.status).toBe(422);
    expect(await unexplained.text()).toContain('Say why; the applicant reads it (at least 3 characters).');
    expect(await stateOf(invoice.id)).toEqual({ state: 'due', entries: 0 });
  });

  it('are granted with the reason the applicant reads, once', async () => {
    const { invoice, waiverId } = await askedWaiver();
    const decide = {
      intent: 'decide-waiver',
      waiver_id: waiverId,
      version: '1',
      decision: 'grant',
      reason: 'Income support: waived.',
    };
    const granted = await postForm('/admin/payments', decide);
    expect(granted.status).toBe(303);
    expect(granted.headers.get('location')).toBe('/admin/payments#waivers');
    expect(await stateOf(invoice.id)).toEqual({ state: 'waived', entries: 1 });

    const twice = await postForm('/admin/payments', decide);
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain('Someone else answered this request meanwhile; reload to see it.');
  });
});

describe('fee settings', () => {
  it('are set by an administrator, the amount read in minor units', async () => {
    const saved = await postForm('/admin/payments', {
      intent: 'save-fee-settings',
      collect: 'on',
      cycle_fee_amount: '50.00',
      cycle_fee_currency: 'gbp',
      grace_days: '10',
    });
    expect(saved.status).toBe(303);
    const { rows } = await fuzz.stack.db.query(
      'select collect_fees, cycle_fee_minor, cycle_fee_currency, fee_grace_days from public.admissions_settings',
    );
    expect(rows[0]).toEqual({
      collect_fees: true,
      cycle_fee_minor: 5000,
      cycle_fee_currency: 'GBP',
      fee_grace_days: 10,
    });
    expect(await (await page('/admin/payments')).text()).toContain('value="50.00"');

    const half = await postForm('/admin/payments', {
      intent: 'save-fee-settings',
      cycle_fee_amount: '50.00',
      grace_days: '10',
    });
    expect(half.status).toBe(422);
    expect(await half.text()).toContain('needs both an amount above zero and a currency, or neither');
  });

  it('are neither shown to nor taken from a counsellor', async () => {
    const list = await page('/admin/payments', counsellor);
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('Import a bank statement');
    expect(html).not.toContain('How fees are charged');
    const refused = await postForm(
      '/admin/payments',
      { intent: 'save-fee-settings', grace_days: '0' },
      counsellor,
    );
    expect(refused.status).toBe(400);
  });
});

describe('the catalogue forms', () => {
  it('keep a course deposit and an intake fee in minor units', async () => {
    const { rows } = await fuzz.stack.db.query<Record<string, string | number>>(
      `select title, slug, level, field, duration_months, study_mode, language, tuition_amount::text,
         tuition_currency, tuition_period, version from public.courses where id = $1`,
      [courseId],
    );
    const course = Object.fromEntries(
      Object.entries(rows[0] ?? {}).map(([key, value]) => [key, String(value)]),
    );
    const path = `/admin/catalogue/courses/${courseId}`;
    const save = (deposit: Record<string, string>) =>
      postForm(path, { intent: 'save_course', ...course, ...deposit });

    const partial = await save({ deposit_amount: '500.00', deposit_currency: 'GBP' });
    expect(partial.status).toBe(422);
    expect(await partial.text()).toContain(
      'A deposit needs its amount, currency and days to pay, or none of them.',
    );

    expect(
      (await save({ deposit_amount: '500.00', deposit_currency: 'GBP', deposit_days: '14' })).status,
    ).toBe(303);
    const intakeAdded = await postForm(path, {
      intent: 'add_intake',
      term: 'Fees term 2028',
      start_date: '2028-09-01',
      deadline: '2028-06-30',
      release_mode: 'rolling',
      application_fee_amount: '25',
      application_fee_currency: 'eur',
    });
    expect(intakeAdded.status).toBe(303);
    const saved = await fuzz.stack.db.query(
      `select c.deposit_minor, c.deposit_currency, c.deposit_days, i.application_fee_minor, i.application_fee_currency
       from public.courses c join public.intakes i on i.course_id = c.id and i.term = 'Fees term 2028'
       where c.id = $1`,
      [courseId],
    );
    expect(saved.rows[0]).toEqual({
      deposit_minor: 50000,
      deposit_currency: 'GBP',
      deposit_days: 14,
      application_fee_minor: 2500,
      application_fee_currency: 'EUR',
    });
    const html = await (await page(path)).text();
    expect(html).toContain('value="500.00"');
    expect(html).toContain('value="25.00"');
  });
});
