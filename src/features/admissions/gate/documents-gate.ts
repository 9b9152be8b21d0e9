import { documentKindLabel } from '../../../lib/document-kinds.ts';

export interface Requirement {
  course_id: string | null;
  kind: string;
  required: boolean;
}

export interface HeldDocument {
  kind: string;
  status: 'uploaded' | 'verified' | 'rejected';
  created_at: string;
}

/** How well a document answers its requirement: a verified one counts first, then an unchecked one. */
const rank = (document: HeldDocument) =>
  document.status === 'verified' ? 2 : document.status === 'uploaded' ? 1 : 0;

function bestOf(documents: readonly HeldDocument[], kind: string): HeldDocument | undefined {
  return documents
    .filter((document) => document.kind === kind)
    .sort((a, b) => rank(b) - rank(a) || b.created_at.localeCompare(a.created_at))[0];
}

/**
 * Why the required documents do not allow an offer yet, one phrase per document that is not
 * verified ("Passport was rejected"), mirrored from unverified_documents() in the database: the
 * course's own requirements, or the defaults (no course) when the course has none of its own.
 */
export function unverifiedDocuments(
  courseId: string,
  requirements: readonly Requirement[],
  documents: readonly HeldDocument[],
): string[] {
  const own = requirements.filter((rule) => rule.course_id === courseId);
  const rules = own.length > 0 ? own : requirements.filter((rule) => rule.course_id === null);
  return rules
    .filter((rule) => rule.required)
    .map((rule) => rule.kind)
    .sort()
    .flatMap((kind) => {
      const best = bestOf(documents, kind);
      if (best?.status === 'verified') return [];
      const label = documentKindLabel(kind);
      if (best?.status === 'rejected') return [`${label} was rejected`];
      if (best?.status === 'uploaded') return [`${label} is not verified yet`];
      return [`${label} is missing`];
    });
}
