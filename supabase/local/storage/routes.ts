import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.ts';
import { identify } from './caller.ts';
import type { RouteRequest, StorageEnv } from './env.ts';
import { listObjects } from './list.ts';
import { listObjectsV2 } from './list-v2.ts';
import { deleteObject, removeObjects, transfer } from './manage.ts';
import { downloadAuthenticated, downloadPublic, info } from './read.ts';
import { renderImage } from './render.ts';
import {
  createSignedUploadUrl,
  createSignedUrl,
  createSignedUrls,
  downloadSigned,
  uploadSigned,
} from './signed.ts';
import { storeObject } from './upload.ts';
import { sendJson } from '../http/respond.ts';

type Handler = (env: StorageEnv, request: RouteRequest) => Promise<void>;

/** A method and a pattern: `:x` takes one segment, `*` the rest of the path (an object key). */
type Route = [method: string, pattern: string, handler: Handler];

async function upload(env: StorageEnv, request: RouteRequest, upsert: boolean): Promise<void> {
  const caller = await identify(env.ctx, request);
  const [bucket = '', ...segments] = request.rest;
  const stored = await storeObject(env, request, caller, { bucket, key: segments.join('/'), upsert });
  sendJson(request.res, 200, { Id: stored.id, Key: stored.key });
}

// Fixed routes come before the generic `/object/{bucket}/{key}` ones, as in Storage.
export const routes: Route[] = [
  ['GET', 'bucket', listBuckets],
  ['POST', 'bucket', createBucket],
  ['POST', 'bucket/:id/empty', emptyBucket],
  ['GET', 'bucket/:id', getBucket],
  ['PUT', 'bucket/:id', updateBucket],
  ['DELETE', 'bucket/:id', deleteBucket],
  ['POST', 'object/list/:bucket', listObjects],
  ['POST', 'object/list-v2/:bucket', listObjectsV2],
  ['POST', 'object/move', (env, r) => transfer(env, r, 'move')],
  ['POST', 'object/copy', (env, r) => transfer(env, r, 'copy')],
  ['POST', 'object/sign/:bucket', createSignedUrls],
  ['POST', 'object/sign/:bucket/*', createSignedUrl],
  ['GET', 'object/sign/:bucket/*', downloadSigned],
  ['POST', 'object/upload/sign/:bucket/*', createSignedUploadUrl],
  ['PUT', 'object/upload/sign/:bucket/*', uploadSigned],
  ['GET', 'object/public/:bucket/*', downloadPublic],
  ['GET', 'object/authenticated/:bucket/*', downloadAuthenticated],
  ['GET', 'object/info/public/:bucket/*', (env, r) => info(env, r, 'public')],
  ['GET', 'object/info/authenticated/:bucket/*', (env, r) => info(env, r, 'authenticated')],
  ['GET', 'object/info/:bucket/*', (env, r) => info(env, r, 'authenticated')],
  ['GET', 'object/:bucket/*', downloadAuthenticated],
  ['POST', 'object/:bucket/*', (env, r) => upload(env, r, r.req.headers['x-upsert'] === 'true')],
  ['PUT', 'object/:bucket/*', (env, r) => upload(env, r, true)],
  ['DELETE', 'object/:bucket', removeObjects],
  ['DELETE', 'object/:bucket/*', deleteObject],
  ['GET', 'render/image/*', renderImage],
];

function matchPattern(pattern: string, segments: string[]): string[] | null {
  const parts = pattern.split('/');
  const params: string[] = [];
  for (const [i, part] of parts.entries()) {
    const segment = segments[i];
    if (part === '*') return segments.length > i ? [...params, ...segments.slice(i)] : null;
    if (segment === undefined) return null;
    if (part.startsWith(':')) params.push(segment);
    else if (part !== segment) return null;
  }
  return segments.length === parts.length ? params : null;
}

/** Finds the route for a method and decoded path segments; HEAD is served by the GET routes. */
export function match(method: string, segments: string[]): { handler: Handler; rest: string[] } | null {
  const wanted = method === 'HEAD' ? 'GET' : method;
  for (const [routeMethod, pattern, handler] of routes) {
    if (routeMethod !== wanted) continue;
    const rest = matchPattern(pattern, segments);
    if (rest) return { handler, rest };
  }
  return null;
}
