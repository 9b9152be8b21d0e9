/**
 * Runs pgTAP test files on PGlite: the migrated, seeded template database with the pgtap extension,
 * the way `supabase test db` runs them on a Postgres server.
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { pgtap } from '@electric-sql/pglite-pgtap';
import { openPreparedMemoryDatabase } from '../../supabase/local/db/open.ts';
import type { Database } from '../../supabase/local/db/types.ts';

export interface TapReport {
  planned: number | null;
  passed: number;
  failures: string[];
  /** The error that stopped the file, if a statement outside an assertion failed. */
  error: string | null;
}

/** The template database (built on first use) with pgtap installed and the test helpers loaded. */
export async function openPgtapDatabase(helpersFile: string): Promise<PGlite> {
  const template = (await openPreparedMemoryDatabase()) as Database & { dump?: () => Promise<Blob> };
  if (!template.dump) throw new Error('the prepared template database is not a PGlite database');
  const dataDir = await template.dump();
  await template.close();
  const pg = await PGlite.create({
    loadDataDir: dataDir,
    extensions: { citext, pg_trgm, pgcrypto, unaccent, uuid_ossp, pgtap },
  });
  await pg.exec('create extension if not exists pgtap with schema extensions');
  await pg.exec(readFileSync(helpersFile, 'utf8'));
  return pg;
}

/** Every line pgTAP printed: each result row of a single text column may hold several lines. */
function tapLines(results: Array<{ rows: Array<Record<string, unknown>> }>): string[] {
  return results.flatMap((result) =>
    result.rows.flatMap((row) => {
      const values = Object.values(row);
      return values.length === 1 && typeof values[0] === 'string' ? values[0].split('\n') : [];
    }),
  );
}

export function parseTap(lines: string[]): Omit<TapReport, 'error'> {
  const plan = lines.map((line) => /^1\.\.(\d+)$/.exec(line)).find(Boolean);
  return {
    planned: plan ? Number(plan[1]) : null,
    passed: lines.filter((line) => /^ok \d+/.test(line)).length,
    failures: lines.filter((line) => /^not ok \d+/.test(line) || /^# (Looks like|Failed)/.test(line)),
  };
}

/** Runs one file (which begins and rolls back its own transaction) and reads its TAP output. */
export async function runTapFile(pg: PGlite, sql: string): Promise<TapReport> {
  await pg.exec('set search_path = public, extensions');
  try {
    const results = await pg.exec(sql);
    return { ...parseTap(tapLines(results)), error: null };
  } catch (error) {
    await pg.exec('rollback');
    return { planned: null, passed: 0, failures: [], error: (error as Error).message };
  }
}
