import { DEFAULT_SUPABASE_URL } from '../supabase/service-env.ts';
import { every } from '../jobs/every.ts';
import { outboxSenderFor, type OutboxSender } from './outbox-sender.server.ts';

export const SWEEP_INTERVAL_MS = 30_000;

/** MAIL_SWEEP_SECONDS (1 to 3600) as milliseconds; every 30 seconds when unset or wrong. */
export function sweepIntervalFrom(value: string | undefined): number {
  const seconds = Number(value);
  return value && Number.isInteger(seconds) && seconds >= 1 && seconds <= 3600
    ? seconds * 1000
    : SWEEP_INTERVAL_MS;
}

/**
 * Sweeps the outbox on a timer, so e-mails written by staff transitions and by requests whose
 * immediate send failed still go out.
 */
export function startOutboxSweeps(sender: OutboxSender, intervalMs = SWEEP_INTERVAL_MS): () => void {
  return every(intervalMs, () => sender.sweep());
}

/** The production server's sweeps, configured from its environment; a no-op without a sender. */
export function startOutboxSweepsFromEnv(env: NodeJS.ProcessEnv = process.env): () => void {
  const sender = outboxSenderFor({
    supabaseUrl: env['SUPABASE_URL'] ?? DEFAULT_SUPABASE_URL,
    serviceRoleKey: env['SUPABASE_SERVICE_ROLE_KEY'],
    smtpUrl: env['SMTP_URL'],
    mailFrom: env['MAIL_FROM'],
    quietSeconds: env['MESSAGE_QUIET_SECONDS'],
  });
  return sender ? startOutboxSweeps(sender, sweepIntervalFrom(env['MAIL_SWEEP_SECONDS'])) : () => undefined;
}
