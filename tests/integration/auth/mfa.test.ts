import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { totpCode } from '../../helpers/totp.ts';
import { anonClient, signedInUser, startAuthStack } from './harness.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startAuthStack();
});
afterAll(() => stack.stop());

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    aal: string;
    amr: { method: string }[];
  };

async function enrolled() {
  const signedIn = await signedInUser(stack);
  const { data, error } = await signedIn.client.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Phone app',
  });
  if (error || !data || data.type !== 'totp') throw error ?? new Error('no factor');
  return { ...signedIn, factor: data };
}

describe('TOTP enrolment and verification', () => {
  it('returns a secret, an otpauth URI and an SVG QR code', async () => {
    const { factor, email } = await enrolled();
    expect(factor.friendly_name).toBe('Phone app');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toContain(`otpauth://totp/127.0.0.1%3A4321:${encodeURIComponent(email)}`);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
  });

  it('refuses a wrong code, then raises the session to aal2 with amr totp', async () => {
    const { client, factor } = await enrolled();
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.data).toMatchObject({ type: 'totp', expires_at: expect.any(Number) });
    const good = totpCode(factor.totp.secret);
    const bad = String((Number(good) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: bad,
    });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });

    const { data, error } = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: good,
    });
    expect(error).toBeNull();
    const claims = claimsOf(data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((entry) => entry.method)).toEqual(['totp', 'password']);
    const after = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.status)).toEqual(['verified']);
  });

  it('reports nextLevel aal2 to a fresh aal1 sign-in and accepts challengeAndVerify', async () => {
    const { client, factor, email, password } = await enrolled();
    await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpCode(factor.totp.secret) });
    const fresh = anonClient(stack);
    await fresh.auth.signInWithPassword({ email, password });
    const level = await fresh.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    const second = await fresh.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Backup' });
    expect(second.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    const unenroll = await fresh.auth.mfa.unenroll({ factorId: factor.id });
    expect(unenroll.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    const password2 = await fresh.auth.updateUser({ data: { ok: true } });
    expect(password2.error).toBeNull();
    const emailChange = await fresh.auth.updateUser({ email: 'elsewhere@example.com' });
    expect(emailChange.error).toMatchObject({ status: 401, code: 'insufficient_aal' });

    const verified = await fresh.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    expect((await fresh.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
  });

  it('lets an unverified factor go at aal1 and answers mfa_factor_not_found for unknown ids', async () => {
    const { client, factor } = await enrolled();
    expect((await client.auth.mfa.unenroll({ factorId: factor.id })).data).toEqual({ id: factor.id });
    const missing = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(missing.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });

  it('refuses a second factor with the same friendly name', async () => {
    const { client } = await enrolled();
    const again = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
  });
});
