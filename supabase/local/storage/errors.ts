import type { ServerResponse } from 'node:http';
import { isPostgresError } from '../db/types.ts';
import { sendJson } from '../http/respond.ts';

/** An error Storage reports in its envelope; `status` is the semantic status shown in the body. */
export class StorageApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly error: string;

  constructor(status: number, code: string, message: string, error: string = code) {
    super(message);
    this.status = status;
    this.code = code;
    this.error = error;
  }
}

export const errors = {
  noSuchBucket: () => new StorageApiError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageApiError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  duplicate: () =>
    new StorageApiError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageApiError(403, 'AccessDenied', message, 'Unauthorized'),
  tooLarge: () =>
    new StorageApiError(
      413,
      'EntityTooLarge',
      'The object exceeded the maximum allowed size',
      'Payload too large',
    ),
  invalidMime: (mime: string) =>
    new StorageApiError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  invalidJwt: (message: string) => new StorageApiError(400, 'InvalidJWT', message),
  expiredToken: () => new StorageApiError(400, 'ExpiredToken', 'The provided token has expired.'),
  invalidSignature: () => new StorageApiError(400, 'InvalidSignature', 'Invalid signature'),
  notEmpty: () => new StorageApiError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  noContent: () => new StorageApiError(400, 'InvalidRequest', 'No content provided'),
  invalidKey: (key: string) => new StorageApiError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () =>
    new StorageApiError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidParameter: (name: string) =>
    new StorageApiError(400, 'InvalidParameter', `Invalid Parameter ${name}`),
  invalidRequest: (message: string) => new StorageApiError(400, 'InvalidRequest', message),
  invalidRange: () => new StorageApiError(416, 'InvalidRange', 'invalid range provided', 'invalid_range'),
  internal: () => new StorageApiError(500, 'InternalError', 'Internal server error'),
};

/** Maps database failures to what Storage reports for them. */
export function fromDatabase(error: unknown): StorageApiError | null {
  if (!isPostgresError(error)) return null;
  if (error.code === '42501') return errors.accessDenied();
  if (error.code === '23505') return errors.duplicate();
  if (error.code === '23503') return errors.noSuchBucket();
  // A NUL in a bucket id or another text value: Postgres text cannot hold it.
  if (error.code === '22021') return errors.invalidRequest('invalid byte sequence in the request');
  return null;
}

/**
 * Sends the envelope. Storage answers HTTP 400 for every error whose semantic status is not 500
 * (the real status travels in the body), except a bad range, which keeps 416.
 */
export function sendError(res: ServerResponse, error: StorageApiError): void {
  const http = error.status === 500 ? 500 : error.status === 416 ? 416 : 400;
  sendJson(res, http, {
    statusCode: String(error.status),
    code: error.code,
    error: error.error,
    message: error.message,
  });
}
