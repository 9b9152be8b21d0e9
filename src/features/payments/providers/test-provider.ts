import { z } from 'zod';
import type { NoticeCheck, PaymentProvider } from './provider.ts';
import { signatureProblem } from './signature.ts';

const noticeSchema = z.object({
  attempt_id: z.uuid(),
  outcome: z.enum(['succeeded', 'failed']),
  amount_minor: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  provider_ref: z.string().min(1).max(200),
});

/**
 * The test provider, for development and tests only: its page completes or fails a payment on
 * demand and sends a notification signed with PAYMENT_TEST_SECRET, exactly as a real provider would.
 * Enabled only when PAYMENT_TEST_PROVIDER is on and a secret is set.
 */
export function testProvider(secret: string): PaymentProvider {
  return {
    id: 'test',
    label: 'Test payment (no real money)',
    online: true,
    payUrl: (start, siteUrl) => `${siteUrl}/pay/test/${start.attemptId}`,
    readNotice(body, headers, now): NoticeCheck {
      const problem = signatureProblem(body, headers.get('x-unipath-signature'), secret, now);
      if (problem) return { ok: false, reason: problem };
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return { ok: false, reason: 'The notification is not JSON.' };
      }
      const notice = noticeSchema.safeParse(parsed);
      if (!notice.success)
        return { ok: false, reason: 'The notification does not have the expected fields.' };
      const value = notice.data;
      return {
        ok: true,
        notice: {
          attemptId: value.attempt_id,
          succeeded: value.outcome === 'succeeded',
          amountMinor: value.amount_minor,
          currency: value.currency,
          providerRef: value.provider_ref,
          ...(value.outcome === 'failed' ? { failure: 'The test payment was declined.' } : {}),
        },
      };
    },
    refund: (providerRef) => Promise.resolve({ ok: true, providerRef: `refund-${providerRef}` }),
  };
}
