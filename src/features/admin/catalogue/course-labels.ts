/** Field labels of the course form, shared by its parts and its error summary. */
export const COURSE_LABELS = {
  title: 'Title',
  slug: 'Web address',
  level: 'Level',
  field: 'Field of study',
  duration_months: 'Duration in months',
  study_mode: 'Study mode',
  language: 'Language of teaching',
  tuition_amount: 'Tuition',
  tuition_currency: 'Tuition currency',
  tuition_period: 'Tuition is charged',
  application_fee: 'Application fee',
  application_fee_currency: 'Application fee currency',
  entry_requirements: 'Entry requirements',
  min_grade_percent: 'Minimum grade (%)',
  min_gpa: 'Minimum GPA (out of 4)',
  required_prior_level: 'Required prior level',
  min_ielts: 'Minimum IELTS',
  min_toefl: 'Minimum TOEFL',
  min_pte: 'Minimum PTE',
  min_duolingo: 'Minimum Duolingo',
  max_choices: 'Cap on one application’s choices',
  description: 'Description',
} as const;

export type CourseField = keyof typeof COURSE_LABELS;
