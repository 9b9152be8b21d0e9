import { sendJson } from '../http/respond.ts';
import type { RouteRequest, StorageEnv } from './env.ts';

/**
 * Image transformation is a paid-plan feature of hosted Storage, and the stack has no image
 * renderer. A project without the feature gets Storage's feature check for every `/render/image`
 * route: 403 with this body, before any token or object is looked at. Signing ignores `transform`
 * then, so a signed URL keeps serving the original.
 */
export function renderImage(_env: StorageEnv, request: RouteRequest): Promise<void> {
  sendJson(request.res, 403, {
    error: 'FeatureNotEnabled',
    statusCode: '403',
    message: 'feature not enabled for this tenant',
  });
  return Promise.resolve();
}
