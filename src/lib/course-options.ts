/** The course levels and study modes the catalogue stores (see the courses migration), with their words. */
export const COURSE_LEVELS = [
  'foundation',
  'diploma',
  'certificate',
  'bachelor',
  'master',
  'doctorate',
] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

export const STUDY_MODES = ['full_time', 'part_time', 'online', 'blended'] as const;
export type StudyMode = (typeof STUDY_MODES)[number];

/** The level of study a course expects an applicant to have finished. */
export const PRIOR_LEVELS = [
  'secondary',
  'foundation',
  'diploma',
  'certificate',
  'bachelor',
  'master',
] as const;
export type PriorLevel = (typeof PRIOR_LEVELS)[number];

export function isPriorLevel(value: string): value is PriorLevel {
  return PRIOR_LEVELS.some((level) => level === value);
}

export const LEVEL_LABELS: Readonly<Record<string, string>> = {
  foundation: 'Foundation',
  diploma: 'Diploma',
  certificate: 'Certificate',
  bachelor: 'Bachelor’s',
  master: 'Master’s',
  doctorate: 'Doctorate',
};

export const MODE_LABELS: Readonly<Record<string, string>> = {
  full_time: 'Full time',
  part_time: 'Part time',
  online: 'Online',
  blended: 'Blended',
};
