import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeMiddleware } from '../../../../src/server/astro-handler.ts';

/** The policy Astro attaches to a server-rendered page: its script and style hashes only. */
export const ASTRO_PAGE_POLICY =
  "script-src 'self' 'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='; style-src 'self' 'sha256-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=';";

export const PAGE_CHUNKS = [
  '<!DOCTYPE html><html lang="en"><head><title>Courses</title></head><body><h1>Courses</h1><ul>',
  ...Array.from({ length: 60 }, (_, i) => `<li class="course">Course number ${i} in Applied Science</li>`),
  '</ul></body></html>',
];

export const ITEMS = Array.from({ length: 80 }, (_, i) => ({
  id: i,
  name: `University ${i}`,
  country: 'GB',
}));

/** Lets a test hold a streamed page open after its first chunk. */
export interface Gate {
  opened: Promise<void>;
  open(): void;
}

export function createGate(): Gate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

type Route = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => unknown;

/**
 * Stands in for Astro's handler with the behaviours the server must cope with: streamed pages
 * with their own CSP header, JSON endpoints, pre-encoded bodies, thrown errors, Astro's bodiless
 * error responses, and "no route" hand-backs through next().
 */
export function createStubApp(gate: { current: Gate }): NodeMiddleware {
  const routes: Record<string, Route> = {
    '/ssr/courses': async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': ASTRO_PAGE_POLICY });
      for (const chunk of PAGE_CHUNKS) {
        res.write(chunk);
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end();
    },
    '/ssr/held': async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(PAGE_CHUNKS[0]);
      await gate.current.opened;
      res.end(PAGE_CHUNKS.slice(1).join(''));
    },
    '/ssr/endless': async (req, res) => {
      res.writeHead(200, ['Content-Type', 'text/html']);
      while (!res.destroyed && !req.destroyed) {
        res.write(PAGE_CHUNKS[1]);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    '/api/items': (_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('etag', '"items-v1"');
      res.end(JSON.stringify(ITEMS));
    },
    '/api/small': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '11' }).end('{"ok":true}');
    },
    '/api/encoded': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(Buffer.from([1, 2, 3]));
    },
    '/api/png': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(4096, 7));
    },
    '/boom/sync': () => {
      throw new Error('database password is hunter2');
    },
    '/boom/async': async () => {
      await Promise.resolve();
      throw new Error('database password is hunter2');
    },
    '/boom/astro': (_req, res) => {
      res.statusCode = 500;
      res.end('Internal Server Error');
    },
    '/boom/next': (_req, _res, next) => next(new Error('database password is hunter2')),
    '/gone': (_req, res) => {
      res.writeHead(404).end();
    },
  };
  return async (req, res, next) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const route = routes[path];
    const handOver = next ?? (() => undefined);
    return route ? route(req, res, handOver) : handOver();
  };
}
