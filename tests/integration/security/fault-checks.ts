/**
 * The fault suite's fixtures and what it checks after a restart: the catalogue rows written straight
 * into the data folder, and, with the stack down, the document rows, object rows and object files.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { openDatabase } from '../../../supabase/local/db/open.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { DOCUMENTS_BUCKET } from '../../../src/features/applications/upload-file.ts';
import { course, intake } from '../applications/fixtures.ts';

export interface Catalogue {
  courseId: string;
  drafts: string;
  uploads: string;
  submissions: string[];
}

/** A course requiring a passport and a transcript, with open intakes for each workload. */
export async function prepareCatalogue(dataDir: string, submissions: number): Promise<Catalogue> {
  const { db } = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const stack = { db } as RunningStack;
    const courseId = await course(stack);
    const open = () => intake(stack, courseId);
    const drafts = await open();
    const uploads = await open();
    const pool: string[] = [];
    for (let i = 0; i < submissions; i += 1) pool.push(await open());
    return { courseId, drafts, uploads, submissions: pool };
  } finally {
    await db.close();
  }
}

/**
 * With the stack stopped: object rows without their file, files without an object row (what the
 * stack's startup sweep removes), and document rows without an object.
 */
export async function checkStorageOnDisk(dataDir: string) {
  const { db } = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const objects = await db.query<{ version: string }>(
      'select version from storage.objects where bucket_id = $1',
      [DOCUMENTS_BUCKET],
    );
    const documents = await db.query<{ storage_path: string }>(
      `select d.storage_path from public.application_documents d
       where not exists (select 1 from storage.objects o where o.bucket_id = $1 and o.name = d.storage_path)`,
      [DOCUMENTS_BUCKET],
    );
    const folder = join(dirname(dataDir), 'storage', DOCUMENTS_BUCKET);
    const files = new Set(existsSync(folder) ? readdirSync(folder) : []);
    const versions = new Set(objects.rows.map((row) => row.version));
    return {
      objects: versions.size,
      rowsWithoutFile: [...versions].filter((version) => !files.has(version)),
      filesWithoutRow: [...files].filter((file) => !versions.has(file)),
      documentsWithoutObject: documents.rows.map((row) => row.storage_path),
    };
  } finally {
    await db.close();
  }
}

/** Object names in an applicant's application folder, and the documents recorded for it. */
export async function folderState(service: SupabaseClient, userId: string, applicationId: string) {
  const folder = `${userId}/${applicationId}`;
  const listed = await service.storage.from(DOCUMENTS_BUCKET).list(folder, { limit: 1000 });
  const rows = await service
    .from('application_documents')
    .select('storage_path')
    .eq('application_id', applicationId);
  if (listed.error || rows.error) throw listed.error ?? rows.error;
  const objects = listed.data.filter((entry) => entry.id !== null).map((entry) => `${folder}/${entry.name}`);
  const recorded = (rows.data as { storage_path: string }[]).map((row) => row.storage_path);
  return {
    objects: objects.length,
    orphans: objects.filter((path) => !recorded.includes(path)),
    missing: recorded.filter((path) => !objects.includes(path)),
  };
}

/** Whether an application is wholly submitted, wholly a draft, or (never) something in between. */
export async function submissionState(service: SupabaseClient, applicationId: string) {
  const app = await service
    .from('applications')
    .select('status, reference, submitted_at')
    .eq('id', applicationId)
    .single();
  const history = await service
    .from('application_status_history')
    .select('id')
    .eq('application_id', applicationId)
    .eq('to_status', 'submitted');
  const receipt = await service
    .from('notification_events')
    .select('id')
    .eq('application_id', applicationId)
    .eq('template_key', 'application_submitted');
  const row = app.data as { status: string; reference: string | null; submitted_at: string | null };
  const parts = [
    row.reference !== null,
    row.submitted_at !== null,
    history.data?.length === 1,
    receipt.data?.length === 1,
  ];
  if (row.status === 'submitted' && parts.every(Boolean)) return 'submitted';
  if (row.status === 'draft' && !parts.some(Boolean)) return 'draft';
  return `partial: ${JSON.stringify({ row, history: history.data, receipt: receipt.data })}`;
}
