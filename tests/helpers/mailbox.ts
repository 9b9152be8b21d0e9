/** One message as the local mailbox's JSON API lists it. */
export interface MailboxMessage {
  kind: string;
  subject: string;
  text: string;
  html: string | null;
}

/** The messages the local mailbox at `mailboxUrl` (<stack>/mailbox) holds for `to`, newest first. */
export async function mailboxMessages(mailboxUrl: string, to: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${mailboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}
