import { CsvError, parse } from 'csv-parse/sync';
import { isRealDay } from '../catalogue/field-rules.ts';
import { currencyExponent, parseMinor } from '../../payments/money.ts';

/** What import_statement takes at most, and the largest file the form reads. */
export const STATEMENT_LIMITS = { rows: 5000, bytes: 1024 * 1024 } as const;

const COLUMNS = ['date', 'amount', 'currency', 'reference', 'payer'] as const;
const REQUIRED = ['date', 'amount', 'currency', 'reference'] as const;
type Column = (typeof COLUMNS)[number];

/** One payment as the statement wrote it, and what import_statement is sent for it. */
export interface StatementRow {
  /** The file's line where the row ends (a quoted field may span lines). */
  line: number;
  date: string;
  amount: string;
  currency: string;
  reference: string;
  payer: string;
  /** Why the row cannot be read here; the database then answers it as not matched. */
  problem: string | null;
  /** The row as import_statement reads it: an unreadable date or amount is sent blank. */
  sent: { date: string; amount_minor: number | string; currency: string; reference: string; payer: string };
}

export type StatementParse = { ok: true; rows: StatementRow[] } | { ok: false; message: string };

const refused = (message: string): StatementParse => ({ ok: false, message });

/** Where each known column stands in the header, or why the header will not do. */
function headerColumns(header: readonly string[]): Map<Column, number> | string {
  const names = header.map((name) => name.trim().toLowerCase());
  const positions = new Map<Column, number>();
  for (const [index, name] of names.entries()) {
    const column = COLUMNS.find((known) => known === name);
    if (!column) continue;
    if (positions.has(column)) return `The header names the column “${column}” twice.`;
    positions.set(column, index);
  }
  const missing = REQUIRED.filter((column) => !positions.has(column));
  if (missing.length === 0) return positions;
  if (names.length === 1 && names[0]?.includes(';')) {
    return 'The columns are separated by semicolons: save the file as CSV with commas (“CSV UTF-8”).';
  }
  return `The first row must name the columns date, amount, currency, reference and payer; it lacks ${missing.join(', ')}.`;
}

function problemOf(date: string, amount: string, currency: string): string | null {
  if (!isRealDay(date)) return `The date “${date}” is not a day written as YYYY-MM-DD.`;
  if (!/^[A-Z]{3}$/.test(currency)) return `The currency “${currency}” is not a three-letter code.`;
  if (parseMinor(amount, currency, { negative: true }) === null) {
    const decimals = currencyExponent(currency);
    return `The amount “${amount}” is not an amount in ${currency} (${decimals === 0 ? 'no decimals' : `at most ${decimals} decimals`}).`;
  }
  return null;
}

function rowOf(fields: readonly string[], line: number, columns: Map<Column, number>): StatementRow {
  const cell = (column: Column) => {
    const at = columns.get(column);
    return at === undefined ? '' : (fields[at] ?? '').trim();
  };
  const [date, amount, reference, payer] = [cell('date'), cell('amount'), cell('reference'), cell('payer')];
  const currency = cell('currency').toUpperCase();
  const problem = problemOf(date, amount, currency);
  const minor = problem ? null : parseMinor(amount, currency, { negative: true });
  return {
    line,
    date,
    amount,
    currency,
    reference,
    payer,
    problem,
    sent: { date: problem ? '' : date, amount_minor: minor ?? '', currency, reference, payer },
  };
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

function csvProblem(error: unknown): string {
  const line =
    error instanceof CsvError && typeof error['lines'] === 'number' ? ` (line ${error['lines']})` : '';
  if (error instanceof CsvError && error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') {
    return `A row has a different number of columns from the header${line}.`;
  }
  if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
    return `A quoted field is never closed${line}.`;
  }
  return `The file is not a readable CSV file${line}.`;
}

/**
 * A bank statement exported as CSV: a header row naming date, amount, currency, reference and
 * payer (any case, any order, other columns ignored; payer may be left out), then one payment per
 * row. A file that is too large, not UTF-8 text, malformed or longer than 5,000 rows is refused
 * whole; a row whose date or amount cannot be read is kept with its problem, for the import to
 * answer it as not matched.
 */
export function parseStatementCsv(bytes: Uint8Array): StatementParse {
  if (bytes.byteLength === 0) return refused('The file is empty.');
  if (bytes.byteLength > STATEMENT_LIMITS.bytes)
    return refused('The file is larger than 1 MB: split it and import each part.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refused('The file is not UTF-8 text: save it as “CSV UTF-8” and import it again.');
  }
  if (text.includes('\0')) return refused('The file is not a CSV text file.');
  let records: ParsedRecord[];
  try {
    // csv-parse's overloads do not describe `info: true`, which wraps each record with its position.
    records = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      to: STATEMENT_LIMITS.rows + 2,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    return refused(csvProblem(error));
  }
  const [header, ...body] = records;
  if (!header) return refused('The file is empty.');
  const columns = headerColumns(header.record);
  if (typeof columns === 'string') return refused(columns);
  if (body.length === 0) return refused('The file has a header but no payments.');
  if (body.length > STATEMENT_LIMITS.rows)
    return refused('Import at most 5,000 rows at a time: split the file.');
  return { ok: true, rows: body.map(({ record, info }) => rowOf(record, info.lines, columns)) };
}
