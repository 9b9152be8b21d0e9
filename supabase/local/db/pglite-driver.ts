import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { databaseBytes, pgliteSettings } from './pglite-settings.ts';
import type { Database, QueryResult, Queryable } from './types.ts';

const run = promisify(execFile);

const extensions = { citext, pg_trgm, pgcrypto, unaccent, uuid_ossp };

interface PgliteLike {
  query<T>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(target: PgliteLike): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, params);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

export interface PgliteOptions {
  /** A folder to keep the data in; omitted for an in-memory database. */
  dataDir?: string;
  /** A data-folder dump (from `dumpDataDir`) to start from, for fast per-test databases. */
  loadDataDir?: Blob;
}

/** Opens PGlite with the contrib extensions the platform and the schema use. */
export async function openPglite(options: PgliteOptions = {}): Promise<Database & { dump(): Promise<Blob> }> {
  // An instance that ran initdb keeps about 300 MiB it no longer needs, so a new data folder is
  // created by a short-lived child process and only then opened here.
  if (options.dataDir && !options.loadDataDir && !existsSync(join(options.dataDir, 'PG_VERSION')))
    await run(process.execPath, [join(import.meta.dirname, 'pglite-initdb.ts'), options.dataDir]);
  const pg = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions,
    relaxedDurability: false,
    postgresqlconf: pgliteSettings(options.dataDir ? databaseBytes(options.dataDir) : 0),
  });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    location: options.dataDir ?? 'memory',
    query: base.query,
    exec: base.exec,
    // PGlite's transaction() holds its connection mutex, so transactions never interleave.
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('none'),
  };
}
