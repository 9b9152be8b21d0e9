import { sendJson } from '../http/respond.ts';
import type { RestRequest } from './request.ts';

/** GET /rest/v1/: a small OpenAPI 2 description listing the exposed tables, views and functions. */
export async function rootDocument(request: RestRequest): Promise<void> {
  const cache = await request.schemas.get();
  const paths: Record<string, unknown> = {
    '/': { get: { produces: ['application/openapi+json', 'application/json'] } },
  };
  for (const relation of cache.relations.values()) {
    if (relation.schema === request.schema) paths[`/${relation.name}`] = { get: {} };
  }
  for (const [, routines] of cache.routines) {
    const routine = routines[0]!;
    if (routine.schema === request.schema) paths[`/rpc/${routine.name}`] = { post: {} };
  }
  sendJson(
    request.res,
    200,
    {
      swagger: '2.0',
      info: { title: 'standard public schema', version: '14.0' },
      host: new URL(request.ctx.apiUrl).host,
      basePath: '/',
      schemes: ['http'],
      paths,
    },
    { 'content-type': 'application/openapi+json; charset=utf-8' },
  );
}
