// The fleet the fleet tests run: the local stack on Postgres (TEST_DATABASE_URL, a scratch database),
// three production app servers and HAProxy in front (balancer.ts), appending the client's address to
// X-Forwarded-For and checking /healthz, as a deployment would.
import type { RunningStack } from '../../supabase/local/server.ts';
import { startTestStack } from '../helpers/stack.ts';
import { ensureBuild } from '../integration/server/support/build.ts';
import { startBalanced } from './balancer.ts';

export const SERVER_NAMES = ['a', 'b', 'c'] as const;
export type ServerName = (typeof SERVER_NAMES)[number];

export interface Fleet {
  stack: RunningStack;
  /** The load balancer's address. */
  url: string;
  /** Each app server's own address, for requests that must reach one server. */
  servers: Record<ServerName, string>;
  /** Stops one app server as an orchestrator would (SIGTERM) and waits until it has exited. */
  stopServer(name: ServerName): Promise<void>;
  close(): Promise<void>;
}

export async function startFleet(env: Record<string, string> = {}): Promise<Fleet> {
  if (!process.env['TEST_DATABASE_URL'])
    throw new Error(
      'The fleet runs on Postgres: set TEST_DATABASE_URL (see README, "Tests, layer by layer").',
    );
  ensureBuild();
  const stack = await startTestStack();
  try {
    const balanced = await startBalanced({ backend: stack, names: SERVER_NAMES, env });
    const servers = Object.fromEntries(balanced.servers.map((s) => [s.name, s.url])) as Record<
      ServerName,
      string
    >;
    return {
      stack,
      url: balanced.url,
      servers,
      stopServer: (name) => balanced.stopServer(name),
      close: async () => {
        await balanced.close();
        await stack.stop();
      },
    };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}
