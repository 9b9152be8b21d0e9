import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../../../src/server/serve.ts';
import { signNotice } from '../../../src/features/payments/providers/signature.ts';
import { startApp } from './support/app.ts';
import { ensureBuild } from './support/build.ts';

// No backend runs here: every notice below is refused before the database would be asked.
process.env['SUPABASE_ANON_KEY'] ??= 'anon-key-of-no-backend';
const SECRET = 'integration-test-provider-secret';

let app: AppServer;

beforeAll(async () => {
  ensureBuild();
  process.env['PAYMENT_TEST_PROVIDER'] = 'on';
  process.env['PAYMENT_TEST_SECRET'] = SECRET;
  app = await startApp();
});
afterAll(async () => {
  delete process.env['PAYMENT_TEST_PROVIDER'];
  delete process.env['PAYMENT_TEST_SECRET'];
  await app.close();
});

const notice = JSON.stringify({
  attempt_id: '3f2b6a7e-1c4d-4e8a-9b0f-5d6c7e8f9a0b',
  outcome: 'succeeded',
  amount_minor: 2850,
  currency: 'GBP',
  provider_ref: 'forged',
});

async function post(path: string, headers: Record<string, string>, body = notice) {
  const response = await fetch(new URL(path, app.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

describe('a payment provider notification from outside', () => {
  it('forged with another secret is refused and says why, without a CSRF token being asked for', async () => {
    const forged = await post('/api/payments/notify/test', {
      'x-unipath-signature': signNotice(notice, 'an-attackers-guess-at-the-secret'),
    });
    expect(forged).toEqual({ status: 400, body: { message: 'The signature does not match.' } });
  });

  it('unsigned, replayed from long ago or with its body changed is refused', async () => {
    expect((await post('/api/payments/notify/test', {})).body.message).toBe(
      'The notification is not signed.',
    );
    const old = await post('/api/payments/notify/test', {
      'x-unipath-signature': signNotice(notice, SECRET, Date.now() - 3_600_000),
    });
    expect(old).toEqual({
      status: 400,
      body: { message: 'The notification is too old or from the future.' },
    });
    const changed = await post(
      '/api/payments/notify/test',
      { 'x-unipath-signature': signNotice(notice, SECRET) },
      notice.replace('2850', '1'),
    );
    expect(changed.status).toBe(400);
  });

  it('for bank transfers, or for a provider this server does not offer, is refused', async () => {
    const signed = { 'x-unipath-signature': signNotice(notice, SECRET) };
    // Banks send no notifications: that path is no exception to the CSRF check.
    expect((await post('/api/payments/notify/bank_transfer', signed)).status).toBe(403);
    expect((await post('/api/payments/notify/card', signed)).status).toBe(404);
    delete process.env['PAYMENT_TEST_PROVIDER'];
    try {
      expect((await post('/api/payments/notify/test', signed)).status).toBe(404);
    } finally {
      process.env['PAYMENT_TEST_PROVIDER'] = 'on';
    }
  });
});
