import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDocument } from '../../../src/features/applications/documents.server.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { BUCKET, course, draft, intake, pdfBytes, person } from './fixtures.ts';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

describe('recording an uploaded document', () => {
  it('answers a retry of a registration that was recorded with the same document, keeping its file', async () => {
    const applicant = await person(stack);
    const courseId = await course(stack);
    const app = await draft(applicant, courseId, await intake(stack, courseId));
    const path = `${applicant.id}/${app.id}/${randomUUID()}-passport.pdf`;
    const stored = await applicant.writer.storage
      .from(BUCKET)
      .upload(path, pdfBytes(), { contentType: 'application/pdf' });
    expect(stored.error).toBeNull();
    const input = {
      kind: 'passport' as const,
      storage_path: path,
      file_name: 'passport.pdf',
      size_bytes: 1,
      content_type: 'application/pdf',
    };

    const first = await registerDocument(applicant.client, app.id, input);
    const retry = await registerDocument(applicant.client, app.id, input);

    expect(first.ok && retry.ok).toBe(true);
    const firstId = first.ok ? first.document?.id : undefined;
    expect(retry.ok ? retry.document?.id : undefined).toBe(firstId);
    const { data: rows } = await applicant.client
      .from('application_documents')
      .select('id')
      .eq('application_id', app.id);
    expect(rows).toEqual([{ id: firstId }]);
    const download = await applicant.client.storage.from(BUCKET).download(path);
    expect(download.error).toBeNull();
    expect(download.data?.size).toBeGreaterThan(0);
  });
});
