import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../src/lib/security/form-input.ts';
import {
  assignSchema,
  documentReviewSchema,
  noteDeleteSchema,
  noteSchema,
  transitionSchema,
} from '../../../src/features/admin/review/detail/review-schemas.ts';
import type { z } from 'zod';

const DOC = '2b0c5a36-8d4e-4c8e-9f5a-1c2d3e4f5a6b';

function errors(schema: z.ZodType, fields: Record<string, string>): Record<string, string> {
  const result = schema.safeParse(fields);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe('review forms', () => {
  it('rejects a document only with a reason, and trims it', () => {
    expect(
      errors(documentReviewSchema, { version: '1', document_id: DOC, status: 'rejected', reason: '   ' }),
    ).toEqual({
      reason: 'Say why the document is rejected, so the applicant knows what to upload instead.',
    });
    expect(
      documentReviewSchema.parse({
        version: '1',
        document_id: DOC,
        status: 'rejected',
        reason: ' Blurred. ',
      }),
    ).toEqual({
      version: 1,
      document_id: DOC,
      status: 'rejected',
      reason: 'Blurred.',
    });
    expect(documentReviewSchema.parse({ version: '1', document_id: DOC, status: 'verified' })).toMatchObject({
      reason: '',
    });
    expect(
      errors(documentReviewSchema, {
        version: '1',
        document_id: DOC,
        status: 'rejected',
        reason: 'x'.repeat(501),
      }),
    ).toHaveProperty('reason');
    expect(
      errors(documentReviewSchema, { version: '1', document_id: 'not-a-uuid', status: 'approved' }),
    ).toHaveProperty('document_id');
  });

  it('needs a note to ask for action', () => {
    expect(errors(transitionSchema, { version: '1', to_status: 'action_required', note: '' })).toHaveProperty(
      'note',
    );
    expect(transitionSchema.parse({ version: '1', to_status: 'under_review' })).toEqual({
      version: 1,
      to_status: 'under_review',
      note: '',
    });
  });

  it('refuses statuses staff cannot set, whatever the form posts', () => {
    for (const to_status of [
      'draft',
      'submitted',
      'accepted',
      'withdrawn',
      'expired',
      'offer_conditional',
      '',
    ])
      expect(errors(transitionSchema, { version: '1', to_status })).toHaveProperty('to_status');
  });

  it('assigns to a member of staff by id or to nobody', () => {
    expect(assignSchema.parse({ version: '1', assignee: '' })).toEqual({ version: 1, assignee: '' });
    expect(assignSchema.parse({ version: '1', assignee: DOC })).toEqual({ version: 1, assignee: DOC });
    expect(errors(assignSchema, { version: '1', assignee: 'someone@example.com' })).toHaveProperty(
      'assignee',
    );
  });

  it('takes a note of 1 to 5,000 characters and a note id to delete', () => {
    expect(errors(noteSchema, { body: '  ' })).toEqual({ body: 'Write the note.' });
    expect(errors(noteSchema, {})).toEqual({ body: 'Write the note.' });
    expect(errors(noteSchema, { body: 'x'.repeat(5001) })).toHaveProperty('body');
    expect(noteSchema.parse({ body: ' Called the school. ' })).toEqual({ body: 'Called the school.' });
    expect(errors(noteDeleteSchema, { note_id: '1' })).toHaveProperty('note_id');
  });
});
