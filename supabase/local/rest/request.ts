import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { runAs } from '../db/request-context.ts';
import type { Queryable } from '../db/types.ts';
import type { Caller } from './auth.ts';
import { RestError } from './errors.ts';
import type { SchemaCacheHolder } from './schema/cache.ts';
import { qualified, type Relation, type SchemaCache } from './schema/types.ts';

/** Everything a handler needs about one API request. */
export interface RestRequest {
  ctx: StackContext;
  schemas: SchemaCacheHolder;
  maxRows: number;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The path below /rest/v1. */
  path: string;
  caller: Caller;
  schema: string;
  /** True when Accept-Profile/Content-Profile chose the schema; the response then names it. */
  negotiated: boolean;
}

/** Thrown inside a transaction to roll it back while still answering with `value`. */
export class Rollback<T> {
  readonly value: T;
  constructor(value: T) {
    this.value = value;
  }
}

function headerObject(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function cookieObject(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) cookies[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return cookies;
}

/** Runs `fn` in the caller's transaction (role, claims, method, path, headers set), as PostgREST does. */
export async function inTransaction<T>(
  request: RestRequest,
  readOnly: boolean,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const { req, caller } = request;
  try {
    return await runAs(
      request.ctx.db,
      {
        role: caller.role,
        claims: caller.claims,
        method: req.method ?? 'GET',
        path: request.path,
        headers: headerObject(req),
        cookies: cookieObject(req.headers.cookie),
        readOnly,
        roleSettings: true,
      },
      fn,
    );
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
}

/** Looks a table or view up, re-reading the catalog once before answering 404 PGRST205. */
export async function findRelation(
  request: RestRequest,
  name: string,
): Promise<{ cache: SchemaCache; relation: Relation }> {
  let cache = await request.schemas.get();
  let relation = cache.relations.get(qualified(request.schema, name));
  if (!relation) {
    cache = await request.schemas.get(true);
    relation = cache.relations.get(qualified(request.schema, name));
  }
  if (!relation) {
    const similar = closest(
      name,
      [...cache.relations.values()].filter((r) => r.schema === request.schema).map((r) => r.name),
    );
    throw new RestError(
      404,
      'PGRST205',
      `Could not find the table '${request.schema}.${name}' in the schema cache`,
      {
        hint: similar ? `Perhaps you meant the table '${request.schema}.${similar}'` : null,
      },
    );
  }
  return { cache, relation };
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The most similar name with at least 75% similarity, for "Perhaps you meant" hints. */
export function closest(name: string, candidates: string[]): string | null {
  let best: string | null = null;
  let bestScore = 0.75;
  for (const candidate of candidates) {
    const score = 1 - distance(name, candidate) / Math.max(name.length, candidate.length, 1);
    if (score >= bestScore) [best, bestScore] = [candidate, score];
  }
  return best;
}

/** Writes a response with the given headers; HEAD requests get the headers only. */
export function reply(
  request: RestRequest,
  status: number,
  headers: Record<string, string>,
  body: string,
): void {
  const extra = request.negotiated ? { 'content-profile': request.schema } : {};
  const text = request.req.method === 'HEAD' || status === 204 ? '' : body;
  request.res.writeHead(status, { ...headers, ...extra, 'content-length': Buffer.byteLength(text) });
  request.res.end(text);
}
