import { z } from 'zod';
import { isIsoCountryCode } from '../../lib/countries.ts';

/**
 * Query-string helpers shared by the catalogue schemas: each field falls back to its default on bad
 * input, so a hand-edited or stale URL still renders a page instead of an error.
 */
export function readQuery(params: URLSearchParams, arrayKeys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params
      .getAll(key)
      .flatMap((value) => (arrayKeys.includes(key) ? value.split(',') : [value]))
      .map((value) => value.trim())
      .filter(Boolean);
    if (values.length) out[key] = arrayKeys.includes(key) ? values : values[0];
  }
  return out;
}

/** A list of allowed values; unknown entries are dropped, duplicates removed, at most `max` kept. */
export function listOf<T extends string>(item: z.ZodType<T>, max = 20) {
  return z
    .array(z.unknown())
    .catch([])
    .default([])
    .transform((values) => [...new Set(values.flatMap((v) => (item.safeParse(v).success ? [v as T] : [])))])
    .transform((values) => values.slice(0, max));
}

export const optionalInt = (min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).optional().catch(undefined);

export const optionalAmount = z.coerce.number().positive().max(10_000_000).optional().catch(undefined);

export const pageNumber = z.coerce.number().int().min(1).max(500).catch(1).default(1);

/** White space and control characters (a NUL the database cannot store among them). */
// eslint-disable-next-line no-control-regex
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]+/g;

export const searchText = z
  .string()
  .transform((value) => value.replace(SPACE_OR_CONTROL, ' ').trim().slice(0, 120))
  .catch('')
  .default('');

export const countryCode = z.string().refine((value): boolean => isIsoCountryCode(value));
export const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

/** Serialises a parsed query back into a stable URL query (defaults left out). */
export function toQuery(entries: Record<string, unknown>, defaults: Record<string, unknown> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) {
    if (value === undefined || value === '' || value === defaults[key]) continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
