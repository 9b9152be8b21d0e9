import { uuid } from './params.ts';

/** How a detail URL names its row: the canonical slug, or an id from an older link. */
export type DetailKey = { kind: 'slug'; value: string } | { kind: 'id'; value: string } | { kind: 'invalid' };

export function parseDetailKey(raw: string | undefined): DetailKey {
  const value = (raw ?? '').trim().toLowerCase();
  if (uuid.safeParse(value).success) return { kind: 'id', value };
  if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) && value.length <= 160) return { kind: 'slug', value };
  return { kind: 'invalid' };
}
