import { describe, expect, it } from 'vitest';
import { parseStatementCsv, STATEMENT_LIMITS } from '../../../src/features/admin/payments/statement-csv.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const HEADER = 'date,amount,currency,reference,payer\n';

function rowsOf(text: string) {
  const parsed = parseStatementCsv(bytes(text));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows;
}

function refusal(input: string | Uint8Array): string {
  const parsed = parseStatementCsv(typeof input === 'string' ? bytes(input) : input);
  if (parsed.ok) throw new Error('the file was accepted');
  return parsed.message;
}

describe('a bank statement CSV', () => {
  it('reads each payment with its amount in minor units', () => {
    const [row] = rowsOf(`${HEADER}2026-11-30,28.50,gbp,Fee UP-2026-ABC123,Amara Okafor\n`);
    expect(row).toMatchObject({ line: 2, problem: null });
    expect(row?.sent).toEqual({
      date: '2026-11-30',
      amount_minor: 2850,
      currency: 'GBP',
      reference: 'Fee UP-2026-ABC123',
      payer: 'Amara Okafor',
    });
  });

  it('finds its columns by the header in any case and order, ignoring others, with a BOM', () => {
    const [row] = rowsOf(
      '\uFEFFPayer,Balance,REFERENCE,Amount,Currency,Date\r\n"Okafor, Amara",100.00,UP-2026-ABC123,"1,000.00",EUR,2026-11-30\r\n',
    );
    expect(row?.sent).toEqual({
      date: '2026-11-30',
      amount_minor: 100000,
      currency: 'EUR',
      reference: 'UP-2026-ABC123',
      payer: 'Okafor, Amara',
    });
  });

  it('may leave the payer out, and skips blank lines', () => {
    const rows = rowsOf('date,amount,currency,reference\n\n2026-11-30,5000,JPY,UP-2026-ABC123\n,,,\n');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sent).toMatchObject({ amount_minor: 5000, payer: '' });
  });

  it('numbers rows by the file line they end on', () => {
    const rows = rowsOf(`${HEADER}2026-11-30,1.00,GBP,"two\nlines",A\n\n2026-11-30,2.00,GBP,r,B\n`);
    expect(rows.map((row) => row.line)).toEqual([3, 5]);
  });

  it('keeps a row it cannot read, with its problem, sent so the import answers it as not matched', () => {
    const rows = rowsOf(
      `${HEADER}30/11/2026,28.50,GBP,r,A\n2026-02-30,28.50,GBP,r,A\n2026-11-30,28.505,GBP,r,A\n2026-11-30,28.50,£,r,A\n`,
    );
    expect(rows.map((row) => row.problem)).toEqual([
      'The date “30/11/2026” is not a day written as YYYY-MM-DD.',
      'The date “2026-02-30” is not a day written as YYYY-MM-DD.',
      'The amount “28.505” is not an amount in GBP (at most 2 decimals).',
      'The currency “£” is not a three-letter code.',
    ]);
    expect(rows.every((row) => row.sent.date === '' || row.sent.amount_minor === '')).toBe(true);
  });

  it('sends money going out as a negative amount', () => {
    expect(rowsOf(`${HEADER}2026-11-30,-12.00,GBP,r,A\n`)[0]?.sent.amount_minor).toBe(-1200);
  });
});

describe('a statement that cannot be imported', () => {
  it('is refused when empty or only a header', () => {
    expect(refusal('')).toBe('The file is empty.');
    expect(refusal(HEADER)).toBe('The file has a header but no payments.');
  });

  it('is refused without the header row', () => {
    expect(refusal('2026-11-30,28.50,GBP,UP-2026-ABC123,Amara\n')).toMatch(
      /^The first row must name the columns date, amount, currency, reference and payer; it lacks date, amount, currency, reference\.$/,
    );
    expect(refusal('date,amount,currency\n2026-11-30,1,GBP\n')).toContain('it lacks reference');
    expect(refusal('date,Date,amount,currency,reference\n1,2,3,4,5\n')).toBe(
      'The header names the column “date” twice.',
    );
  });

  it('says so when the columns are separated by semicolons', () => {
    expect(refusal('date;amount;currency;reference;payer\n2026-11-30;1;GBP;r;p\n')).toContain('semicolons');
  });

  it('is refused when malformed, naming the line', () => {
    expect(refusal(`${HEADER}2026-11-30,28.50,GBP,"UP-2026-ABC123,A\n`)).toBe(
      'A quoted field is never closed (line 2).',
    );
    expect(refusal(`${HEADER}2026-11-30,28.50,GBP,r\n`)).toBe(
      'A row has a different number of columns from the header (line 2).',
    );
  });

  it('is refused when it is not UTF-8 text', () => {
    expect(refusal(new Uint8Array([...bytes(HEADER), 0xa3, 0x32, 0x0a]))).toContain('not UTF-8');
    expect(refusal(new Uint8Array([...bytes(HEADER), 0x00, 0x0a]))).toBe('The file is not a CSV text file.');
  });

  it('is refused above 5,000 rows, and 5,000 are read', () => {
    const row = '2026-11-30,1.00,GBP,UP-2026-ABC123,A\n';
    expect(rowsOf(HEADER + row.repeat(STATEMENT_LIMITS.rows))).toHaveLength(5000);
    expect(refusal(HEADER + row.repeat(STATEMENT_LIMITS.rows + 1))).toBe(
      'Import at most 5,000 rows at a time: split the file.',
    );
  });

  it('is refused above 1 MB', () => {
    const big = new Uint8Array(STATEMENT_LIMITS.bytes + 1).fill(0x61);
    expect(refusal(big)).toBe('The file is larger than 1 MB: split it and import each part.');
  });
});
