import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startStack, type RunningStack, type StackOptions } from '../../supabase/local/server.ts';

/** Creates an empty database on the server behind `baseUrl`; returns its URL and a way to drop it. */
async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `unipath_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
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
