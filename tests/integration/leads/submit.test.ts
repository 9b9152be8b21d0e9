import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import fc from 'fast-check';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { createRateLimiter } from '../../../src/lib/security/rate-limit.ts';
import { SECURITY_TOASTS } from '../../../src/lib/security/messages.ts';
import { submitLead } from '../../../src/features/leads/submit-lead.server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { allLeads } from './leads-helpers.ts';

let stack: RunningStack;
let anon: SupabaseClient;
/** The app server's own client: submit_lead is the server's alone. */
let server: SupabaseClient;
const unlimited = createRateLimiter({ limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 });

beforeAll(async () => {
  stack = await startTestStack();
  anon = clientFor(stack);
  server = clientFor(stack, stack.serviceRoleKey);
});
afterAll(() => stack.stop());

const form = (fields: Record<string, string>) => ({
  fields: {
    name: 'Kwame Mensah',
    email: 'kwame@example.test',
    source: 'contact',
    consent_email: 'on',
    ...fields,
  },
  clientIp: '198.51.100.7',
  supabase: server,
  limiter: unlimited,
});

describe('submitting a lead through the server', () => {
  it('is the only way in: a visitor or a signed-in user calling submit_lead with the public key is refused', async () => {
    const before = (await allLeads(stack)).length;
    const direct = await anon.rpc('submit_lead', {
      payload: { source: 'contact', name: 'Straight Caller', email: 'straight@example.test' },
    });
    expect(direct.error?.code).toBe('42501');
    expect((await allLeads(stack)).length).toBe(before);
  });

  it('stores a valid lead and thanks the visitor without revealing the stored row', async () => {
    const outcome = await submitLead(form({ email: 'kwame.valid@example.test', consent_email: 'on' }));
    expect(outcome).toMatchObject({ ok: true, status: 200 });
    expect(JSON.stringify(outcome)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    const stored = (await allLeads(stack)).filter((lead) => lead.email === 'kwame.valid@example.test');
    expect(stored).toMatchObject([{ source: 'contact', consent_email: true, status: 'new' }]);
  });

  it('acknowledges a request by e-mail to a person who agreed to e-mail, once a day, and never otherwise', async () => {
    const letters = async (email: string) =>
      (
        await stack.db.query<{ subject: string; body: string }>(
          `select subject, body from public.notification_outbox where recipient = $1 and kind = 'lead_received'`,
          [email],
        )
      ).rows;
    await submitLead(
      form({
        email: 'ama.ack@example.test',
        name: 'Ama Owusu',
        consent_phone: 'on',
        phone: '+233 24 123 4567',
      }),
    );
    expect(await letters('ama.ack@example.test')).toEqual([
      {
        subject: 'We have your counselling request',
        body: expect.stringContaining(
          'Hello Ama Owusu,\n\nThank you for asking Unipath for counselling. A counsellor will contact you by e-mail or by phone within one working day.',
        ),
      },
    ]);
    // Posted again (a repeat merged into the first, or a new one the same day): no second letter.
    await submitLead(
      form({ email: 'ama.ack@example.test', name: 'Ama Owusu', message: 'Also, scholarships?' }),
    );
    expect(await letters('ama.ack@example.test')).toHaveLength(1);
    // No e-mail consent, no e-mail.
    await submitLead(
      form({
        email: 'kofi.phone@example.test',
        consent_email: '',
        consent_phone: 'on',
        phone: '+233 24 765 4321',
      }),
    );
    expect(await letters('kofi.phone@example.test')).toEqual([]);
  });

  it('answers a filled honeypot as if it worked and stores nothing', async () => {
    const outcome = await submitLead(form({ email: 'bot@example.test', website: 'https://spam.test' }));
    expect(outcome.ok).toBe(true);
    expect((await allLeads(stack)).some((lead) => lead.email === 'bot@example.test')).toBe(false);
  });

  it('returns field errors for invalid input and stores nothing', async () => {
    const outcome = await submitLead(form({ name: '', email: 'nope', consent_phone: 'on' }));
    expect(outcome).toMatchObject({ ok: false, status: 422 });
    expect(outcome.fieldErrors).toEqual({
      name: 'Enter your name.',
      email: 'Enter a valid e-mail address, like name@example.com.',
    });
  });

  it('refuses a lead with no way to contact, and thanks a "do not contact me" lead without promising contact', async () => {
    const none = await submitLead(form({ email: 'silent@example.test', consent_email: '' }));
    expect(none).toMatchObject({ ok: false, status: 422 });
    expect(Object.keys(none.fieldErrors ?? {})).toEqual(['consent_email']);
    const quiet = await submitLead(
      form({ email: 'quiet@example.test', consent_email: '', no_contact: 'on' }),
    );
    expect(quiet).toMatchObject({ ok: true, status: 200 });
    expect(quiet.message).toContain('nobody will contact you');
    expect(quiet.message).not.toContain('A counsellor will contact you');
    const stored = (await allLeads(stack)).filter((lead) => lead.email === 'quiet@example.test');
    expect(stored).toMatchObject([{ consent_email: false, consent_phone: false, consent_whatsapp: false }]);
  });

  it('lets an address send five leads per window, then answers 429 with the Rate Limit toast', async () => {
    const limiter = createRateLimiter({ limit: 5, windowMs: 10 * 60_000 });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const outcome = await submitLead({ ...form({ email: `burst${attempt}@example.test` }), limiter });
      statuses.push(outcome.status);
      if (attempt === 5) {
        expect(outcome.toast).toEqual({
          title: 'Rate Limit',
          message: SECURITY_TOASTS.rateLimit.message,
          kind: 'error',
        });
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const other = await submitLead({
      ...form({ email: 'neighbour@example.test' }),
      limiter,
      clientIp: '203.0.113.9',
    });
    expect(other.status).toBe(200);
  });
});

const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 2100 }),
  fc.constantFrom(
    '',
    ' ',
    'on',
    'true',
    '/',
    '00000000-0000-4000-8000-000000000000',
    'a@b.co',
    '+44 20 7946 0321',
  ),
);
const FIELDS = [
  'name',
  'email',
  'phone',
  'country',
  'level_of_interest',
  'field_of_interest',
  'preferred_intake',
  'message',
  'consent_email',
  'consent_phone',
  'consent_whatsapp',
  'no_contact',
  'source',
  'page_path',
  'course_id',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
  'status',
  'assignee',
  'notes',
] as const;
/** A plausible lead with up to four fields replaced by anything at all, so every field gets probed. */
const fieldsArbitrary = fc
  .record({
    name: fc.constantFrom('Li Wei', 'Zoë Ångström', 'Nguyễn Thị Mai'),
    email: fc.emailAddress(),
    source: fc.constantFrom('lead_form', 'popup', 'contact'),
    level_of_interest: fc.constantFrom('bachelor', 'master'),
    preferred_intake: fc.constantFrom('2027-09', '2028-01'),
    consent_email: fc.constantFrom('on'),
    changes: fc.dictionary(fc.constantFrom(...FIELDS), anyText, { maxKeys: 4 }),
  })
  .map(({ changes, ...base }) => ({ ...base, ...changes }));

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

