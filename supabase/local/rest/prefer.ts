import type { IncomingMessage } from 'node:http';
import { RestError } from './errors.ts';
import type { ApiSettings } from './schema/types.ts';

export interface Preferences {
  return: 'representation' | 'minimal' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  tx: 'commit' | 'rollback' | null;
  handling: 'strict' | 'lenient' | null;
  maxAffected: number | null;
}

const known: Record<string, readonly string[]> = {
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
};

/** Reads every Prefer header (comma-separated, first value of each kind wins). */
export function readPreferences(req: IncomingMessage): Preferences {
  const raw = req.headers['prefer'];
  const items = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const prefs: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    tx: null,
    handling: null,
    maxAffected: null,
  };
  const invalid: string[] = [];
  for (const item of items) {
    const [key = '', value = ''] = item.split('=');
    const field = key as keyof typeof known;
    if (key === 'max-affected' && /^\d+$/.test(value)) prefs.maxAffected ??= Number(value);
    else if (known[field]?.includes(value))
      (prefs as unknown as Record<string, string | null>)[field] ??= value;
    else if (key !== 'timezone') invalid.push(item);
  }
  if (prefs.handling === 'strict' && invalid.length) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', {
      details: `Invalid preferences: ${invalid.join(', ')}`,
    });
  }
  return prefs;
}

export type Applied = 'resolution' | 'missing' | 'return' | 'count' | 'tx' | 'handling' | 'maxAffected';
const order: Applied[] = ['resolution', 'missing', 'return', 'count', 'tx', 'handling', 'maxAffected'];

/** The Preference-Applied header for the preferences an operation honours, in PostgREST's order. */
export function appliedHeader(prefs: Preferences, honoured: Applied[]): Record<string, string> {
  const values = order.flatMap((name) => {
    if (!honoured.includes(name)) return [];
    if (name === 'maxAffected')
      return prefs.maxAffected !== null && prefs.handling === 'strict'
        ? [`max-affected=${prefs.maxAffected}`]
        : [];
    const value = prefs[name];
    return value === null ? [] : [`${name}=${value}`];
  });
  return values.length ? { 'preference-applied': values.join(', ') } : {};
}

/**
 * Whether the request's transaction ends in ROLLBACK under db-tx-end. `Prefer: tx` counts only when the
 * setting allows an override; otherwise it is dropped, so Preference-Applied does not echo it.
 */
export function endsInRollback(prefs: Preferences, txEnd: ApiSettings['txEnd']): boolean {
  const overridable = txEnd.endsWith('-allow-override');
  if (!overridable) prefs.tx = null;
  return (prefs.tx ?? (txEnd.startsWith('rollback') ? 'rollback' : 'commit')) === 'rollback';
}

/** `max-affected` with `handling=strict`: 400 PGRST124 when more rows were affected than allowed. */
export function checkMaxAffected(prefs: Preferences, affected: number): void {
  if (prefs.handling === 'strict' && prefs.maxAffected !== null && affected > prefs.maxAffected) {
    throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', {
      details: `The query affects ${affected} rows`,
    });
  }
}
