import { describe, expect, it } from 'vitest';
import { signNotice, signatureProblem } from '../../../src/features/payments/providers/signature.ts';
import { testProvider } from '../../../src/features/payments/providers/test-provider.ts';
import { bankTransferProvider } from '../../../src/features/payments/providers/bank-transfer.ts';
import { currencyExponent, formatMinor } from '../../../src/features/payments/money.ts';

const SECRET = 'unit-test-secret-of-some-length';
const NOW = Date.UTC(2026, 11, 4, 9, 0, 0);
const body = JSON.stringify({
  attempt_id: '3f2b6a7e-1c4d-4e8a-9b0f-5d6c7e8f9a0b',
  outcome: 'succeeded',
  amount_minor: 2850,
  currency: 'GBP',
  provider_ref: 'test-3f2b6a7e',
});
const signed = (header: string) => new Headers({ 'x-unipath-signature': header });

describe('a provider notification', () => {
  it('signed with the secret is read as what happened to which attempt', () => {
    const check = testProvider(SECRET).readNotice(body, signed(signNotice(body, SECRET, NOW)), NOW);
    expect(check).toEqual({
      ok: true,
      notice: {
        attemptId: '3f2b6a7e-1c4d-4e8a-9b0f-5d6c7e8f9a0b',
        succeeded: true,
        amountMinor: 2850,
        currency: 'GBP',
        providerRef: 'test-3f2b6a7e',
      },
    });
  });

  it('is refused when forged: another secret, a changed body, no header, or a replay', () => {
    const provider = testProvider(SECRET);
    expect(provider.readNotice(body, signed(signNotice(body, 'someone-elses-secret', NOW)), NOW)).toEqual({
      ok: false,
      reason: 'The signature does not match.',
    });
    const richer = body.replace('2850', '285000');
    expect(provider.readNotice(richer, signed(signNotice(body, SECRET, NOW)), NOW).ok).toBe(false);
    expect(provider.readNotice(body, new Headers(), NOW)).toEqual({
      ok: false,
      reason: 'The notification is not signed.',
    });
    expect(provider.readNotice(body, signed(signNotice(body, SECRET, NOW - 301_000)), NOW)).toEqual({
      ok: false,
      reason: 'The notification is too old or from the future.',
    });
    expect(provider.readNotice(body, signed('t=abc,v1=zz'), NOW)).toEqual({
      ok: false,
      reason: 'The signature cannot be read.',
    });
  });

  it('signed but not in the expected shape is refused', () => {
    const odd = JSON.stringify({ attempt_id: 'x', outcome: 'maybe' });
    expect(testProvider(SECRET).readNotice(odd, signed(signNotice(odd, SECRET, NOW)), NOW)).toEqual({
      ok: false,
      reason: 'The notification does not have the expected fields.',
    });
  });

  it('addressed to the bank transfer provider is always refused, and its refunds are sent from the bank', async () => {
    const bank = bankTransferProvider();
    expect(bank.readNotice(body, signed(signNotice(body, SECRET, NOW)), NOW).ok).toBe(false);
    expect(await bank.refund('x', 100)).toEqual({
      ok: false,
      reason: 'Send the refund from the bank, then record it here.',
    });
    expect(signatureProblem(body, signNotice(body, SECRET, NOW), SECRET, NOW)).toBeNull();
  });
});

describe('amounts in minor units', () => {
  it('read with the currency’s own decimals', () => {
    expect(currencyExponent('GBP')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(formatMinor(2850, 'GBP')).toBe('GBP 28.50');
    expect(formatMinor(500000, 'JPY')).toBe('JPY 500,000');
    expect(formatMinor(1500, 'KWD')).toBe('KWD 1.500');
    expect(formatMinor(-1000, 'EUR')).toBe('-EUR 10.00');
  });
});
