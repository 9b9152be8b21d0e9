/**
 * Runs the local stack on a PGlite data folder in a child process, for the fault suite: prints one
 * JSON line with its URL and service key once it listens, then serves until it is killed.
 */
import { startStack } from '../../../supabase/local/server.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: fault-stack.ts <data folder>');
const stack = await startStack({ port: 0, quiet: true, database: { kind: 'pglite', dataDir } });
process.stdout.write(`${JSON.stringify({ url: stack.url, serviceRoleKey: stack.serviceRoleKey })}\n`);
