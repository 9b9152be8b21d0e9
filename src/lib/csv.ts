export type CsvValue = string | number | boolean | null | undefined;

/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection"): = + - @, and tab or carriage
 * return, which some spreadsheets skip before looking for one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 field: quoted when it holds a quote, comma or line break; formulas defused with a leading '. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const raw = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  const text = typeof value === 'string' && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record with its CRLF line end, for documents written a few lines at a time. */
export function csvLine(row: readonly CsvValue[]): string {
  return `${row.map(csvCell).join(',')}\r\n`;
}

/** A whole CSV document with CRLF line ends, as RFC 4180 and spreadsheets expect. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}
