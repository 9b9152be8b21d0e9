import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { bool, num, section, type RawConfig } from '../config.ts';
import type { Mailbox } from '../context.ts';

/** [inbucket] of supabase/config.toml: the Supabase CLI's mail catcher, here the stack's mailbox. */
export interface MailboxConfig {
  /** Whether the mailbox listens for SMTP at all. */
  enabled: boolean;
  /** Where it listens for SMTP (127.0.0.1 only); 0 picks a free port. */
  smtpPort: number;
}

export function mailboxConfig(config: RawConfig): MailboxConfig {
  const inbucket = section(config, 'inbucket');
  return { enabled: bool(inbucket['enabled'], true), smtpPort: num(inbucket['smtp_port'], 54325) };
}

/** Roomy for any transactional e-mail, small enough that a runaway client cannot fill the database. */
export const SMTP_SIZE_LIMIT = 2 * 1024 * 1024;

/** The header the app's transport names a message's purpose with; the mailbox lists it as `kind`. */
const KIND_HEADER = 'x-unipath-kind';
const KIND = /^[a-z0-9_.-]{1,64}$/i;

export interface SmtpListener {
  port: number;
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  close(): Promise<void>;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

function addresses(list: AddressObject | AddressObject[] | undefined): string[] {
  const groups = list ? (Array.isArray(list) ? list : [list]) : [];
  return groups.flatMap((group) => group.value.map((entry) => entry.address ?? '')).filter(Boolean);
}

/**
 * A real SMTP server in front of the local mailbox, as Mailpit is for the Supabase CLI: anything the
 * app (or auth, with [auth.email.smtp]) sends to it is stored once per envelope recipient and shown
 * at /mailbox. It listens on 127.0.0.1 only and refuses other clients; no STARTTLS, and AUTH is
 * optional (any credentials are accepted, since nothing leaves the machine).
 */
export async function startSmtpListener(deps: {
  mailbox: Mailbox;
  port: number;
  log(message: string): void;
}): Promise<SmtpListener> {
  const options: SMTPServerOptions = {
    name: 'unipath-local-mailbox',
    banner: 'Unipath local mailbox',
    size: SMTP_SIZE_LIMIT,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    closeTimeout: 2_000,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'local' });
    },
    onConnect(session, callback) {
      callback(
        LOOPBACK.test(session.remoteAddress) ? null : smtpError('Only local clients may send here', 554),
      );
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (stream.sizeExceeded) throw smtpError('Message exceeds the size limit', 552);
          const header = parsed.headers.get(KIND_HEADER);
          const kind = typeof header === 'string' && KIND.test(header.trim()) ? header.trim() : 'email';
          const envelope = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const recipients = envelope.length > 0 ? envelope : addresses(parsed.to);
          for (const to of recipients) {
            await deps.mailbox.deliver({
              channel: 'email',
              to,
              kind,
              subject: parsed.subject ?? '',
              // The line break MIME ends a body with is the wire's, not the sender's.
              text: (parsed.text ?? '').replace(/\r?\n$/, ''),
              ...(typeof parsed.html === 'string' ? { html: parsed.html } : {}),
              attachments: parsed.attachments.map((file) => ({
                filename: file.filename ?? 'attachment',
                content_type: file.contentType,
                size: file.size,
              })),
            });
          }
          callback();
        })
        .catch((error: unknown) => {
          stream.resume();
          const known = error instanceof Error && 'responseCode' in error;
          if (!known) deps.log(`mailbox: could not store a message: ${String(error)}`);
          callback(known ? error : smtpError('The mailbox could not store the message', 451));
        });
    },
  };
  const server = new SMTPServer(options);
  server.on('error', (error) => deps.log(`mailbox: SMTP error: ${error.message}`));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(deps.port, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
