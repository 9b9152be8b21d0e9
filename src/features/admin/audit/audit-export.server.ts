import type { APIContext } from 'astro';
import { isAdmin } from '../../../lib/auth/session-user.ts';
import { csvResponse } from '../../../lib/spreadsheet.server.ts';
import { auditCsvLine, AUDIT_CSV_HEADER } from './audit-csv.ts';
import type { AuditEntry } from './audit-entry.ts';
import { parseAuditQuery } from './audit-query.ts';
import { readAuditBatch } from './audit.server.ts';

const BATCH = 500;

/**
 * /admin/audit/export.csv: every entry of the log's current filters as a download, streamed a batch
 * at a time so a long log never sits in memory. The first batch is read before answering, so a
 * failure is a plain error page rather than a cut-off file. The byte order mark makes spreadsheets
 * read UTF-8; no-store keeps the log out of caches.
 */
export async function exportAudit(context: APIContext): Promise<Response> {
  const { supabase, user } = context.locals;
  // An endpoint's 404 is sent as it is (Astro shows its 404 page only for pages), so it says so itself.
  if (!supabase || !isAdmin(user ?? null)) {
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const query = parseAuditQuery(context.url.searchParams);
  let batch: AuditEntry[];
  try {
    batch = await readAuditBatch(supabase, query, null, BATCH);
  } catch (error) {
    console.error('Exporting the audit log failed', (error as Error).message);
    return new Response('The audit log could not be exported just now. Try again in a moment.', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${AUDIT_CSV_HEADER}`));
    },
    async pull(controller) {
      controller.enqueue(encoder.encode(batch.map(auditCsvLine).join('')));
      const last = batch.at(-1);
      if (batch.length < BATCH || !last) {
        controller.close();
        return;
      }
      batch = await readAuditBatch(supabase, query, last.id, BATCH);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(body, `unipath-audit-log-${day}.csv`);
}
