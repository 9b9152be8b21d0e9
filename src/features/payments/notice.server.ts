import { createServiceRoleClient } from '../../lib/supabase/service.server.ts';
import { sendPendingMail } from '../../lib/mail/send-pending.server.ts';
import { providerFor } from './providers/registry.server.ts';

export interface NoticeResult {
  status: number;
  message: string;
}

/**
 * A provider's notification: refused unless this deployment offers the provider and the signature
 * checks out; then the attempt it names is settled in the database, once (a replay changes nothing).
 */
export async function acceptNotice(
  providerId: string,
  body: string,
  headers: Headers,
): Promise<NoticeResult> {
  const provider = providerFor(providerId);
  if (!provider || !provider.online) return { status: 404, message: 'No such payment provider here.' };
  const check = provider.readNotice(body, headers);
  if (!check.ok) return { status: 400, message: check.reason };
  const service = createServiceRoleClient();
  if (!service) return { status: 503, message: 'Payments cannot be recorded on this server.' };
  const { notice } = check;
  const { error } = await service.rpc('settle_payment', {
    attempt_id: notice.attemptId,
    succeeded: notice.succeeded,
    amount_minor: notice.amountMinor,
    currency: notice.currency,
    provider_ref: notice.providerRef,
    ...(notice.failure ? { failure: notice.failure } : {}),
  });
  if (error?.code === 'P0002') return { status: 404, message: 'No such payment.' };
  if (error?.code === '22023') return { status: 422, message: error.message };
  if (error) {
    console.error('payments: a notification could not be recorded', error.message);
    return { status: 502, message: 'The notification could not be recorded; send it again.' };
  }
  sendPendingMail();
  return { status: 200, message: 'Recorded.' };
}
