import type { APIContext } from 'astro';
import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/node';
import { isStaff } from '../../../lib/auth/session-user.ts';
import { toCsv } from '../../../lib/csv.ts';
import { readReportFilters } from './report-filters.ts';
import { loadReport } from './report.server.ts';
import { reportTables, type ReportTable } from './report-tables.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A sheet's name: at most 31 characters, none of those a workbook refuses. */
function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
}

function sheetOf(table: ReportTable): SheetData {
  const header: Cell[] = table.columns.map((column) => ({ value: column.label, fontWeight: 'bold' }));
  const rows: Cell[][] = table.rows.map((row) =>
    row.map((value, index) => {
      if (value === null) return null;
      const kind = table.columns[index]?.kind ?? 'text';
      if (typeof value === 'number' && kind !== 'text' && kind !== 'day') {
        return { value, type: Number, ...(kind === 'count' ? {} : { format: '0.0' }) };
      }
      return { value: String(value), type: String };
    }),
  );
  return [header, ...rows];
}

function download(body: BodyInit, type: string, name: string): Response {
  return new Response(body, {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
    },
  });
}

/**
 * /admin/reports/export.csv?table=… and /admin/reports/export.xlsx: the reports of the page's
 * filters as a download, one table as CSV (formula-safe) or every table as a workbook sheet.
 */
export async function exportReport(context: APIContext, format: 'csv' | 'xlsx'): Promise<Response> {
  const { supabase, user } = context.locals;
  if (!supabase || !isStaff(user ?? null)) return new Response(null, { status: 404 });
  const params = context.url.searchParams;
  const report = await loadReport(supabase, readReportFilters(params));
  if (!report)
    return new Response('The reports could not be read just now. Try again in a moment.', { status: 503 });
  const tables = reportTables(report);
  const day = report.as_of.slice(0, 10);
  if (format === 'csv') {
    const table = tables.find((candidate) => candidate.id === params.get('table'));
    if (!table) return new Response('Name the report to export, such as table=funnel.', { status: 400 });
    const csv = toCsv(
      table.columns.map((column) => column.label),
      table.rows,
    );
    return download(
      `\uFEFF${csv}`,
      'text/csv; charset=utf-8',
      `unipath-${table.id}-${report.cycle}-${day}.csv`,
    );
  }
  const workbook = await writeXlsxFile(
    tables.map((table) => ({ data: sheetOf(table), sheet: sheetName(table.title) })),
  ).toBuffer();
  return download(new Uint8Array(workbook), XLSX_TYPE, `unipath-reports-${report.cycle}-${day}.xlsx`);
}
