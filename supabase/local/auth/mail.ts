import type { OutgoingMessage } from '../context.ts';
import type { AuthDeps } from './deps.ts';
import type { EmailTemplate } from './settings.ts';
import { AuthError, tooManyRequests } from './errors.ts';

/** Messages composed inside a transaction and delivered once it has committed. */
export type Outbox = OutgoingMessage[];

/** The link every e-mail carries: `<issuer>/verify?token=…&type=…&redirect_to=…`. */
export function verifyLink(deps: AuthDeps, hash: string, type: string, redirectTo: string): string {
  const params = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${deps.issuer}/verify?${params.toString()}`;
}

/** When a message is sent, by the stack's clock: the resend window is measured against the same clock. */
export const sentNow = (deps: AuthDeps) => new Date(deps.stack.clock());

/** Refuses a resend inside the per-user window (`max_frequency`) as GoTrue does; `now` is the stack's clock. */
export function assertFrequency(now: number, sentAt: Date | null, seconds: number, sms = false): void {
  if (!sentAt) return;
  const wait = Math.ceil(seconds - (now - sentAt.getTime()) / 1000);
  if (wait > 0)
    throw tooManyRequests(
      sms ? 'over_sms_send_rate_limit' : 'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
}

/** Takes one message from the hourly budget of its channel; 429 when the budget is spent. */
export function takeSendBudget(deps: AuthDeps, channel: 'email' | 'sms'): void {
  const { emailSent, smsSent } = deps.config.rateLimit;
  if (channel === 'email' && !deps.limiter.hit('email_sent', emailSent, 3600))
    throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
  if (channel === 'sms' && !deps.limiter.hit('sms_sent', smsSent, 3600))
    throw tooManyRequests('over_sms_send_rate_limit', 'SMS rate limit exceeded');
}

interface EmailParts {
  to: string;
  kind: string;
  subject: string;
  lead: string;
  otp: string;
  link?: string;
  /** The project's wording ([auth.email.template.*]) and the values its variables take. */
  template?: EmailTemplate | undefined;
  vars?: Readonly<Record<string, string>>;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A template's HTML with its variables filled in (`{{ .ConfirmationURL }}`, `{{ .Token }}`…), each
 * value escaped. Only plain variables are understood, not Go's actions ({{ if }}, {{ range }}).
 */
export function renderEmailTemplate(content: string, vars: Readonly<Record<string, string>>): string {
  return content.replace(/\{\{\s*\.([A-Za-z]+)\s*\}\}/g, (_, name: string) => escapeHtml(vars[name] ?? ''));
}

/** The text part of a templated e-mail: its words, each link written out after its label. */
export function textOfHtml(html: string): string {
  return html
    .replace(/\s+/g, ' ')
    .replace(
      /<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis,
      (_, href: string, label: string) => `${label}: ${href}`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|div)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .concat('\n');
}

/** The project's template for one of Auth's e-mails, with the values every template may use. */
export function templateFor(
  deps: AuthDeps,
  type: string,
  vars: Readonly<Record<string, string>>,
): Pick<EmailParts, 'template' | 'vars'> {
  return {
    template: deps.config.email.templates[type],
    vars: { SiteURL: deps.config.siteUrl, ...vars },
  };
}

/** An e-mail with its link and 6-digit code, in text and HTML. */
export function email(parts: EmailParts): OutgoingMessage {
  const subject = parts.template?.subject ?? parts.subject;
  const content = parts.template?.content;
  if (content) {
    const vars = { Email: parts.to, Token: parts.otp, ConfirmationURL: parts.link ?? '', ...parts.vars };
    const html = renderEmailTemplate(content, vars);
    return { channel: 'email', to: parts.to, kind: parts.kind, subject, text: textOfHtml(html), html };
  }
  if (subject !== parts.subject) return email({ ...parts, subject, template: undefined });
  const text = parts.link
    ? `${parts.lead}\n\n${parts.link}\n\nOr enter this code: ${parts.otp}\n`
    : `${parts.lead}\n\nYour code: ${parts.otp}\n`;
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const link = parts.link ? `<p><a href="${escape(parts.link)}">${escape(parts.subject)}</a></p>` : '';
  const html = `<h2>${escape(parts.subject)}</h2><p>${escape(parts.lead)}</p>${link}<p>Code: <strong>${parts.otp}</strong></p>`;
  return { channel: 'email', to: parts.to, kind: parts.kind, subject: parts.subject, text, html };
}

export function sms(to: string, kind: string, otp: string): OutgoingMessage {
  return { channel: 'sms', to, kind, subject: 'SMS', text: `Your code is ${otp}` };
}

/**
 * Sends what a request composed: e-mails through [auth.email.smtp] when it is enabled, otherwise
 * (and every SMS) straight into the local mailbox. A refused e-mail answers 500 as GoTrue does.
 */
export async function deliverAll(deps: AuthDeps, outbox: Outbox): Promise<void> {
  for (const message of outbox) {
    if (message.channel !== 'email' || !deps.mailer) {
      await deps.stack.mailbox.deliver(message);
      continue;
    }
    try {
      await deps.mailer.send(message);
    } catch (error) {
      deps.stack.log(`auth: ${message.kind} e-mail to ${message.to} not sent: ${(error as Error).message}`);
      throw new AuthError(
        500,
        'unexpected_failure',
        `Error sending ${message.kind.replace(/_/g, ' ')} email`,
      );
    }
  }
}
