import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, schemaDigest, type MigrationReport, type SchemaSources } from './migrate.ts';
import { openPglite } from './pglite-driver.ts';
import { openPostgres } from './postgres-driver.ts';
import type { Database } from './types.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** The project's schema sources: the platform bootstrap beside this file and `supabase/`. */
export function projectSources(projectDir = resolve(here, '../../..')): SchemaSources {
  return {
    bootstrapDir: join(here, 'bootstrap'),
    migrationsDir: join(projectDir, 'supabase/migrations'),
    seedFile: join(projectDir, 'supabase/seed.sql'),
  };
}

export type DatabaseTarget =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string } | { kind: 'memory' };

/** Opens the target database and migrates it. */
export async function openDatabase(
  target: DatabaseTarget,
  sources: SchemaSources = projectSources(),
): Promise<{ db: Database; report: MigrationReport }> {
  let db: Database;
  if (target.kind === 'postgres') db = await openPostgres(target.url);
  else if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    db = await openPglite({ dataDir: target.dataDir });
  } else db = await openPglite();
  const report = await migrate(db, sources);
  return { db, report };
}

/**
 * An in-memory database already migrated and seeded. The first call builds a template and keeps its
 * dump in the temp folder, keyed by a digest of the schema sources; later calls (in any test worker)
 * load the dump, which is several times faster than migrating again.
 */
export async function openPreparedMemoryDatabase(
  sources: SchemaSources = projectSources(),
): Promise<Database> {
  const file = join(tmpdir(), `unipath-template-${schemaDigest(sources)}.tar`);
  if (existsSync(file)) {
    return openPglite({ loadDataDir: new Blob([readFileSync(file)]) });
  }
  const db = await openPglite();
  await migrate(db, sources);
  const dump = await db.dump();
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return db;
}
