import type { Stats } from 'node:fs';
import type { ContentCoding } from './encoding.ts';

/** File name suffixes of the precompressed siblings the build writes next to a file. */
export const VARIANT_SUFFIX: Readonly<Record<ContentCoding, string>> = { br: '.br', gzip: '.gz' };

/** Timestamps round-trip through floating-point seconds, so "the same time" means within a millisecond. */
const CLOCK_SLACK_MS = 1;

/**
 * A precompressed sibling stamped with its source's modification time (as the build does) or
 * written after it belongs to the current version of the source; an older one is stale.
 */
export function isCurrentVariant(variant: Stats, source: Stats): boolean {
  return variant.isFile() && variant.mtimeMs > source.mtimeMs - CLOCK_SLACK_MS;
}

/** Whether a variant was stamped from exactly this version of the source by the build. */
export function isStampedFrom(variant: Stats, source: Stats): boolean {
  return variant.isFile() && Math.abs(variant.mtimeMs - source.mtimeMs) < CLOCK_SLACK_MS;
}
