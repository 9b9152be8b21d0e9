/**
 * What every payment provider does for Unipath, whatever it is underneath (a bank transfer that staff
 * record, the test provider, a card processor): start a payment for an invoice, say where the payer
 * goes to pay, read a notification it sends back (checking its signature first) and refund.
 */
export interface PaymentStart {
  /** The provider's own payment, or the attempt it stands for. */
  attemptId: string;
  amountMinor: number;
  currency: string;
}

/** A notification whose signature checked out: what happened to which attempt. */
export interface PaymentNotice {
  attemptId: string;
  succeeded: boolean;
  amountMinor: number;
  currency: string;
  providerRef: string;
  failure?: string;
}

export type NoticeCheck = { ok: true; notice: PaymentNotice } | { ok: false; reason: string };

export interface PaymentProvider {
  id: 'bank_transfer' | 'test' | 'card';
  /** What the applicant sees on the button or the tab. */
  label: string;
  /** Whether the applicant starts a payment here; bank transfers are paid at the bank instead. */
  online: boolean;
  /** The page the payer goes to for a started payment. */
  payUrl(start: PaymentStart, siteUrl: string): string;
  /** Checks a notification's signature and reads it; anything else is refused with the reason. */
  readNotice(body: string, headers: Headers, now?: number): NoticeCheck;
  /**
   * Sends money back through the provider. A bank transfer refund is sent by staff from the bank, so
   * its provider only confirms that nothing is sent here.
   */
  refund(
    providerRef: string,
    amountMinor: number,
  ): Promise<{ ok: true; providerRef: string } | { ok: false; reason: string }>;
}
