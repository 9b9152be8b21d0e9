import type { VersionReader } from './catalogue-version.ts';
import { createVersionWatcher } from './catalogue-version.ts';
import { LruMap } from './lru.ts';
import { bodyEtag, compressVariants, type PageVariants } from './page-variants.ts';

/** One stored response, as the server may send it without asking the app again. */
export interface CachedPage {
  readonly version: string;
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
  /** Strong validator of the uncompressed body. */
  readonly etag: string;
  /** Compressed copies, once computed (shortly after the page is stored). */
  variants?: PageVariants;
}

export interface RenderedCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  /** How long a known catalogue version is trusted before the database is asked again. */
  checkEveryMs?: number;
  now?: () => number;
}

/** Headers that belong to one visitor or one response and are never replayed from the cache. */
const PERSONAL = new Set(['set-cookie', 'date', 'age', 'etag', 'content-length']);

export const CACHE_STATUS_HEADER = 'x-catalogue-cache';

/**
 * Rendered catalogue responses kept in memory, keyed by the caller's key (URL and display
 * currency) and tagged with the catalogue version they were rendered at: a response rendered
 * before any catalogue change is never served after it.
 */
export function createRenderedCache(options: RenderedCacheOptions = {}) {
  const entries = new LruMap<CachedPage>(options.maxEntries ?? 500, options.maxBytes ?? 64 * 1024 * 1024);
  const versions = createVersionWatcher(options.checkEveryMs ?? 3000, options.now);

  function replay(page: CachedPage, status: 'hit' | 'miss'): Response {
    const headers = new Headers(page.headers as [string, string][]);
    headers.set('etag', page.etag);
    headers.set(CACHE_STATUS_HEADER, status);
    return new Response(new Uint8Array(page.body), { status: page.status, headers });
  }

  function store(key: string, page: CachedPage): void {
    entries.set(key, page, page.body.byteLength);
    compressVariants(page.body).then(
      (variants) => {
        if (entries.get(key) !== page) return;
        page.variants = variants;
        const size = page.body.byteLength + variants.br.byteLength + variants.gzip.byteLength;
        entries.set(key, page, size);
      },
      (error: unknown) => console.warn('Could not compress a cached catalogue page', error),
    );
  }

  async function respond(key: string, readVersion: VersionReader, render: () => Promise<Response>) {
    const version = await versions.current(readVersion);
    if (version === null) return render();
    const hit = entries.get(key);
    if (hit && hit.version === version) return replay(hit, 'hit');
    const response = await render();
    const cacheable =
      response.status === 200 && /\bpublic\b/.test(response.headers.get('cache-control') ?? '');
    if (!cacheable || !response.body) return response;
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => !PERSONAL.has(name.toLowerCase()));
    const page: CachedPage = { version, status: response.status, headers, body, etag: bodyEtag(body) };
    store(key, page);
    const fresh = replay(page, 'miss');
    for (const cookie of response.headers.getSetCookie()) fresh.headers.append('set-cookie', cookie);
    return fresh;
  }

  return {
    respond,
    /**
     * The stored page for a key, only while the catalogue version is known without asking the
     * database and the page was rendered at that version; otherwise the app must answer.
     */
    peek(key: string): CachedPage | undefined {
      const version = versions.fresh();
      if (typeof version !== 'string') return undefined;
      const page = entries.get(key);
      return page?.version === version ? page : undefined;
    },
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
