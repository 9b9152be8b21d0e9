import { getSecret } from 'astro:env/server';
import { bankTransferProvider, type BankDetails } from './bank-transfer.ts';
import type { PaymentProvider } from './provider.ts';
import { testProvider } from './test-provider.ts';

/** The bank details invoices show; null fields are left off rather than invented. */
export function bankDetails(): BankDetails | null {
  const details = {
    accountName: getSecret('PAYMENT_BANK_ACCOUNT_NAME') ?? '',
    iban: getSecret('PAYMENT_BANK_IBAN') ?? '',
    bic: getSecret('PAYMENT_BANK_BIC') ?? '',
    bankName: getSecret('PAYMENT_BANK_NAME') ?? '',
  };
  return details.accountName && details.iban ? details : null;
}

/** The test provider when PAYMENT_TEST_PROVIDER is on and PAYMENT_TEST_SECRET is set; never otherwise. */
export function enabledTestProvider(): PaymentProvider | null {
  const on = (getSecret('PAYMENT_TEST_PROVIDER') ?? '').trim().toLowerCase();
  const secret = getSecret('PAYMENT_TEST_SECRET') ?? '';
  return ['on', 'true', '1'].includes(on) && secret.length >= 16 ? testProvider(secret) : null;
}

export function testProviderSecret(): string {
  return getSecret('PAYMENT_TEST_SECRET') ?? '';
}

/** Every provider this deployment offers, bank transfer always first. */
export function paymentProviders(): PaymentProvider[] {
  const test = enabledTestProvider();
  return [bankTransferProvider(), ...(test ? [test] : [])];
}

/** The provider a notification is addressed to, if this deployment offers it. */
export function providerFor(id: string): PaymentProvider | null {
  return paymentProviders().find((provider) => provider.id === id) ?? null;
}
