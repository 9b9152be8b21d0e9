import type { VersionReader } from './catalogue-version.ts';
import { createVersionWatcher } from './catalogue-version.ts';
import { LruMap } from './lru.ts';

interface Stored {
  version: string;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
}

export interface RenderedCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  /** How long a known catalogue version is trusted before the database is asked again. */
  checkEveryMs?: number;
}

/** Headers that belong to one visitor or one response and are never replayed from the cache. */
const PERSONAL = new Set(['set-cookie', 'date', 'age']);

export const CACHE_STATUS_HEADER = 'x-catalogue-cache';

/**
 * Rendered catalogue responses kept in memory, keyed by the caller's key (URL and display
 * currency) and tagged with the catalogue version they were rendered at: a response rendered
 * before any catalogue change is never served after it.
 */
export function createRenderedCache(options: RenderedCacheOptions = {}) {
  const entries = new LruMap<Stored>(options.maxEntries ?? 500, options.maxBytes ?? 64 * 1024 * 1024);
  const versions = createVersionWatcher(options.checkEveryMs ?? 3000);

  async function respond(key: string, readVersion: VersionReader, render: () => Promise<Response>) {
    const version = await versions.current(readVersion);
    if (version === null) return render();
    const hit = entries.get(key);
    if (hit && hit.version === version) {
      const headers = new Headers(hit.headers);
      headers.set(CACHE_STATUS_HEADER, 'hit');
      return new Response(hit.body.slice(0), { status: hit.status, headers });
    }
    const response = await render();
    const cacheable =
      response.status === 200 && /\bpublic\b/.test(response.headers.get('cache-control') ?? '');
    if (!cacheable || !response.body) return response;
    const body = await response.arrayBuffer();
    const headers = [...response.headers].filter(([name]) => !PERSONAL.has(name.toLowerCase()));
    entries.set(key, { version, status: response.status, headers, body }, body.byteLength);
    const fresh = new Response(body.slice(0), { status: response.status, headers: response.headers });
    fresh.headers.set(CACHE_STATUS_HEADER, 'miss');
    return fresh;
  }

  return {
    respond,
    /** Drops every stored response, e.g. right after a staff edit made through this server. */
    invalidate() {
      entries.clear();
      versions.invalidate();
    },
    get size() {
      return entries.size;
    },
  };
}

export type RenderedCache = ReturnType<typeof createRenderedCache>;
