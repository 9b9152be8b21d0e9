import type { Database } from '../../db/types.ts';
import { loadSchemaCache } from './load.ts';
import { fingerprintSql } from './queries.ts';
import type { SchemaCache } from './types.ts';

export interface SchemaCacheHolder {
  /** The cache, re-read when the catalog changed; `recheck` skips the once-a-second throttle (after a miss). */
  get(recheck?: boolean): Promise<SchemaCache>;
}

/**
 * Keeps the schema cache fresh without NOTIFY (which PGlite cannot deliver): a cheap catalog fingerprint is
 * compared at most once a second, or right away when a lookup missed, and the cache is re-read when it moved.
 */
export function createSchemaCacheHolder(
  db: Database,
  schemas: string[],
  clock: () => number = Date.now,
): SchemaCacheHolder {
  let cache: SchemaCache | null = null;
  let fingerprint = '';
  let checkedAt = 0;
  let pending: Promise<SchemaCache> | null = null;

  async function refresh(): Promise<SchemaCache> {
    const result = await db.query<{ fingerprint: string }>(fingerprintSql, [schemas]);
    checkedAt = clock();
    const current = result.rows[0]?.fingerprint ?? '';
    if (!cache || current !== fingerprint) {
      cache = await loadSchemaCache(db, schemas);
      fingerprint = current;
    }
    return cache;
  }

  return {
    get(recheck = false) {
      if (cache && !recheck && clock() - checkedAt < 1000) return Promise.resolve(cache);
      pending ??= refresh().finally(() => (pending = null));
      return pending;
    },
  };
}
