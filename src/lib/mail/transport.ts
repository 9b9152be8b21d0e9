import { createTransport, type Transporter } from 'nodemailer';

/** One e-mail as the app hands it to whatever delivers mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** What the message is for, e.g. application_submitted; sent as the X-Unipath-Kind header. */
  kind: string;
  /** The one-click unsubscribe link of a reminder people may turn off. */
  unsubscribeUrl?: string | undefined;
  /** Stable across retries of the same message (the outbox row's id): the Message-ID is made from it. */
  messageKey?: string | undefined;
  /** Files sent with the message, such as the PDF of a decision letter. */
  attachments?: MailAttachment[] | undefined;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Delivers one message or throws; a throw means the message was not accepted. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  /** Lets go of any connection the transport keeps open. */
  close?(): void;
}

/** Who the app's e-mails are from when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Unipath <no-reply@unipath.local>';

const TIMEOUT_MS = 10_000;

/** The domain of a From address (`Name <a@b>` or `a@b`), for Message-IDs; `unipath.local` when there is none. */
export function domainOf(from: string): string {
  const match = /@([^\s<>@]+?)>?\s*$/.exec(from);
  return match?.[1]?.toLowerCase() ?? 'unipath.local';
}

/** The headers that say what a message is and how to stop reminders, beside the usual ones. */
export function headersFor(message: MailMessage): Record<string, string> {
  const headers: Record<string, string> = { 'X-Unipath-Kind': message.kind };
  if (message.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${message.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return headers;
}

/**
 * Sends through an SMTP server named by a URL: smtp://user:pass@host:587 (STARTTLS when the server
 * offers it), smtps://…:465 (TLS from the start); nodemailer's options may follow as a query
 * (?pool=true). The same transport serves the local stack's mailbox and a production relay. A
 * refused recipient or message throws with the server's answer.
 */
export function createSmtpTransport(options: { url: string; from?: string | undefined }): MailTransport {
  const from = options.from?.trim() || DEFAULT_MAIL_FROM;
  const domain = domainOf(from);
  const transporter: Transporter = createTransport(
    {
      url: options.url,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: 3 * TIMEOUT_MS,
    },
    { from },
  );
  return {
    async send(message) {
      const info = await transporter.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        headers: headersFor(message),
        ...(message.messageKey ? { messageId: `<${message.messageKey}@${domain}>` } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      });
      const rejected = (info.rejected as unknown[] | undefined) ?? [];
      if (rejected.length > 0) throw new Error(`the mail server refused ${String(rejected[0])}`);
    },
    close() {
      transporter.close();
    },
  };
}
