/** Shapes the application pages hand from the server to their islands. */

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
  status: 'uploaded' | 'verified' | 'rejected';
  rejection_reason: string | null;
  storage_path: string;
  created_at: string;
}

export { DOCUMENT_KIND_LABELS, documentKindLabel as documentLabel } from '../../lib/document-kinds.ts';
