import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { totpCode } from '../../helpers/totp.ts';
import { course, intake, person, submitted } from '../applications/fixtures.ts';
import { callOf, DENIED, rowsOf } from './support.ts';

let stack: RunningStack;
const admin = {
  id: '',
  email: `${randomUUID().slice(0, 8)}@example.test`,
  password: 'a-long-test-passphrase-42',
};
let factor = { id: '', secret: '' };
const ids = { application: '', lead: '', counsellor: '' };

async function signedIn(): Promise<SupabaseClient> {
  const client = clientFor(stack);
  const { error } = await client.auth.signInWithPassword({ email: admin.email, password: admin.password });
  if (error) throw error;
  return client;
}

beforeAll(async () => {
  stack = await startTestStack();
  const created = await clientFor(stack, stack.serviceRoleKey).auth.admin.createUser({
    email: admin.email,
    password: admin.password,
    email_confirm: true,
  });
  if (created.error) throw created.error;
  admin.id = created.data.user.id;
  await stack.db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [admin.id]);
  const enrolling = await signedIn();
  const enrolled = await enrolling.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
  if (enrolled.error || enrolled.data.type !== 'totp') throw enrolled.error ?? new Error('no TOTP factor');
  factor = { id: enrolled.data.id, secret: enrolled.data.totp.secret };
  const verified = await enrolling.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: totpCode(factor.secret),
  });
  if (verified.error) throw verified.error;

  const [owner, counsellor] = [await person(stack), await person(stack, ['counsellor'])];
  ids.counsellor = counsellor.id;
  const courseId = await course(stack);
  ids.application = (await submitted(owner, courseId, await intake(stack, courseId))).id;
  const lead = await clientFor(stack, stack.serviceRoleKey).rpc('submit_lead', {
    payload: { source: 'contact', name: 'Chidi Obi', email: 'chidi@example.test' },
  });
  ids.lead = (lead.data as { id: string }).id;
  const note = await counsellor.client
    .from('application_notes')
    .insert({ application_id: ids.application, body: 'Call the school.' });
  if (note.error) throw note.error;
});
afterAll(() => stack.stop());

/** What the administrator's session gets from each kind of staff data. */
async function staffView(client: SupabaseClient) {
  return {
    leads: await rowsOf(client, 'leads', { id: ids.lead }),
    notes: await rowsOf(client, 'application_notes', { application_id: ids.application }),
    audit: await rowsOf(client, 'audit_log', { actor: ids.counsellor }),
    application: await rowsOf(client, 'applications', { id: ids.application }),
    figures: await callOf(client, 'admin_kpis'),
  };
}

/** The lead as the REST API shows it to the bearer of `token`. */
async function leadsSeenWith(token: string): Promise<{ status: number; rows: number }> {
  const response = await fetch(`${stack.url}/rest/v1/leads?select=id&id=eq.${ids.lead}`, {
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as unknown;
  return { status: response.status, rows: Array.isArray(body) ? body.length : 0 };
}

const nothing = { leads: 0, notes: 0, audit: 0, application: 0, figures: DENIED };
const everything = { leads: 1, notes: 1, audit: 1, application: 1, figures: 'ok' };

describe('an administrator with an authenticator app', () => {
  it('gets no staff data from a password-only (aal1) session', async () => {
    const client = await signedIn();
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(await staffView(client)).toEqual(nothing);
    const roles = await client.from('user_roles').select('role').eq('user_id', admin.id);
    expect(roles.data).toEqual([{ role: 'admin' }]);
    expect(
      await callOf(client, 'set_staff_role', { target: ids.counsellor, role: 'admin', granted: true }),
    ).toBe(DENIED);
  });

  it('gets them once the same session has verified a code (aal2)', async () => {
    const client = await signedIn();
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.secret),
    });
    expect(verified.error).toBeNull();
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
    expect(await staffView(client)).toEqual(everything);
  });

  it('cannot raise a password-only session by rewriting its token to claim aal2', async () => {
    const token = (await (await signedIn()).auth.getSession()).data.session?.access_token ?? '';
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const rewritten = Buffer.from(JSON.stringify({ ...claims, aal: 'aal2' })).toString('base64url');
    expect(await leadsSeenWith(token)).toEqual({ status: 200, rows: 0 });
    expect((await leadsSeenWith(`${header}.${rewritten}.${signature}`)).status).toBe(401);
  });
});

describe('a token signed with the project key', () => {
  it('follows its aal claim while the account has a verified factor', async () => {
    const tokenFor = (aal: string) => stack.signToken({ sub: admin.id, email: admin.email, aal });
    expect(await leadsSeenWith(await tokenFor('aal1'))).toEqual({ status: 200, rows: 0 });
    expect(await leadsSeenWith(await tokenFor('aal2'))).toEqual({ status: 200, rows: 1 });
  });
});
