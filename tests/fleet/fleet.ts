// The fleet the fleet tests run: the local stack on Postgres (TEST_DATABASE_URL, a scratch database),
// three production app servers (`node src/server/serve.ts`, each its own process) and HAProxy in front,
// appending the client's address to X-Forwarded-For and checking /healthz, as a deployment would.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningStack } from '../../supabase/local/server.ts';
import { startTestStack } from '../helpers/stack.ts';
import { ensureBuild, ROOT } from '../integration/server/support/build.ts';

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

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export function haproxyPath(): string {
  const found = spawnSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy'], { encoding: 'utf8' });
  const path = found.stdout.trim().split('\n')[0];
  if (!path) throw new Error('HAProxy is not installed (apt-get install haproxy; .ci/run installs it).');
  return path;
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process serving ${url} exited (${child.exitCode})`);
    const status = await fetch(new URL('/healthz', url)).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become healthy within a minute`);
}

function haproxyConfig(port: number, servers: [ServerName, number][]): string {
  return [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  option forwardfor',
    '  option redispatch',
    '  retries 2',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend apps',
    'backend apps',
    '  balance roundrobin',
    // Which server answered, so a test can see the requests spread.
    '  http-response set-header X-Fleet-Server %s',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    // A server leaves the rotation after three failed checks a second apart, and comes back after two.
    '  timeout check 5s',
    ...servers.map(
      ([name, serverPort]) => `  server ${name} 127.0.0.1:${serverPort} check inter 1s fall 3 rise 2`,
    ),
    '',
  ].join('\n');
}

export async function startFleet(env: Record<string, string> = {}): Promise<Fleet> {
  if (!process.env['TEST_DATABASE_URL'])
    throw new Error(
      'The fleet runs on Postgres: set TEST_DATABASE_URL (see README, "Tests, layer by layer").',
    );
  ensureBuild();
  const haproxy = haproxyPath();
  const stack = await startTestStack();
  const lbPort = await freePort();
  const url = `http://127.0.0.1:${lbPort}`;
  const children = new Map<ServerName, ChildProcess>();
  const servers = {} as Record<ServerName, string>;
  const ports: [ServerName, number][] = [];
  for (const name of SERVER_NAMES) {
    const port = await freePort();
    const child = spawn(process.execPath, ['src/server/serve.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        SUPABASE_URL: stack.url,
        SUPABASE_ANON_KEY: stack.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
        SMTP_URL: stack.smtpUrl ?? '',
        SITE_URL: url,
        TRUST_PROXY: '1',
        SETUP_ADMIN_TOKEN: '',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.set(name, child);
    servers[name] = `http://127.0.0.1:${port}`;
    ports.push([name, port]);
  }
  const dir = mkdtempSync(join(tmpdir(), 'unipath-fleet-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(lbPort, ports));
  const balancer = spawn(haproxy, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const stopChild = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  const close = async () => {
    await stopChild(balancer);
    await Promise.all([...children.values()].map(stopChild));
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const name of SERVER_NAMES) await waitUntilHealthy(servers[name], children.get(name)!);
    await waitUntilHealthy(url, balancer);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    stack,
    url,
    servers,
    stopServer: (name) => stopChild(children.get(name)!),
    close,
  };
}
