import { lstat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Stats } from 'node:fs';
import { buildStaticEntry, regularFile, type StaticEntry } from './static-entry.ts';
import type { SecurityHeaders } from './security-headers.ts';

export interface StaticFiles {
  /** The build file for URL path segments (directories resolve to their index.html), if any. */
  lookup(segments: readonly string[]): Promise<StaticEntry | undefined>;
  /** A file by its path relative to the client directory, e.g. `404.html`. */
  lookupFile(relativePath: string): Promise<StaticEntry | undefined>;
}

async function resolveFile(root: string, segments: readonly string[]) {
  const target = join(root, ...segments);
  if (target !== root && !target.startsWith(root + sep)) return undefined;
  let stats: Stats;
  try {
    stats = await lstat(target);
  } catch {
    return undefined;
  }
  if (stats.isFile()) return { path: target, stats };
  if (!stats.isDirectory()) return undefined;
  const index = join(target, 'index.html');
  const indexStats = await regularFile(index);
  return indexStats ? { path: index, stats: indexStats } : undefined;
}

/**
 * Serves only regular files inside the client directory: symbolic links, directories without an
 * index.html and anything outside the root resolve to nothing.
 */
export function createStaticFiles(root: string, security: SecurityHeaders): StaticFiles {
  const cache = new Map<string, StaticEntry>();
  const pending = new Map<string, Promise<StaticEntry>>();

  async function entryFor(path: string, stats: Stats): Promise<StaticEntry> {
    const cached = cache.get(path);
    if (cached && cached.size === stats.size && cached.mtimeMs === stats.mtimeMs) return cached;
    const inFlight = pending.get(path);
    if (inFlight) return inFlight;
    const building = buildStaticEntry(path, stats, security)
      .then((entry) => {
        cache.set(path, entry);
        return entry;
      })
      .finally(() => pending.delete(path));
    pending.set(path, building);
    return building;
  }

  async function lookup(segments: readonly string[]) {
    const found = await resolveFile(root, segments);
    return found ? entryFor(found.path, found.stats) : undefined;
  }

  return {
    lookup,
    lookupFile: (relativePath) => lookup(relativePath.split('/')),
  };
}
