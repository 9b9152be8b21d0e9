/**
 * Runs the local stack on a PGlite data folder in a child process, for the fault suites: prints one
 * JSON line with its URL and keys once it listens, then serves until it is killed. An optional
 * second argument fixes the port, so a restarted stack answers where the app expects it.
 */
import { startStack } from '../../../supabase/local/server.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: fault-stack.ts <data folder> [port]');
const port = Number(process.argv[3] ?? 0);
const stack = await startStack({ port, smtpPort: 0, quiet: true, database: { kind: 'pglite', dataDir } });
process.stdout.write(
  `${JSON.stringify({ url: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey })}\n`,
);
