import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createVersionWatcher } from '../../../src/features/catalogue/page-cache/catalogue-version.ts';
import { createRenderedCache } from '../../../src/features/catalogue/page-cache/rendered-cache.ts';

const page = (body: string, cacheControl = 'public, max-age=60') =>
  new Response(body, { headers: { 'cache-control': cacheControl, 'set-cookie': 'csrf=secret' } });

describe('rendered catalogue cache', () => {
  it('reuses a rendered response while the version is unchanged and drops it after a change', async () => {
    const cache = createRenderedCache({ checkEveryMs: 0 });
    let version = 'v1';
    let renders = 0;
    const render = async () => page(`render ${++renders}`);
    const read = async () => version;
    expect(await (await cache.respond('/courses|GBP', read, render)).text()).toBe('render 1');
    expect(await (await cache.respond('/courses|GBP', read, render)).text()).toBe('render 2');
    const hit = await cache.respond('/courses|GBP', read, render);
    expect(await hit.text()).toBe('render 2');
    expect(hit.headers.get('set-cookie')).toBeNull();
    version = 'v2';
    // A page stored before is stored again at once under the new version.
    expect(await (await cache.respond('/courses|GBP', read, render)).text()).toBe('render 3');
    expect(await (await cache.respond('/courses|GBP', read, render)).text()).toBe('render 3');
  });

  it('stores a page from its second visit on: a search asked for once is rendered and never kept', async () => {
    const cache = createRenderedCache({ checkEveryMs: 0 });
    const read = async () => 'v1';
    for (let n = 0; n < 50; n++) {
      const once = await cache.respond(`/courses?q=${n}|GBP`, read, async () => page(`search ${n}`));
      expect(once.headers.get('x-catalogue-cache')).toBe('miss');
      expect(once.headers.get('set-cookie')).toBe('csrf=secret');
      expect(await once.text()).toBe(`search ${n}`);
    }
    expect(cache.size).toBe(0);
    await cache.respond('/courses?q=7|GBP', read, async () => page('search 7'));
    expect(cache.size).toBe(1);
  });

  it('sends the stored brotli or gzip copy a browser accepts, tagged as only weakly equal', async () => {
    const cache = createRenderedCache({ checkEveryMs: 0 });
    const body = '<p>course</p>'.repeat(200);
    const read = async () => 'v1';
    const render = async () => page(body);
    await cache.respond('/courses|GBP', read, render);
    const plain = await cache.respond('/courses|GBP', read, render);
    const etag = plain.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const send = (acceptEncoding: string | null) =>
      cache.respond('/courses|GBP', read, render, { ifNoneMatch: null, acceptEncoding });
    await vi.waitFor(async () => expect((await send('br')).headers.get('content-encoding')).toBe('br'));
    const br = await send('br, gzip;q=0.8');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).toBe(`W/${etag}`);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(body);
    const gzip = await send('gzip, br;q=0');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(body);
    const identity = await send('identity');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toBe(body);
    expect(identity.headers.get('vary')).toContain('Accept-Encoding');
  });

  it('answers a request that already holds the page (by tag, weak or strong) with an empty 304', async () => {
    const cache = createRenderedCache({ checkEveryMs: 0 });
    const read = async () => 'v1';
    const render = async () => page('x'.repeat(100));
    await cache.respond('k', read, render);
    const etag = (await cache.respond('k', read, render)).headers.get('etag') ?? '';
    for (const ifNoneMatch of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const response = await cache.respond('k', read, render, { ifNoneMatch, acceptEncoding: null });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(await response.text()).toBe('');
    }
    const other = await cache.respond('k', read, render, { ifNoneMatch: '"nope"', acceptEncoding: null });
    expect(other.status).toBe(200);
  });

  it('never stores private or failed responses, nor when the version is unknown', async () => {
    const cache = createRenderedCache({ checkEveryMs: 0 });
    await cache.respond(
      'a',
      async () => 'v1',
      async () => page('x', 'private, no-cache'),
    );
    await cache.respond(
      'b',
      async () => 'v1',
      async () => new Response('x', { status: 500 }),
    );
    await cache.respond(
      'c',
      async () => null,
      async () => page('x'),
    );
    expect(cache.size).toBe(0);
  });

  it('asks for the version at most once per interval, sharing one request', async () => {
    let now = 0;
    let asks = 0;
    const watcher = createVersionWatcher(1000, () => now);
    const read = async () => `v${++asks}`;
    const [a, b] = await Promise.all([watcher.current(read), watcher.current(read)]);
    expect([a, b, asks]).toEqual(['v1', 'v1', 1]);
    now = 999;
    expect(await watcher.current(read)).toBe('v1');
    now = 1000;
    expect(await watcher.current(read)).toBe('v2');
  });

  it('hands a stored page to the host only while the version was confirmed within the interval', async () => {
    let now = 0;
    let version = 'v1';
    const cache = createRenderedCache({ checkEveryMs: 1000, now: () => now });
    const request = { ifNoneMatch: null, acceptEncoding: null };
    expect(cache.peek('/courses|GBP', request)).toBeUndefined();
    for (let visit = 0; visit < 2; visit++)
      await cache.respond(
        '/courses|GBP',
        async () => version,
        async () => page('stored'),
      );
    const hit = cache.peek('/courses|GBP', request);
    expect(hit?.status).toBe(200);
    expect(new TextDecoder().decode(hit?.body ?? undefined)).toBe('stored');
    expect(hit?.headers.get('x-catalogue-cache')).toBe('hit');
    expect(hit?.headers.get('set-cookie')).toBeNull();
    expect(cache.peek('/universities|GBP', request)).toBeUndefined();
    // Unconfirmed for a whole interval: the host renders, and rendering asks the database again.
    now = 1000;
    version = 'v2';
    expect(cache.peek('/courses|GBP', request)).toBeUndefined();
    await cache.respond(
      '/universities|GBP',
      async () => version,
      async () => page('other'),
    );
    expect(cache.peek('/courses|GBP', request)).toBeUndefined();
    cache.invalidate();
    expect(cache.peek('/universities|GBP', request)).toBeUndefined();
  });

  it('evicts the least recently used page when full', async () => {
    const cache = createRenderedCache({ checkEveryMs: 0, maxEntries: 2 });
    const read = async () => 'v1';
    const renders: string[] = [];
    const send = (key: string) =>
      cache.respond(key, read, async () => {
        renders.push(key);
        return page(key);
      });
    // Each page is stored on its second visit; /a is read again before /c is stored, so /b goes.
    for (const key of [
      '/a|GBP',
      '/a|GBP',
      '/b|GBP',
      '/b|GBP',
      '/a|GBP',
      '/c|GBP',
      '/c|GBP',
      '/a|GBP',
      '/b|GBP',
    ])
      await send(key);
    expect(renders).toEqual(['/a|GBP', '/a|GBP', '/b|GBP', '/b|GBP', '/c|GBP', '/c|GBP', '/b|GBP']);
  });

  it('counts its compressed copies against the byte bound, and never keeps a page larger than the bound', async () => {
    // Random text hardly compresses: the page with its two copies weighs nearly three times its body.
    const body = randomBytes(2400).toString('base64');
    const cache = createRenderedCache({ checkEveryMs: 0, maxBytes: 9000 });
    const read = async () => 'v1';
    const request = { ifNoneMatch: null, acceptEncoding: 'br' };
    const send = (key: string, text = body) => cache.respond(key, read, async () => page(text), request);
    await send('/a|GBP');
    await vi.waitFor(async () => expect((await send('/a|GBP')).headers.get('content-encoding')).toBe('br'));
    // 3,200 bytes and about 5,000 of copies, and another 3,200: more than 9,000, so /a goes.
    await send('/b|GBP');
    expect(cache.size).toBe(1);
    expect(cache.peek('/a|GBP', request)).toBeUndefined();
    await send('/huge|GBP', 'y'.repeat(9001));
    expect(cache.peek('/huge|GBP', request)).toBeUndefined();
  });

  it('compresses a burst of new pages one at a time and gives the pages left out their copies on a later hit', async () => {
    const cache = createRenderedCache({ checkEveryMs: 0 });
    const read = async () => 'v1';
    const keys = Array.from({ length: 20 }, (_, i) => `/courses?q=${i}|GBP`);
    const send = (key: string) =>
      cache.respond(key, read, async () => page(`<p>${key}</p>`.repeat(200)), {
        ifNoneMatch: null,
        acceptEncoding: 'br',
      });
    const first = await Promise.all(keys.map(send));
    // Stored pages are sent plain until their copies exist; the server compresses those on the fly.
    expect(first.map((r) => r.headers.get('content-encoding'))).toEqual(keys.map(() => null));
    for (const key of keys) {
      await vi.waitFor(async () => expect((await send(key)).headers.get('content-encoding')).toBe('br'));
    }
    const last = keys.at(-1) ?? '';
    const br = await send(last);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(
      `<p>${last}</p>`.repeat(200),
    );
  });
});
