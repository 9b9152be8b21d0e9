import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { allLeads, basicLead, signedInClient } from './leads-helpers.ts';

let stack: RunningStack;
let anon: SupabaseClient;
/** The app server, which alone calls submit_lead (after its per-visitor limit). */
let server: SupabaseClient;
let staff: SupabaseClient;
let counsellor: SupabaseClient;
let applicant: SupabaseClient;
let leadId: string;

beforeAll(async () => {
  stack = await startTestStack();
  anon = clientFor(stack);
  server = clientFor(stack, stack.serviceRoleKey);
  staff = await signedInClient(stack, ['admin']);
  counsellor = await signedInClient(stack, ['counsellor']);
  applicant = await signedInClient(stack);
  const { data, error } = await server.rpc('submit_lead', {
    payload: basicLead({ email: 'first.lead@example.test', consent_email: true }),
  });
  expect(error).toBeNull();
  leadId = (data as { id: string }).id;
});
afterAll(() => stack.stop());

describe('a visitor', () => {
  it('submits a lead through the app server and gets back only its id and whether it merged', async () => {
    const { data, error } = await server.rpc('submit_lead', { payload: basicLead() });
    expect(error).toBeNull();
    expect(Object.keys(data as object).sort()).toEqual(['id', 'merged']);
    expect((data as { merged: boolean }).merged).toBe(false);
  });

  it('reads, changes and deletes no lead, not even the one just sent', async () => {
    expect((await anon.from('leads').select('*')).data ?? []).toEqual([]);
    const update = await anon.from('leads').update({ status: 'lost' }).eq('id', leadId).select();
    expect(update.data ?? []).toEqual([]);
    const removal = await anon.from('leads').delete().eq('id', leadId).select();
    expect(removal.data ?? []).toEqual([]);
    const stored = (await allLeads(stack)).find((lead) => lead.id === leadId);
    expect(stored?.status).toBe('new');
  });

  it('cannot insert into the table directly', async () => {
    const { error } = await anon.from('leads').insert(basicLead());
    expect(error?.code).toBe('42501');
  });

  it.each([
    ['a staff status', { status: 'converted' }],
    ['an unknown source', { source: 'partner_api' }],
    ['an assignee', { assignee: '00000000-0000-4000-8000-000000000001' }],
    ['staff notes', { notes: 'VIP' }],
    ['a submit count', { submit_count: 9 }],
    ['no e-mail address', { email: null }],
    ['a one-letter name', { name: 'A' }],
    ['a consent that is not a boolean', { consent_phone: 'yes' }],
    ['a page path that is not a path', { page_path: 'https://evil.test/' }],
  ])('is refused a lead with %s, and nothing is stored', async (_label, change) => {
    const before = (await allLeads(stack)).length;
    const { data, error } = await server.rpc('submit_lead', { payload: basicLead(change) });
    expect(data).toBeNull();
    expect(error?.code).toMatch(/^(22023|23514)$/);
    expect((await allLeads(stack)).length).toBe(before);
  });
});

describe('a repeat within ten minutes', () => {
  it('merges into the earlier lead: one row, counted twice, consents kept from both', async () => {
    const email = 'repeat.visitor@example.test';
    const first = await server.rpc('submit_lead', {
      payload: basicLead({ email, consent_email: true, message: 'Nursing in Leeds?' }),
    });
    const second = await server.rpc('submit_lead', {
      payload: basicLead({
        email: 'Repeat.Visitor@Example.test',
        consent_whatsapp: true,
        phone: '+44 20 7946 0000',
      }),
    });
    expect(second.data).toEqual({ id: (first.data as { id: string }).id, merged: true });
    const rows = (await allLeads(stack)).filter((lead) => lead.email === email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      submit_count: 2,
      consent_email: true,
      consent_phone: false,
      consent_whatsapp: true,
      message: 'Nursing in Leeds?',
    });
  });

  it('after ten minutes starts a new lead', async () => {
    const email = 'returning.visitor@example.test';
    await server.rpc('submit_lead', { payload: basicLead({ email }) });
    await stack.db.query(
      "update public.leads set created_at = now() - interval '11 minutes' where email = $1",
      [email],
    );
    const again = await server.rpc('submit_lead', { payload: basicLead({ email }) });
    expect((again.data as { merged: boolean }).merged).toBe(false);
    expect((await allLeads(stack)).filter((lead) => lead.email === email)).toHaveLength(2);
  });
});

describe('staff', () => {
  it('an administrator and a counsellor read leads', async () => {
    for (const client of [staff, counsellor]) {
      const { data, error } = await client.from('leads').select('id, email').eq('id', leadId);
      expect(error).toBeNull();
      expect(data).toEqual([{ id: leadId, email: 'first.lead@example.test' }]);
    }
  });

  it('an administrator moves a lead on and notes it', async () => {
    const { data, error } = await staff
      .from('leads')
      .update({ status: 'contacted', notes: 'Called, wants a September start.', version: 1 })
      .eq('id', leadId)
      .select('status, notes');
    expect(error).toBeNull();
    expect(data).toEqual([{ status: 'contacted', notes: 'Called, wants a September start.' }]);
  });

  it('another applicant reads and changes nothing', async () => {
    expect((await applicant.from('leads').select('*')).data).toEqual([]);
    const update = await applicant.from('leads').update({ status: 'lost' }).eq('id', leadId).select();
    expect(update.data ?? []).toEqual([]);
  });
});
