import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RawConfig } from './config.ts';
import type { Database } from './db/types.ts';
import type { GatewayCaller } from './http/gateway.ts';
import type { Keys } from './keys.ts';

/** What every service of the stack shares. */
export interface StackContext {
  db: Database;
  keys: Keys;
  config: RawConfig;
  /** The public base URL of the stack, e.g. http://127.0.0.1:54321. */
  apiUrl: string;
  /** A folder for files the stack keeps (storage objects, keys); absent in memory mode. */
  dataDir: string | null;
  /** Folder for storage objects (inside dataDir, or a temp folder in memory mode). */
  storageDir: string;
  mailbox: Mailbox;
  log(message: string): void;
  /** Milliseconds since the epoch (Date.now unless a test gives its own). */
  clock(): number;
}

export interface ServiceRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The path below the service prefix, starting with `/` (`/token` for `/auth/v1/token`). */
  path: string;
  caller: GatewayCaller;
}

export interface Service {
  handle(request: ServiceRequest): Promise<void>;
  close?(): Promise<void>;
}

export type ServiceFactory = (ctx: StackContext) => Promise<Service> | Service;

/** An e-mail or SMS the stack would send; the local mailbox keeps it instead. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  /** What the message is for: confirmation, magic_link, recovery, email_change, reauthentication, invite, mfa_sms… */
  kind: string;
  subject: string;
  text: string;
  html?: string;
  /** The files that came with an e-mail, by name, type and size. */
  attachments?: MailboxAttachment[];
}

export interface MailboxAttachment {
  filename: string;
  content_type: string;
  size: number;
}

export interface Mailbox {
  deliver(message: OutgoingMessage): Promise<void>;
}
