/** Shapes the application pages hand from the server to their islands. */

import type { Tables } from '../../lib/supabase/database.types.ts';

export interface CourseOption {
  id: string;
  slug: string;
  title: string;
  university_name: string;
  level: string;
}

export interface IntakeOption {
  id: string;
  term: string;
  start_date: string;
  opens_at: string | null;
  deadline: string;
  reply_by: string | null;
  /** Every place is held: applications still go in, to the waiting list (intake_fullness). */
  is_full?: boolean;
}

export interface DocumentRequirement {
  kind: string;
  required: boolean;
  allowed_types: string[];
  max_size_bytes: number;
  description: string;
}

export interface ApplicationDocument {
  id: string;
  kind: string;
  file_name: string;
  size_bytes: number;
  content_type: string;
  status: DocumentStatus;
  rejection_reason: string | null;
  storage_path: string;
  created_at: string;
  /** The offer condition this file is evidence for, when it is. */
  condition_id?: string | null;
}

/** The states a document can be in (the `status` check on `application_documents`). */
export const DOCUMENT_STATUSES = ['uploaded', 'verified', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export function isDocumentStatus(value: string): value is DocumentStatus {
  return (DOCUMENT_STATUSES as readonly string[]).includes(value);
}

/** A document row as selected, with its status narrowed (the table's check makes any other value impossible). */
export function documentFromRow(
  row: Pick<Tables<'application_documents'>, keyof ApplicationDocument>,
): ApplicationDocument {
  const { status } = row;
  if (!isDocumentStatus(status)) throw new Error(`Unknown document status: ${status}`);
  return { ...row, status };
}

export { DOCUMENT_KIND_LABELS, documentKindLabel as documentLabel } from '../../lib/document-kinds.ts';
