/**
 * The kinds of document an application holds and a course may ask for (the kind columns of
 * application_documents and document_requirements), with the words everyone reads for them.
 */
export const DOCUMENT_KINDS = [
  'passport',
  'transcript',
  'english_test',
  'cv',
  'statement',
  'reference',
  'portfolio',
  'other',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_LABELS: Readonly<Record<string, string>> = {
  passport: 'Passport',
  transcript: 'Academic transcript',
  english_test: 'English test certificate',
  cv: 'CV',
  statement: 'Personal statement',
  reference: 'Reference letter',
  portfolio: 'Portfolio',
  other: 'Other document',
  condition_evidence: 'Evidence for a condition',
};

/**
 * Evidence for a condition of an offer: a kind an application holds, never one a course asks for
 * (so it is not among DOCUMENT_KINDS, which the course editor offers).
 */
export const EVIDENCE_KIND = 'condition_evidence';

export function documentKindLabel(kind: string): string {
  return DOCUMENT_KIND_LABELS[kind] ?? kind.replace(/_/g, ' ');
}
