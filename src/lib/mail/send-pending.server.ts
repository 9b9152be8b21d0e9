import { getSecret, MAIL_FROM, SMTP_URL, SUPABASE_SERVICE_ROLE_KEY } from 'astro:env/server';
import { supabasePublicConfig } from '../supabase/config.server.ts';
import { outboxSenderFor, type OutboxSender } from './outbox-sender.server.ts';

let sender: OutboxSender | null | undefined;

/**
 * Sends whatever the last request queued in the outbox, without making that request wait; a failure
 * is logged and the periodic sweep picks the message up again.
 */
export function sendPendingMail(): void {
  sender ??= outboxSenderFor({
    supabaseUrl: supabasePublicConfig().url,
    serviceRoleKey: SUPABASE_SERVICE_ROLE_KEY,
    smtpUrl: SMTP_URL,
    mailFrom: MAIL_FROM,
    quietSeconds: getSecret('MESSAGE_QUIET_SECONDS'),
  });
  sender?.sweep().catch((error: unknown) => console.error(error instanceof Error ? error.message : error));
}
