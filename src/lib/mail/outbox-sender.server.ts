import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { smtpUrlFor } from './mail-config.ts';
import { createSmtpTransport, type MailAttachment, type MailTransport } from './transport.ts';
import { renderDecisionLetterPdf } from '../letters/decision-letter-pdf.server.ts';
import { letterFileName, parseDecisionLetter } from '../letters/decision-letter.ts';
import type { Database } from '../supabase/database.types.ts';

interface ClaimedNotification {
  id: string;
  recipient: string;
  kind: string;
  subject: string;
  body: string;
  body_html: string | null;
  unsubscribe_url: string | null;
}

export interface SweepResult {
  sent: number;
  failed: number;
}

export interface OutboxSender {
  /** Delivers what is pending now; rows another sweep holds are left to it. */
  sweep(): Promise<SweepResult>;
}

const BATCH_SIZE = 20;
/** A sweep keeps going while whole batches go out, so a backlog drains without waiting for the timer. */
const MAX_BATCHES_PER_SWEEP = 10;

/**
 * The PDF a decision letter carries. A letter that cannot be drawn still goes out without it (the
 * applicant can download it from their application), and the reason is logged.
 */
async function letterAttachments(
  client: SupabaseClient<Database>,
  row: ClaimedNotification,
): Promise<MailAttachment[] | undefined> {
  if (!row.kind.startsWith('decision_')) return undefined;
  try {
    const { data, error } = await client.rpc('letter_for_message', { notification_id: row.id });
    if (error) throw new Error(error.message);
    const letter = parseDecisionLetter(data);
    if (!letter) return undefined;
    const content = await renderDecisionLetterPdf(letter);
    return [{ filename: letterFileName(letter), contentType: 'application/pdf', content }];
  } catch (error) {
    console.error(`mail: the letter of ${row.id} goes without its PDF: ${String(error)}`);
    return undefined;
  }
}

async function deliver(client: SupabaseClient<Database>, transport: MailTransport, row: ClaimedNotification) {
  const attachments = await letterAttachments(client, row);
  try {
    await transport.send({
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      html: row.body_html ?? undefined,
      kind: row.kind,
      unsubscribeUrl: row.unsubscribe_url ?? undefined,
      messageKey: row.id,
      attachments,
    });
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error);
    // Handing the row back is what keeps the message for the next sweep.
    const released = await client.rpc('release_notification', { notification_id: row.id, failure });
    if (released.error) console.error(`mail: could not release ${row.id}: ${released.error.message}`);
    console.error(`mail: ${row.kind} to ${row.recipient} not delivered: ${failure}`);
    return false;
  }
  // Until this lands the row stays leased; if it never does, the message goes again when the lease ends.
  const marked = await client.rpc('mark_notification_sent', { notification_id: row.id });
  if (marked.error) console.error(`mail: ${row.id} was sent but not marked sent: ${marked.error.message}`);
  return true;
}

/** How long the events of one application wait for others before they become one message. */
export const DEFAULT_QUIET_SECONDS = 120;

/**
 * Turns the events that have been quiet long enough into messages (one per person and application,
 * and the daily staff digests). Several servers may compose at once: the database takes each group
 * under row locks, and a group that fails is recorded and skipped there. Whatever still goes wrong
 * here is logged, never allowed to hold back what is already in the outbox.
 */
async function compose(client: SupabaseClient<Database>, quietSeconds: number): Promise<void> {
  const composed = await client.rpc('compose_notifications', { quiet_seconds: quietSeconds });
  if (composed.error) console.error(`mail: could not compose messages: ${composed.error.message}`);
  const digests = await client.rpc('compose_staff_digests');
  if (digests.error) console.error(`mail: could not compose the staff digests: ${digests.error.message}`);
}

/**
 * Sends the database's notification outbox, after composing what is due. Each claim leases the rows
 * while it locks them (see claim_notifications), so concurrent sweeps, here or in another process,
 * never send a row twice; a row is marked sent once the mail server has taken it, and a row whose
 * sender stopped before that goes out again when its five-minute lease ends.
 */
export function createOutboxSender(deps: {
  client: SupabaseClient<Database>;
  transport: MailTransport;
  quietSeconds?: number;
}): OutboxSender {
  const { client, transport, quietSeconds = DEFAULT_QUIET_SECONDS } = deps;
  return {
    async sweep() {
      await compose(client, quietSeconds);
      const result: SweepResult = { sent: 0, failed: 0 };
      for (let batch = 0; batch < MAX_BATCHES_PER_SWEEP; batch += 1) {
        const { data, error } = await client.rpc('claim_notifications', { batch_size: BATCH_SIZE });
        if (error) throw new Error(`mail: could not claim the outbox: ${error.message}`);
        const rows = data ?? [];
        for (const row of rows) {
          if (await deliver(client, transport, row)) result.sent += 1;
          else result.failed += 1;
        }
        if (rows.length < BATCH_SIZE || result.failed > 0) break;
      }
      return result;
    },
  };
}

export interface MailEnvironment {
  supabaseUrl?: string | undefined;
  serviceRoleKey?: string | undefined;
  /** SMTP_URL: the mail server; the local stack's when unset and SUPABASE_URL is local. */
  smtpUrl?: string | undefined;
  /** MAIL_FROM: who the e-mails are from. */
  mailFrom?: string | undefined;
  /** MESSAGE_QUIET_SECONDS: how long an application's events gather before one message goes out. */
  quietSeconds?: string | undefined;
}

/** MESSAGE_QUIET_SECONDS as a number of seconds (0 to a day); the default when unset or wrong. */
export function quietSecondsFrom(value: string | undefined): number {
  const seconds = Number(value);
  return value !== undefined &&
    value.trim() !== '' &&
    Number.isInteger(seconds) &&
    seconds >= 0 &&
    seconds <= 86_400
    ? seconds
    : DEFAULT_QUIET_SECONDS;
}

let warned = false;

/** The sender this deployment can run, or null (said once) when it lacks a key or a mail server. */
export function outboxSenderFor(env: MailEnvironment): OutboxSender | null {
  const smtpUrl = smtpUrlFor(env);
  const usable = smtpUrl && /^smtps?:\/\/[^/?#]/i.test(smtpUrl) ? smtpUrl : null;
  if (!usable || !env.supabaseUrl || !env.serviceRoleKey) {
    if (!warned)
      console.warn(
        smtpUrl && !usable
          ? 'mail: application e-mails stay in the outbox: SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465.'
          : 'mail: application e-mails stay in the outbox: set SMTP_URL and SUPABASE_SERVICE_ROLE_KEY to send them.',
      );
    warned = true;
    return null;
  }
  const client = createClient<Database>(env.supabaseUrl, env.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return createOutboxSender({
    client,
    transport: createSmtpTransport({ url: usable, from: env.mailFrom }),
    quietSeconds: quietSecondsFrom(env.quietSeconds),
  });
}