describe('any input', () => {
  it('never fails with a server error, and only valid leads are ever stored', async () => {
    let accepted = 0;
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(fieldsArbitrary, async (fields) => {
        const outcome = await submitLead({ ...form({}), fields });
        expect(outcome.status).toBeLessThan(500);
        if (outcome.ok) accepted += 1;
      }),
      { numRuns: 200, seed: 20261121 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.emailAddress(),
        fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
        async (email, changes) => {
          const payload = { name: 'Li Wei', email, source: 'popup', ...changes };
          const { status } = await server.rpc('submit_lead', { payload });
          expect(status).toBeLessThan(500);
          if (status === 200) stored += 1;
        },
      ),
      { numRuns: 200, seed: 20261122 },
    );
    // The generators reach the storing path too, not only the refusals.
    expect(accepted).toBeGreaterThan(5);
    expect(stored).toBeGreaterThan(5);
    for (const lead of await allLeads(stack)) {
      expect(lead).toMatchObject({ status: 'new', assignee: null, notes: null });
      expect(['lead_form', 'popup', 'contact', 'whatsapp']).toContain(lead.source);
      if (lead.source === 'whatsapp') continue;
      expect([...(lead.name ?? '')].length).toBeGreaterThanOrEqual(2);
      expect(lead.email).toMatch(EMAIL);
      expect(lead.email).toBe(lead.email?.toLowerCase());
    }
  }, 120_000);
});
