import type { PaymentProvider } from './provider.ts';

/** The account an applicant pays into, from the environment (PAYMENT_BANK_*). */
export interface BankDetails {
  accountName: string;
  iban: string;
  bic: string;
  bankName: string;
}

/**
 * Bank transfer: the applicant pays from their bank quoting the invoice reference; staff record the
 * receipt, or import the bank statement. The bank sends no notification, so every notification
 * addressed to this provider is refused, and a refund is sent by staff from the bank.
 */
export function bankTransferProvider(): PaymentProvider {
  return {
    id: 'bank_transfer',
    label: 'Bank transfer',
    online: false,
    payUrl: (_start, siteUrl) => `${siteUrl}/applications`,
    readNotice: () => ({ ok: false, reason: 'Bank transfers are recorded by staff, not by notification.' }),
    refund: () =>
      Promise.resolve({ ok: false, reason: 'Send the refund from the bank, then record it here.' }),
  };
}
