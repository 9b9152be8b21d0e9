import type { APIContext } from 'astro';
import { isStaff } from '../../../lib/auth/session-user.ts';
import { csvDownload, xlsxDownload, type SheetTable } from '../../../lib/spreadsheet.server.ts';
import { readReportFilters } from './report-filters.ts';
import { loadReport } from './report.server.ts';
import { reportTables, type ReportTable } from './report-tables.ts';

const sheet = (table: ReportTable): SheetTable => ({
  name: table.title,
  columns: table.columns,
  rows: table.rows,
});

/**
 * /admin/reports/export.csv?table=… and /admin/reports/export.xlsx: the reports of the page's
 * filters as a download, one table as CSV or every table as a workbook sheet.
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
    return csvDownload(sheet(table), `unipath-${table.id}-${report.cycle}-${day}.csv`);
  }
  return xlsxDownload(tables.map(sheet), `unipath-reports-${report.cycle}-${day}.xlsx`);
}
