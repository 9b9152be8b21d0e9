import type { APIRoute } from 'astro';
import { applicationIdOf, callerOf } from '../../../../features/applications/api-request.server.ts';
import { json } from '../../../../lib/json-api.server.ts';
import { uploadDocument } from '../../../../features/applications/document-upload.server.ts';
import { removeDocument } from '../../../../features/applications/documents.server.ts';
import { createServiceRoleClient } from '../../../../lib/supabase/service.server.ts';

export const prerender = false;

/** Checks, stores and records a file (multipart: file, kind, storage_path, replaces) as a document. */
export const POST: APIRoute = async (context) => {
  const caller = callerOf(context);
  if (caller instanceof Response) return caller;
  const id = applicationIdOf(context);
  const form = await context.request.formData().catch(() => null);
  if (!id || !form) return json({ ok: false, status: 400, message: 'The upload could not be read.' }, 400);
  const result = await uploadDocument(caller, id, form, createServiceRoleClient());
  return json(result, result.ok ? 201 : result.status);
};

/** Removes one document (`?document=<id>`) and its file. */
export const DELETE: APIRoute = async (context) => {
  const caller = callerOf(context);
  if (caller instanceof Response) return caller;
  const id = applicationIdOf(context);
  const documentId = context.url.searchParams.get('document') ?? '';
  if (!id || !/^[0-9a-f-]{36}$/i.test(documentId)) {
    return json({ ok: false, status: 400, message: 'Say which document to remove.' }, 400);
  }
  const result = await removeDocument(caller.supabase, id, documentId);
  return json(result, result.ok ? 200 : result.status);
};
