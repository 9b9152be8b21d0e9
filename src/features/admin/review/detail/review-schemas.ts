import { z } from 'zod';
import { versionField } from '../../forms/version-field.ts';
import { STAFF_TARGETS } from './transitions.ts';

/** Field limits, the same as the database's checks; the forms' maxlength attributes use them too. */
export const LIMITS = {
  reason: 500,
  note: 2000,
  noteBody: 5000,
} as const;

export const documentReviewSchema = z
  .object({
    version: versionField,
    document_id: z.uuid('This document is not recognised. Reload the page and try again.'),
    status: z.enum(['verified', 'rejected', 'uploaded'], 'Choose how to mark the document.'),
    reason: z
      .string()
      .trim()
      .max(LIMITS.reason, `Keep the reason to ${LIMITS.reason} characters at most.`)
      .default(''),
  })
  .refine((input) => input.status !== 'rejected' || input.reason.length > 0, {
    path: ['reason'],
    message: 'Say why the document is rejected, so the applicant knows what to upload instead.',
  });
export type DocumentReviewInput = z.infer<typeof documentReviewSchema>;

export const transitionSchema = z
  .object({
    version: versionField,
    to_status: z.enum(STAFF_TARGETS, 'Choose the status to move the application to.'),
    note: z
      .string()
      .trim()
      .max(LIMITS.note, `Keep the note to ${LIMITS.note.toLocaleString('en-GB')} characters at most.`)
      .default(''),
  })
  .refine((input) => input.to_status !== 'action_required' || input.note.length > 0, {
    path: ['note'],
    message: 'Say what the applicant must do: a request for action needs a note.',
  });
export type TransitionInput = z.infer<typeof transitionSchema>;

export const assignSchema = z.object({
  version: versionField,
  assignee: z.union([z.literal(''), z.uuid()], 'Choose a member of the admissions team.'),
});

export const noteSchema = z.object({
  body: z
    .string('Write the note.')
    .trim()
    .min(1, 'Write the note.')
    .max(LIMITS.noteBody, `Keep the note to ${LIMITS.noteBody.toLocaleString('en-GB')} characters at most.`),
});

export const noteDeleteSchema = z.object({
  note_id: z.uuid('This note is not recognised. Reload the page and try again.'),
});

export const duplicateDismissSchema = z.object({
  other_id: z.uuid('That application is not recognised. Reload the page and try again.'),
});
