import { apiConfig } from '../config.ts';
import type { Service, ServiceRequest, StackContext } from '../context.ts';
import { requireApiKey } from '../http/gateway.ts';
import { BodyTooLargeError, sendJson } from '../http/respond.ts';
import { authenticate, type Caller } from './auth.ts';
import { RestError, toRestError } from './errors.ts';
import { handleRead } from './handlers/read.ts';
import { handleRpc } from './handlers/rpc.ts';
import { handleWrite } from './handlers/write.ts';
import { negotiateSchema } from './media.ts';
import type { RestRequest } from './request.ts';
import { createSchemaCacheHolder } from './schema/cache.ts';
import { rootDocument } from './root.ts';

function sendError(request: ServiceRequest, error: RestError): void {
  const headers: Record<string, string> = { ...error.headers };
  if (error.code.startsWith('PGRST')) headers['proxy-status'] = `PostgREST; error=${error.code}`;
  sendJson(request.res, error.status, error.body(), headers);
}

/** True when a name or value in the URL holds a NUL, which no Postgres text or identifier may carry. */
function hasNul(segments: string[], params: URLSearchParams): boolean {
  return [...segments, ...[...params].flat()].some((part) => part.includes('\u0000'));
}

async function route(request: RestRequest): Promise<void> {
  const method = request.req.method ?? 'GET';
  const segments = request.path.split('/').filter(Boolean).map(decodeURIComponent);
  // Postgres refuses the byte itself (22021); a NUL spliced into an identifier would instead break
  // the wire protocol, so it is refused before any SQL is built.
  if (hasNul(segments, request.url.searchParams))
    throw new RestError(400, '22021', 'invalid byte sequence for encoding "UTF8": 0x00');
  if (segments.length === 0) return rootDocument(request);
  if (segments.length === 2 && segments[0] === 'rpc') return handleRpc(request, segments[1]!);
  if (segments.length !== 1) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  if (method === 'GET' || method === 'HEAD') return handleRead(request, segments[0]!);
  if (method === 'POST' || method === 'PATCH' || method === 'DELETE')
    return handleWrite(request, segments[0]!);
  throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

/** The REST API under /rest/v1, answering the requests postgrest-js makes as PostgREST v14 would. */
export function createRestService(ctx: StackContext): Service {
  const api = apiConfig(ctx.config);
  const schemas = createSchemaCacheHolder(ctx.db, api.schemas, ctx.clock);
  return {
    async handle(service) {
      if (!requireApiKey(service.caller, service.res)) return;
      let caller: Caller = { role: 'anon', claims: {} };
      try {
        caller = await authenticate(ctx.keys, service.caller.bearer);
        const { schema, negotiated } = negotiateSchema(service.req, api.schemas);
        await route({ ...service, ctx, schemas, maxRows: api.maxRows, caller, schema, negotiated });
      } catch (error) {
        const known =
          error instanceof BodyTooLargeError
            ? new RestError(413, 'PGRSTX03', 'Request body too large', { details: error.message })
            : toRestError(error, caller.role !== 'anon');
        if (known) return sendError(service, known);
        ctx.log(
          `rest: ${service.req.method} ${service.url.pathname} failed: ${(error as Error).stack ?? String(error)}`,
        );
        sendError(service, new RestError(500, 'PGRSTX00', 'Internal server error'));
      }
    },
  };
}
