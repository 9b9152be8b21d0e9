import { createTransport } from 'nodemailer';
import type { OutgoingMessage } from '../context.ts';
import type { AuthSmtpConfig } from './settings.ts';

/** Sends auth's e-mails through the mail server of [auth.email.smtp], as GoTrue does with SMTP_*. */
export interface AuthMailer {
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

const TIMEOUT_MS = 10_000;

/** A display name quoted when it needs to be (`"Admissions, Unipath" <a@b>`). */
function fromHeader(smtp: AuthSmtpConfig): string {
  if (!smtp.senderName) return smtp.adminEmail;
  const name = /^[\w .'-]*$/.test(smtp.senderName)
    ? smtp.senderName
    : `"${smtp.senderName.replace(/["\\]/g, '\\$&')}"`;
  return `${name} <${smtp.adminEmail}>`;
}

export function createAuthMailer(smtp: AuthSmtpConfig): AuthMailer {
  const transporter = createTransport({
    host: smtp.host,
    port: smtp.port,
    // 465 speaks TLS from the start; other ports upgrade with STARTTLS when the server offers it.
    secure: smtp.port === 465,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass } } : {}),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 3 * TIMEOUT_MS,
  });
  const from = fromHeader(smtp);
  return {
    async send(message) {
      const info = await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        // The local mailbox lists the message under this kind when it is the server.
        headers: { 'X-Unipath-Kind': message.kind },
      });
      if (((info.rejected as unknown[] | undefined) ?? []).length > 0)
        throw new Error(`the mail server refused ${message.to}`);
    },
    close() {
      transporter.close();
    },
  };
}
