import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const MiB = 1024 * 1024;
const MIN_BUFFERS_MB = 16;
const MAX_BUFFERS_MB = 128;

// PGlite runs Postgres inside one WebAssembly heap that never shrinks, and it claims all of its
// shared buffers as it opens (126 MB of buffers: about 104 MiB more resident from the start). So they
// are sized to the data each time the database opens: a quarter of its tables and indexes, from 16 MB
// (the demo data, a few dozen megabytes, stays small) up to Postgres's stock 128 MB. Pages that miss
// the buffers come from files through PGlite's file layer, several times slower than a buffer: with
// 16 MB, a search over 100,000 courses read most of its rows that way.
export function pgliteSettings(dataBytes: number): string[] {
  const quarter = Math.round(dataBytes / 4 / MiB);
  return [`shared_buffers = ${Math.min(MAX_BUFFERS_MB, Math.max(MIN_BUFFERS_MB, quarter))}MB`];
}

/** The bytes a data folder's tables and indexes take (its `base` folder); 0 before initdb. */
export function databaseBytes(dataDir: string): number {
  const base = join(dataDir, 'base');
  let entries: string[];
  try {
    entries = readdirSync(base, { recursive: true, encoding: 'utf8' });
  } catch {
    return 0;
  }
  let total = 0;
  for (const entry of entries) {
    const stats = statSync(join(base, entry), { throwIfNoEntry: false });
    if (stats?.isFile()) total += stats.size;
  }
  return total;
}
