/** The choices the catalogue forms offer; each list is exactly what its column's check constraint allows. */

export interface Choice {
  value: string;
  label: string;
}

export const UNIVERSITY_TYPES = ['public', 'private'] as const;
export const COURSE_LEVELS = [
  'foundation',
  'diploma',
  'certificate',
  'bachelor',
  'master',
  'doctorate',
] as const;
export const STUDY_MODES = ['full_time', 'part_time', 'online', 'blended'] as const;
export const TUITION_PERIODS = ['year', 'total'] as const;
export const PRIOR_LEVELS = [
  'secondary',
  'foundation',
  'diploma',
  'certificate',
  'bachelor',
  'master',
] as const;
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

/** Upload types an applicant's file may have; the upload checks accept these three only. */
export const FILE_TYPES = [
  { value: 'application/pdf', field: 'allow_pdf', label: 'PDF' },
  { value: 'image/jpeg', field: 'allow_jpeg', label: 'JPEG image' },
  { value: 'image/png', field: 'allow_png', label: 'PNG image' },
] as const;

const LABELS: Readonly<Record<string, string>> = {
  public: 'Public',
  private: 'Private',
  foundation: 'Foundation',
  diploma: 'Diploma',
  certificate: 'Certificate',
  bachelor: 'Bachelor’s',
  master: 'Master’s',
  doctorate: 'Doctorate',
  secondary: 'Secondary school',
  full_time: 'Full time',
  part_time: 'Part time',
  online: 'Online',
  blended: 'Blended',
  year: 'Per year',
  total: 'Whole course',
  passport: 'Passport',
  transcript: 'Transcript',
  english_test: 'English test result',
  cv: 'CV',
  statement: 'Personal statement',
  reference: 'Reference letter',
  portfolio: 'Portfolio',
  other: 'Other document',
};

export function choiceLabel(value: string): string {
  return LABELS[value] ?? value;
}

export function choicesOf(values: readonly string[]): Choice[] {
  return values.map((value) => ({ value, label: choiceLabel(value) }));
}
