import type { AstroGlobal } from 'astro';
import { submittedFields } from '../../lib/security/form-input.ts';
import { success } from '../../lib/security/form-outcome.ts';
import { redirectAfter } from '../../lib/security/form-response.server.ts';
import { parse } from '../../lib/security/parse-post.ts';
import { testOutcomeSchema } from './fee-schemas.ts';
import { formatMinor } from './money.ts';
import { acceptNotice } from './notice.server.ts';
import { enabledTestProvider, testProviderSecret } from './providers/registry.server.ts';
import { signNotice } from './providers/signature.ts';

export interface TestPayPage {
  attemptId: string;
  state: string;
  amount: string;
  reference: string;
  groupId: string;
  message: string | null;
}

/**
 * The test provider's page: the attempt as the payer sees it, and, posted, the outcome sent back as
 * a signed notification through the same path a provider's server uses. 404 when the test provider
 * is off or the attempt is not the caller's.
 */
export async function testPayPage(astro: AstroGlobal): Promise<Response | TestPayPage> {
  const { supabase } = astro.locals;
  if (!supabase) return astro.redirect(`/auth?next=${encodeURIComponent(astro.url.pathname)}`, 303);
  const id = astro.params['attempt'] ?? '';
  if (!enabledTestProvider() || !/^[0-9a-f-]{36}$/i.test(id))
    return new Response('Not found', { status: 404 });
  const { data: attempt } = await supabase
    .from('payment_attempts')
    .select('id, state, amount_minor, currency, provider, invoices(reference, group_id)')
    .eq('id', id)
    .eq('provider', 'test')
    .maybeSingle();
  if (!attempt?.invoices) return new Response('Not found', { status: 404 });
  const page: TestPayPage = {
    attemptId: attempt.id,
    state: attempt.state,
    amount: formatMinor(attempt.amount_minor, attempt.currency),
    reference: attempt.invoices.reference,
    groupId: attempt.invoices.group_id,
    message: null,
  };
  if (astro.request.method !== 'POST') return page;
  const input = parse(testOutcomeSchema, await submittedFields(astro.request));
  if (!input.ok) {
    astro.response.status = 422;
    return { ...page, message: 'Choose whether the payment succeeds or fails.' };
  }
  const body = JSON.stringify({
    attempt_id: attempt.id,
    outcome: input.value.outcome,
    amount_minor: attempt.amount_minor,
    currency: attempt.currency,
    provider_ref: `test-${attempt.id.slice(0, 8)}`,
  });
  const result = await acceptNotice(
    'test',
    body,
    new Headers({ 'x-unipath-signature': signNotice(body, testProviderSecret()) }),
  );
  if (result.status !== 200) {
    astro.response.status = result.status;
    return { ...page, message: result.message };
  }
  const paid = input.value.outcome === 'succeeded';
  const message = paid
    ? `Your payment of ${page.amount} went through.`
    : 'The payment failed; nothing was charged.';
  return redirectAfter(
    astro,
    success({
      message,
      toast: { title: paid ? 'Paid' : 'Payment failed', message, kind: paid ? 'success' : 'error' },
    }),
    `/applications/${page.groupId}/fees`,
  );
}
