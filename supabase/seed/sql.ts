/** SQL text helpers for writing the seed file. */
export type SqlValue = string | number | boolean | null | readonly string[];

export function literal(value: SqlValue): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  return `array[${value.map(literal).join(', ')}]::text[]`;
}

/** One multi-row insert; rows are objects with the same keys in the same order. */
export function insert(table: string, rows: readonly Record<string, SqlValue>[]): string {
  const first = rows[0];
  if (!first) return '';
  const columns = Object.keys(first);
  const values = rows.map((row) => `  (${columns.map((c) => literal(row[c] ?? null)).join(', ')})`);
  return `insert into ${table} (${columns.join(', ')}) values\n${values.join(',\n')};\n`;
}

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
