/** One e-mail as the app hands it to whatever delivers mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is for, e.g. application_submitted. */
  kind: string;
}

/** Delivers one message or throws; a throw means the message was not accepted. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

const SEND_TIMEOUT_MS = 10_000;

/**
 * Posts each message as JSON to a Mailpit-style send endpoint (the local stack's mailbox, or a relay
 * speaking the same shape). Anything but a 2xx answer counts as not delivered.
 */
export function createHttpTransport(endpoint: string, fetchImpl: typeof fetch = fetch): MailTransport {
  return {
    async send(message) {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 200);
        throw new Error(`mail endpoint answered ${response.status}${detail ? `: ${detail}` : ''}`);
      }
    },
  };
}
