import type { VersionReader } from './catalogue-version.ts';
import { createVersionWatcher } from './catalogue-version.ts';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import pLimit from 'p-limit';
import { editHeaders } from '../../../lib/security/response-headers.ts';
import { bodyEtag, compressVariants, type PageVariants } from './page-variants.ts';

/** One stored response, sent again without rendering while the catalogue is unchanged. */
export interface CachedPage {
  readonly version: string;
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
  /** Strong validator of the uncompressed body. */
  readonly etag: string;
  /** Compressed copies, once computed (shortly after the page is stored). */
  variants?: PageVariants;
  /** Whether its compressed copies are being made or waiting to be. */
  compressing?: boolean;
}

/** A stored page as it is sent: the host writes it to the socket, Astro's middleware wraps it in a Response. */
export interface StoredAnswer {
  status: number;
  headers: Headers;
  /** Null for a 304. */
  body: Uint8Array<ArrayBuffer> | null;
}

/** What the browser sent that decides which stored bytes it gets. */
export interface ReplayRequest {
  ifNoneMatch: string | null;
  acceptEncoding: string | null;
}

export interface RenderedCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  /** How long a known catalogue version is trusted before the database is asked again. */
  checkEveryMs?: number;
  now?: () => number;
}

/** Headers that belong to one visitor or one response and are never replayed from the cache. */
const PERSONAL = new Set(['set-cookie', 'date', 'age', 'etag', 'content-length', 'content-encoding']);

export const CACHE_STATUS_HEADER = 'x-catalogue-cache';

/** If-None-Match against one stored body's tag, weak or strong (a weak comparison, as for GET). */
function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

const CODINGS = ['br', 'gzip'] as const;

/**
 * Stored pages are compressed one at a time, with at most this many waiting: under a burst of new
 * pages the copies wait for a later hit instead of holding an encoder's memory per page at once.
 */
const COMPRESSIONS_WAITING = 8;

/** The stored coding the browser prefers among those it accepts; undefined sends the plain body. */
function chooseCoding(acceptEncoding: string | null): 'br' | 'gzip' | undefined {
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding ?? '' } }).encodings([
    ...CODINGS,
    'identity',
  ])[0];
  return CODINGS.find((coding) => coding === chosen);
}

/**
 * Rendered catalogue responses kept in memory, keyed by the caller's key (URL and display
 * currency) and tagged with the catalogue version they were rendered at: a response rendered
 * before any catalogue change is never served after it. A page is stored from its second visit on.
 */
export function createRenderedCache(options: RenderedCacheOptions = {}) {
  // A stored page weighs its body and, once made, its compressed copies.
  const entries = new LRUCache<string, CachedPage>({
    max: options.maxEntries ?? 500,
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (page) =>
      page.body.byteLength +
      (page.variants ? page.variants.br.byteLength + page.variants.gzip.byteLength : 0),
  });
  const versions = createVersionWatcher(options.checkEveryMs ?? 3000, options.now);
  /**
   * The keys rendered once and not stored: a page is stored the second time it is asked for. Most
   * searches are asked for once, and storing each cost more than rendering it (a copy of the body,
   * its hash, two compressed copies made in the background, memory that outlives the request).
   */
  const seenOnce = new LRUCache<string, true>({ max: (options.maxEntries ?? 500) * 20 });

  /**
   * The stored page in the best coding stored for this browser (the server leaves encoded bodies
   * alone), or an empty 304 when the browser or a proxy already holds it.
   */
  function replay(page: CachedPage, status: 'hit' | 'miss', request: ReplayRequest): StoredAnswer {
    const headers = new Headers(page.headers as [string, string][]);
    const coding = chooseCoding(request.acceptEncoding);
    const encoded = coding ? page.variants?.[coding] : undefined;
    // Compressed copies are only weakly equal to the page.
    headers.set('etag', encoded ? `W/${page.etag}` : page.etag);
    headers.set(CACHE_STATUS_HEADER, status);
    headers.append('vary', 'Accept-Encoding');
    if (request.ifNoneMatch && matchesEtag(request.ifNoneMatch, page.etag)) {
      return { status: 304, headers, body: null };
    }
    if (encoded && coding) headers.set('content-encoding', coding);
    return { status: page.status, headers, body: new Uint8Array(encoded ?? page.body) };
  }

  const asResponse = ({ status, headers, body }: StoredAnswer) => new Response(body, { status, headers });

  const compressions = pLimit(1);

  /** Makes the page's compressed copies unless they exist, are on the way, or the queue is full. */
  function compressLater(key: string, page: CachedPage): void {
    if (page.variants || page.compressing || compressions.pendingCount >= COMPRESSIONS_WAITING) return;
    page.compressing = true;
    compressions(() => (entries.peek(key) === page ? compressVariants(page.body) : undefined)).then(
      (variants) => {
        page.compressing = false;
        if (!variants || entries.peek(key) !== page) return;
        // Stored as a new entry to be weighed again (lru-cache keeps the size of a value set twice);
        // past the byte bound it is dropped.
        entries.set(key, { ...page, variants });
      },
      (error: unknown) => {
        page.compressing = false;
        console.warn('Could not compress a stored catalogue page', error);
      },
    );
  }

  function store(key: string, page: CachedPage): void {
    entries.set(key, page);
    compressLater(key, page);
  }

  /** A stored page for `key` at `version`; one still without compressed copies gets them queued. */
  function storedAt(key: string, version: string): CachedPage | undefined {
    const hit = entries.get(key);
    if (!hit || hit.version !== version) return undefined;
    compressLater(key, hit);
    return hit;
  }

  async function respond(
    key: string,
    readVersion: VersionReader,
    render: () => Promise<Response>,
    request: ReplayRequest = { ifNoneMatch: null, acceptEncoding: null },
  ) {
    const version = await versions.current(readVersion);
    if (version === null) return render();
    const hit = storedAt(key, version);
    if (hit) return asResponse(replay(hit, 'hit', request));
    const response = await render();
    const cacheable =
      response.status === 200 && /\bpublic\b/.test(response.headers.get('cache-control') ?? '');
    if (!cacheable || !response.body) return response;
    if (!entries.has(key) && !seenOnce.has(key)) {
      seenOnce.set(key, true);
      return editHeaders(response, (headers) => headers.set(CACHE_STATUS_HEADER, 'miss'));
    }
    seenOnce.delete(key);
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => !PERSONAL.has(name.toLowerCase()));
    const page: CachedPage = { version, status: response.status, headers, body, etag: bodyEtag(body) };
    store(key, page);
    const fresh = asResponse(replay(page, 'miss', request));
    for (const cookie of response.headers.getSetCookie()) fresh.headers.append('set-cookie', cookie);
    return fresh;
  }

  return {
    respond,
    /** The catalogue version the stored pages are checked against, asked at most once per interval. */
    version: (readVersion: VersionReader) => versions.current(readVersion),
    /**
     * The stored page for `key` when the catalogue version was confirmed within the check interval;
     * never asks the database (the next rendered request does), so the host can answer before Astro.
     */
    peek(key: string, request: ReplayRequest): StoredAnswer | undefined {
      const version = versions.known();
      const hit = version ? storedAt(key, version) : undefined;
      return hit ? replay(hit, 'hit', request) : undefined;
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

/** The catalogue's page cache: checks the catalogue version every CATALOGUE_CACHE_CHECK_MS (3 s). */
export function createCatalogueCache(
  checkEveryMs = Number(process.env['CATALOGUE_CACHE_CHECK_MS'] ?? 3000),
): RenderedCache {
  return createRenderedCache({ checkEveryMs });
}
