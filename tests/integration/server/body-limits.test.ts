import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../../../src/server/serve.ts';
import { BODY_LIMITS } from '../../../src/server/request-refusals.ts';
import { startApp } from './support/app.ts';
import { ensureBuild } from './support/build.ts';

// No backend runs here: a request that reaches the app is answered before it would call one.
process.env['SUPABASE_ANON_KEY'] ??= 'anon-key-of-no-backend';

const MiB = 1024 * 1024;
const CHUNK = Buffer.alloc(MiB, 0x61);

let app: AppServer;

beforeAll(async () => {
  ensureBuild();
  app = await startApp();
});
afterAll(() => app.close());

interface Sent {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  /** Bytes of the body written before the answer came (or the connection closed). */
  written: number;
}

/**
 * Posts `totalBytes` of one reused chunk, as an attacker's script would, and stops writing as soon
 * as the server answers. Without a length the body goes chunked.
 */
function post(
  path: string,
  totalBytes: number,
  headers: Record<string, string>,
  options: { declareLength?: boolean; expectContinue?: boolean } = {},
): Promise<Sent> {
  const { hostname, port } = new URL(app.url);
  const declareLength = options.declareLength ?? true;
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = request({
      hostname,
      port,
      path,
      method: 'POST',
      agent: false,
      headers: {
        origin: app.url.replace(/\/$/, ''),
        ...headers,
        ...(declareLength ? { 'content-length': String(totalBytes) } : {}),
        ...(options.expectContinue ? { expect: '100-continue' } : {}),
      },
    });
    const pump = () => {
      while (!answered && written < totalBytes) {
        const piece = CHUNK.subarray(0, Math.min(MiB, totalBytes - written));
        written += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          headers: res.headers,
          written,
        });
        req.destroy();
      });
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    if (options.expectContinue) req.on('continue', pump);
    else pump();
  });
}

/** What anyone gets from GET /api/auth/csrf: a browser session's cookie and its token. */
async function csrfOfAVisitor(): Promise<Record<string, string>> {
  const response = await fetch(new URL('/api/auth/csrf', app.url));
  const { token } = (await response.json()) as { token: string };
  const cookie = (response.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
  return { cookie, 'x-csrf-token': token };
}

describe('request bodies', () => {
  it('refuses a 100 MiB JSON body at once with 413, reading none of it, and memory stays flat', async () => {
    const token = await csrfOfAVisitor();
    const before = process.memoryUsage().rss;
    const sent = await post('/api/leads', 100 * MiB, { 'content-type': 'application/json', ...token });
    expect(sent.status).toBe(413);
    expect(sent.headers['connection']).toBe('close');
    expect(JSON.parse(sent.body)).toMatchObject({ ok: false, status: 413 });
    expect(JSON.parse(sent.body).message).toContain('128 KB at most');
    expect(sent.written).toBeLessThan(100 * MiB);
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * MiB);
  });

  it('refuses a 60 MiB multipart upload without reading it, whatever the token', async () => {
    const before = process.memoryUsage().rss;
    const sent = await post('/api/applications/00000000-0000-4000-8000-000000000000/documents', 60 * MiB, {
      'content-type': 'multipart/form-data; boundary=x',
      accept: 'application/json',
    });
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body).message).toContain('10 MB at most');
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * MiB);
  });

  it('answers a browser form post that is too large with a page, not JSON', async () => {
    const sent = await post('/contact', BODY_LIMITS.form + 1, {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
    });
    expect(sent.status).toBe(413);
    expect(sent.headers['content-type']).toMatch(/^text\/html/);
    // The site's own prebuilt page, in its layout, saying what the limits are.
    expect(sent.body).toMatch(/<h1[^>]*>Too much to send<\/h1>/);
    expect(sent.body).toContain('a form without a file up to 512 KB');
    expect(sent.body).toContain('<header');
  });

  it('answers 411 to a body that does not declare its length, before reading it', async () => {
    const sent = await post(
      '/api/leads',
      20 * MiB,
      { 'content-type': 'application/json' },
      { declareLength: false },
    );
    expect(sent.status).toBe(411);
    expect(sent.written).toBeLessThan(20 * MiB);
  });

  it('tells a client waiting for 100 Continue that its body is too large, before it sends any', async () => {
    const sent = await post(
      '/api/leads',
      100 * MiB,
      { 'content-type': 'application/json' },
      { expectContinue: true },
    );
    expect(sent.status).toBe(413);
    expect(sent.written).toBe(0);
  });

  it('lets a body within its limit through to the app (which then checks the CSRF token)', async () => {
    const sent = await post('/api/leads', 100 * 1024, { 'content-type': 'application/json' });
    expect(sent.status).toBe(403);
    expect(JSON.parse(sent.body).error.message).toMatch(/CSRF token validation failed/);
  });

  it('lets a full-size upload through the limit, to be refused for want of a session before it is read', async () => {
    const sent = await post(
      '/api/applications/00000000-0000-4000-8000-000000000000/documents',
      10 * MiB + 4096,
      { 'content-type': 'multipart/form-data; boundary=x', accept: 'application/json' },
    );
    expect(sent.status).toBe(401);
  });

  it('lets a referee’s full-size letter through to their page, not refuse it for its size', async () => {
    const sent = await post('/reference/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 10 * MiB + 4096, {
      'content-type': 'multipart/form-data; boundary=x',
      ...(await csrfOfAVisitor()),
    });
    expect(sent.status).not.toBe(413);
  });
});
