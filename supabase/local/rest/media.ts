import type { IncomingMessage } from 'node:http';
import { RestError } from './errors.ts';

export interface Media {
  kind: 'json' | 'object' | 'csv';
  stripNulls: boolean;
}

const contentTypes: Record<Media['kind'], string> = {
  json: 'application/json; charset=utf-8',
  object: 'application/vnd.pgrst.object+json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

export const contentTypeOf = (media: Media) =>
  media.stripNulls && media.kind !== 'csv'
    ? contentTypes[media.kind].replace('; charset', '; nulls=stripped; charset')
    : contentTypes[media.kind];

function parseOne(text: string): Media | null {
  const [type = '', ...params] = text.split(';').map((p) => p.trim().toLowerCase());
  const stripNulls = params.includes('nulls=stripped');
  if (['*/*', 'application/*', 'application/json'].includes(type)) return { kind: 'json', stripNulls: false };
  if (type === 'application/vnd.pgrst.array+json' || type === 'application/vnd.pgrst.array')
    return { kind: 'json', stripNulls };
  if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object')
    return { kind: 'object', stripNulls };
  if (type === 'text/csv' || type === 'text/*') return { kind: 'csv', stripNulls: false };
  return null;
}

/** Picks the response format from Accept; 406 PGRST107 when none of the offered types can be produced. */
export function negotiateMedia(req: IncomingMessage): Media {
  const accept = req.headers['accept'];
  if (!accept) return { kind: 'json', stripNulls: false };
  for (const part of accept.split(',')) {
    const media = parseOne(part);
    if (media) return media;
  }
  throw new RestError(
    406,
    'PGRST107',
    `None of these media types are available: ${accept
      .split(',')
      .map((p) => p.trim())
      .join(', ')}`,
  );
}

/** The schema a request targets (Accept-Profile for reads, Content-Profile for writes); 406 PGRST106 if not exposed. */
export function negotiateSchema(
  req: IncomingMessage,
  schemas: string[],
): { schema: string; negotiated: boolean } {
  const read = req.method === 'GET' || req.method === 'HEAD';
  const header = req.headers[read ? 'accept-profile' : 'content-profile'];
  const wanted = Array.isArray(header) ? header[0] : header;
  if (!wanted) return { schema: schemas[0] ?? 'public', negotiated: false };
  if (!schemas.includes(wanted)) {
    throw new RestError(406, 'PGRST106', `Invalid schema: ${wanted}`, {
      hint: `Only the following schemas are exposed: ${schemas.join(', ')}`,
    });
  }
  return { schema: wanted, negotiated: true };
}
