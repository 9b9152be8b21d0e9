import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/node';
import { toCsv } from './csv.ts';

/**
 * Tables as downloads: CSV (formula-safe, with a byte order mark so spreadsheets read UTF-8) or an
 * .xlsx workbook of one sheet per table. Figures stay numbers in the workbook; text stays text, so
 * nothing in a cell is ever run as a formula.
 */
export type SheetKind = 'text' | 'count' | 'decimal' | 'percent' | 'days' | 'day';
export type SheetValue = string | number | null;

export interface SheetTable {
  /** The sheet's name; cut to 31 characters and cleared of the characters a workbook refuses. */
  name: string;
  columns: readonly { label: string; kind: SheetKind }[];
  rows: readonly (readonly SheetValue[])[];
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
}

function sheetOf(table: SheetTable): SheetData {
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

function download(body: BodyInit, type: string, fileName: string): Response {
  return new Response(body, {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="${fileName}"`,
      // Personal data and staff figures stay out of every cache.
      'cache-control': 'no-store',
    },
  });
}

/** A CSV document (or a stream of one) as a download; the body starts with its byte order mark. */
export function csvResponse(body: BodyInit, fileName: string): Response {
  return download(body, 'text/csv; charset=utf-8', fileName);
}

export function csvDownload(table: SheetTable, fileName: string): Response {
  const csv = toCsv(
    table.columns.map((column) => column.label),
    table.rows,
  );
  return csvResponse(`\uFEFF${csv}`, fileName);
}

export async function xlsxDownload(tables: readonly SheetTable[], fileName: string): Promise<Response> {
  const workbook = await writeXlsxFile(
    tables.map((table) => ({ data: sheetOf(table), sheet: sheetName(table.name) })),
  ).toBuffer();
  return download(new Uint8Array(workbook), XLSX_TYPE, fileName);
}
