import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { openDatabase, projectSources } from '../../supabase/local/db/open.ts';
import { schemaDigest } from '../../supabase/local/db/migrate.ts';
import { startStack, type RunningStack, type StackOptions } from '../../supabase/local/server.ts';

const databaseUrl = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The name of a database on the server behind `baseUrl` that holds the migrated and seeded schema,
 * built once per schema digest (whichever test worker comes first, under an advisory lock; older
 * ones are dropped) so each test file's database is a copy of it rather than a fresh migration.
 */
async function templateDatabase(admin: pg.Client, baseUrl: string): Promise<string> {
  const name = `unipath_template_${schemaDigest(projectSources())}`;
  await admin.query('select pg_advisory_lock(hashtext($1))', ['unipath test template']);
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'unipath\\_template\\_%'",
    );
    for (const { datname } of stale.rows)
      await admin.query(`drop database if exists ${datname} with (force)`);
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building}`);
    await admin.query(`create database ${building}`);
    const { db } = await openDatabase({ kind: 'postgres', url: databaseUrl(baseUrl, building) });
    await db.close();
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', ['unipath test template']);
  }
}

/** Creates a database from the migrated template on the server behind `baseUrl`; returns its URL and a way to drop it. */
async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `unipath_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${await templateDatabase(admin, baseUrl)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl(baseUrl, name));
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Starts the local stack for one test file on a free port, with an in-memory database loaded from
 * the prepared template. When TEST_DATABASE_URL names a real Postgres server, each call gets a
 * database of its own there instead, dropped again when the stack stops.
 */
export async function startTestStack(options: StackOptions = {}): Promise<RunningStack> {
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (!serverUrl)
    return startStack({ port: 0, quiet: true, database: { kind: 'prepared-memory' }, ...options });
  const scratch = await createScratchDatabase(serverUrl);
  const stack = await startStack({
    port: 0,
    quiet: true,
    database: { kind: 'postgres', url: scratch.url },
    ...options,
  });
  return {
    ...stack,
    async stop() {
      await stack.stop();
      await scratch.drop();
    },
  };
}

/** A supabase-js client for the stack that keeps its session in memory only. */
export function clientFor(stack: RunningStack, key: string = stack.anonKey): SupabaseClient {
  return createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
