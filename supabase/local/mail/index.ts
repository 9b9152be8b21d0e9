import type { Mailbox, OutgoingMessage, Service, ServiceRequest } from '../context.ts';
import type { Database } from '../db/types.ts';
import { sendJson, sendText } from '../http/respond.ts';
import { renderMailboxPage } from './page.ts';

export interface StoredMessage extends OutgoingMessage {
  id: number;
  created_at: string;
}

async function list(db: Database, to: string | null): Promise<StoredMessage[]> {
  const result = await db.query<StoredMessage>(
    `select id::int as id, channel, recipient as "to", kind, subject, body_text as text, body_html as html, attachments,
            to_char(created_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
       from _local.mailbox where $1::text is null or lower(recipient) = lower($1) order by id desc limit 200`,
    [to],
  );
  return result.rows;
}

/**
 * The local mailbox: every e-mail and SMS the stack would send is kept here, printed to the log and
 * readable at /mailbox (a page for people) and /mailbox/api/messages (JSON for tests). The app's own
 * e-mails arrive over SMTP (./smtp.ts), as they would at any mail server.
 */
export async function createMailService(deps: {
  db: Database;
  apiUrl: string;
  log(message: string): void;
}): Promise<{ service: Service; mailbox: Mailbox }> {
  const { db, log } = deps;
  const mailbox: Mailbox = {
    async deliver(message) {
      await db.query(
        'insert into _local.mailbox (channel, recipient, kind, subject, body_text, body_html, attachments) values ($1, $2, $3, $4, $5, $6, $7)',
        [
          message.channel,
          message.to,
          message.kind,
          message.subject,
          message.text,
          message.html ?? null,
          JSON.stringify(message.attachments ?? []),
        ],
      );
      log(
        `mailbox: ${message.channel} to ${message.to} (${message.kind}): ${message.subject}\n${message.text}`,
      );
    },
  };
  const service: Service = {
    async handle({ req, res, url, path }: ServiceRequest) {
      if (path === '/api/messages' && req.method === 'GET') {
        sendJson(res, 200, { messages: await list(db, url.searchParams.get('to')) });
      } else if (path === '/api/messages' && req.method === 'DELETE') {
        await db.exec('delete from _local.mailbox');
        sendJson(res, 200, { deleted: true });
      } else if ((path === '/' || path === '') && req.method === 'GET') {
        sendText(res, 200, renderMailboxPage(await list(db, url.searchParams.get('to'))), {
          'content-type': 'text/html; charset=utf-8',
        });
      } else {
        sendJson(res, 404, { message: 'Not found' });
      }
    },
  };
  return { service, mailbox };
}
