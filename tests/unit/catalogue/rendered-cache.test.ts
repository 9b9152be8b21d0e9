import { describe, expect, it } from 'vitest';
import { createVersionWatcher } from '../../../src/features/catalogue/page-cache/catalogue-version.ts';
import { LruMap } from '../../../src/features/catalogue/page-cache/lru.ts';
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
    const hit = await cache.respond('/courses|GBP', read, render);
    expect(await hit.text()).toBe('render 1');
    expect(hit.headers.get('set-cookie')).toBeNull();
    version = 'v2';
    expect(await (await cache.respond('/courses|GBP', read, render)).text()).toBe('render 2');
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

  it('evicts the least recently used entry when full', () => {
    const lru = new LruMap<number>(2, 1000);
    lru.set('a', 1, 1);
    lru.set('b', 2, 1);
    lru.get('a');
    lru.set('c', 3, 1);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
  });
});
