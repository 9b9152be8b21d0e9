import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './types.ts';

export interface SchemaSources {
  /** Folder of platform bootstrap files, applied in name order. */
  bootstrapDir: string;
  /** The project's `supabase/migrations`. */
  migrationsDir: string;
  /** The project's `supabase/seed.sql`, applied on a fresh database only. */
  seedFile: string;
}

export interface MigrationReport {
  bootstrap: string[];
  migrations: string[];
  seeded: boolean;
}

const migrationName = /^(\d+)_(.*)\.sql$/;

function sqlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A digest of everything that shapes a fresh database, used to reuse prepared test databases. */
export function schemaDigest(sources: SchemaSources): string {
  const hash = createHash('sha256');
  for (const name of sqlFiles(sources.bootstrapDir))
    hash.update(name).update(readFileSync(join(sources.bootstrapDir, name)));
  for (const name of sqlFiles(sources.migrationsDir))
    hash.update(name).update(readFileSync(join(sources.migrationsDir, name)));
  if (existsSync(sources.seedFile)) hash.update(readFileSync(sources.seedFile));
  return hash.digest('hex').slice(0, 16);
}

async function applyBootstrap(db: Database, dir: string): Promise<string[]> {
  await db.exec(`create schema if not exists _local;
    create table if not exists _local.bootstrap_files (name text primary key, hash text not null)`);
  const applied = new Map(
    (
      await db.query<{ name: string; hash: string }>('select name, hash from _local.bootstrap_files')
    ).rows.map((r) => [r.name, r.hash]),
  );
  const done: string[] = [];
  for (const name of sqlFiles(dir)) {
    const sql = readFileSync(join(dir, name), 'utf8');
    const hash = sha256(sql);
    if (applied.get(name) === hash) continue;
    // Bootstrap files are idempotent, so a changed file is applied again over the old one.
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query(
        'insert into _local.bootstrap_files (name, hash) values ($1, $2) on conflict (name) do update set hash = excluded.hash',
        [name, hash],
      );
    });
    done.push(name);
  }
  return done;
}

async function applyMigrations(db: Database, dir: string): Promise<string[]> {
  const applied = new Set(
    (
      await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
    ).rows.map((r) => r.version),
  );
  const local = sqlFiles(dir).flatMap((file) => {
    const match = migrationName.exec(file);
    return match ? [{ file, version: match[1] ?? '', name: match[2] ?? '' }] : [];
  });
  // As `supabase db push` refuses a remote history with versions the project no longer has.
  const unknown = [...applied].filter((version) => !local.some((m) => m.version === version));
  if (unknown.length > 0)
    throw new Error(
      `the database holds migrations that supabase/migrations no longer has (${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ', …' : ''}). ` +
        'Start from an empty database: `npm run backend -- reset` (or delete the data folder), or recreate the DATABASE_URL database.',
    );
  const done: string[] = [];
  for (const { file, version, name } of local) {
    if (applied.has(version)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)',
          [version, [sql], name],
        );
      });
    } catch (error) {
      throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    done.push(file);
  }
  return done;
}

async function applySeed(db: Database, seedFile: string): Promise<boolean> {
  if (!existsSync(seedFile)) return false;
  const seeded = await db.query('select 1 from supabase_migrations.seed_files limit 1');
  if (seeded.rows.length > 0) return false;
  const sql = readFileSync(seedFile, 'utf8');
  await db.transaction(async (tx) => {
    await tx.exec(sql);
    await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
      'supabase/seed.sql',
      sha256(sql),
    ]);
  });
  return true;
}

/**
 * Brings a database up to date: the platform bootstrap, then each project migration not yet
 * recorded (in version order, each in its own transaction), then the seed if it never ran.
 */
export async function migrate(db: Database, sources: SchemaSources): Promise<MigrationReport> {
  const bootstrap = await applyBootstrap(db, sources.bootstrapDir);
  const migrations = await applyMigrations(db, sources.migrationsDir);
  const seeded = await applySeed(db, sources.seedFile);
  return { bootstrap, migrations, seeded };
}
