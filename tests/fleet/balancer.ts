// Production app servers (`node src/server/serve.ts`, each its own process) behind HAProxy, as a
// deployment runs them: the fleet tests and the bench's fleet section both start them from here.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';

const ROOT = join(import.meta.dirname, '../..');

/** What the app servers need to know of the backend. */
export interface Backend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  smtpUrl?: string | null;
}

export interface AppServer {
  name: string;
  url: string;
  child: ChildProcess;
}

export interface Balanced {
  /** The load balancer's address. */
  url: string;
  servers: AppServer[];
  /** Stops one app server as an orchestrator would (SIGTERM) and waits until it has exited. */
  stopServer(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface BalancedOptions {
  backend: Backend;
  names: readonly string[];
  /** Extra environment of every app server. */
  env?: Record<string, string>;
  /** Each server's command and arguments; `node src/server/serve.ts` unless given (it listens on PORT). */
  command?: [string, string[]];
  /** The servers' error output: 'ignore', 'inherit' (the caller's stderr) or an open file's descriptor. */
  stderr?: 'ignore' | 'inherit' | number;
  /**
   * `quick` (default): a server leaves the rotation after three failed checks a second apart, as the
   * fleet tests need. `patient`: only after a minute of failures, so a server the bench saturates on
   * purpose (its /healthz waiting behind the load) keeps taking requests.
   */
  checks?: 'quick' | 'patient';
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** HAProxy from Debian's packages, or an error that says how to install it. */
export function haproxyPath(): string {
  const found = spawnSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy'], { encoding: 'utf8' });
  const path = found.stdout.trim().split('\n')[0];
  if (!path) throw new Error('HAProxy is not installed (apt-get install haproxy; .ci/run installs it).');
  return path;
}

export async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
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

const CHECKS = {
  quick: { timeout: '5s', server: 'check inter 1s fall 3 rise 2' },
  patient: { timeout: '10s', server: 'check inter 2s fall 30 rise 1' },
} as const;

function haproxyConfig(port: number, servers: [string, number][], checks: keyof typeof CHECKS): string {
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
    // Each answer closes the connection to the server, so no idle kept-alive connection is handed a
    // request just as a stopping server closes it (the request would fail, not be retried); a
    // stopped server's refused connect is retried on another one.
    '  option http-server-close',
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
    `  timeout check ${CHECKS[checks].timeout}`,
    ...servers.map(
      ([name, serverPort]) => `  server ${name} 127.0.0.1:${serverPort} ${CHECKS[checks].server}`,
    ),
    '',
  ].join('\n');
}

/** Waits until HAProxy has every server in its rotation (its checks may still be passing the later ones). */
async function waitUntilInRotation(url: string, names: readonly string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  const answered = new Set<string>();
  while (Date.now() < deadline) {
    const response = await fetch(new URL('/healthz', url)).catch(() => undefined);
    await response?.arrayBuffer();
    const server = response?.headers.get('x-fleet-server');
    if (server) answered.add(server);
    if (names.every((name) => answered.has(name))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`HAProxy did not put ${names.filter((n) => !answered.has(n)).join(', ')} in rotation`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** Starts the app servers and HAProxy in front of them; resolves once all of them are healthy. */
export async function startBalanced(options: BalancedOptions): Promise<Balanced> {
  const haproxy = haproxyPath();
  const lbPort = await freePort();
  const url = `http://127.0.0.1:${lbPort}`;
  const { backend } = options;
  const servers: AppServer[] = [];
  const ports: [string, number][] = [];
  for (const name of options.names) {
    const port = await freePort();
    const [command, args] = options.command ?? [
      process.execPath,
      [...SERVER_NODE_FLAGS, 'src/server/serve.ts'],
    ];
    const child = spawn(command, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        SUPABASE_URL: backend.url,
        SUPABASE_ANON_KEY: backend.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
        SMTP_URL: backend.smtpUrl ?? '',
        SITE_URL: url,
        TRUST_PROXY: '1',
        SETUP_ADMIN_TOKEN: '',
        ...options.env,
      },
      stdio: ['ignore', 'ignore', options.stderr ?? 'inherit'],
    });
    servers.push({ name, url: `http://127.0.0.1:${port}`, child });
    ports.push([name, port]);
  }
  const dir = mkdtempSync(join(tmpdir(), 'unipath-balancer-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(lbPort, ports, options.checks ?? 'quick'));
  const balancer = spawn(haproxy, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const close = async () => {
    await stopChild(balancer);
    await Promise.all(servers.map((server) => stopChild(server.child)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const server of servers) await waitUntilHealthy(server.url, server.child);
    await waitUntilHealthy(url, balancer);
    await waitUntilInRotation(url, options.names);
  } catch (error) {
    await close();
    throw error;
  }
  const stopServer = async (name: string) => {
    const server = servers.find((s) => s.name === name);
    if (!server) throw new Error(`no app server named ${name}`);
    await stopChild(server.child);
  };
  return { url, servers, stopServer, close };
}
