import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** The envelope's recipients (RCPT TO). */
  rcptTo: string[];
  mailFrom: string;
  parsed: ParsedMail;
}

/** A header as it was written on the wire (`List-Unsubscribe: <…>` → `<…>`), or undefined. */
export function rawHeader(parsed: ParsedMail, name: string): string | undefined {
  const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

export interface CaptureServer {
  url: string;
  received: CapturedMail[];
  /** The credentials clients signed in with (AUTH PLAIN or LOGIN). */
  logins: { username: string; password: string }[];
  close(): Promise<void>;
}

/**
 * A throwaway SMTP server on a free 127.0.0.1 port that keeps what it is sent, or, with `refuse`,
 * answers every recipient with that permanent refusal (as a relay refusing a message would).
 */
export async function startCaptureServer(options: { refuse?: string } = {}): Promise<CaptureServer> {
  const received: CapturedMail[] = [];
  const logins: CaptureServer['logins'] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      callback(options.refuse ? Object.assign(new Error(options.refuse), { responseCode: 550 }) : null);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.push({
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            parsed,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client that drops its connection (an app server stopped mid-session, in the fleet tests) makes
  // the server emit 'error'; a relay shrugs that off, and unheard it would crash the test process.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error('smtp capture:', error);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    logins,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
