import {
  COURSE_LEVELS,
  LEVEL_LABELS,
  MODE_LABELS,
  PRIOR_LEVELS,
  STUDY_MODES,
} from '../../../lib/course-options.ts';
import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS } from '../../../lib/document-kinds.ts';
import { RELEASE_MODE_LABELS, RELEASE_MODES } from '../../admissions/release/release-modes.ts';

/** The choices the catalogue forms offer; each list is exactly what its column's check constraint allows. */

export interface Choice {
  value: string;
  label: string;
}

export const UNIVERSITY_TYPES = ['public', 'private'] as const;
export const TUITION_PERIODS = ['year', 'total'] as const;
export { COURSE_LEVELS, DOCUMENT_KINDS, PRIOR_LEVELS, RELEASE_MODES, STUDY_MODES };

/** Upload types an applicant's file may have; the upload checks accept these three only. */
export const FILE_TYPES = [
  { value: 'application/pdf', field: 'allow_pdf', label: 'PDF' },
  { value: 'image/jpeg', field: 'allow_jpeg', label: 'JPEG image' },
  { value: 'image/png', field: 'allow_png', label: 'PNG image' },
] as const;

const LABELS: Readonly<Record<string, string>> = {
  public: 'Public',
  private: 'Private',
  ...LEVEL_LABELS,
  secondary: 'Secondary school',
  ...MODE_LABELS,
  year: 'Per year',
  total: 'Whole course',
  ...DOCUMENT_KIND_LABELS,
  ...RELEASE_MODE_LABELS,
};

export function choiceLabel(value: string): string {
  return LABELS[value] ?? value;
}

export function choicesOf(values: readonly string[]): Choice[] {
  return values.map((value) => ({ value, label: choiceLabel(value) }));
}
