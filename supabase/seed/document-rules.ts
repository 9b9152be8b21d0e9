/**
 * Document requirements derived from each course's level and field, written as set-based SQL so
 * the seed stays small: the defaults (no course), then every course's own list.
 */
const pdfImages = "array['application/pdf','image/jpeg','image/png']";
const pdfWord =
  "array['application/pdf','application/vnd.openxmlformats-officedocument.wordprocessingml.document']";
const mb = (n: number) => n * 1024 * 1024;

const rules: readonly [kind: string, types: string, maxBytes: number, description: string, when: string][] = [
  ['passport', pdfImages, mb(5), 'Photo page of a passport valid for the whole course.', 'true'],
  [
    'transcript',
    pdfImages,
    mb(10),
    'Transcripts and certificates of your most recent studies, with certified translations.',
    'true',
  ],
  [
    'english_test',
    pdfImages,
    mb(5),
    'Score report of an accepted English test taken in the last two years.',
    "c.language = 'en'",
  ],
  // Most courses take the statement typed in the wizard; doctorates ask for it as a file.
  [
    'statement',
    pdfWord,
    mb(2),
    'Personal statement (300 to 5,000 characters) on why you chose this course and the research you want to do.',
    "c.level = 'doctorate'",
  ],
  [
    'cv',
    pdfWord,
    mb(2),
    'Curriculum vitae with education and work experience.',
    "c.level in ('master', 'doctorate')",
  ],
  [
    'reference',
    pdfImages,
    mb(5),
    'Two academic or professional references on letterhead.',
    "c.level in ('master', 'doctorate')",
  ],
  [
    'portfolio',
    "array['application/pdf']",
    mb(50),
    'Portfolio of 10 to 20 pieces of recent work as one PDF.',
    "c.field in ('Graphic Design', 'Architecture')",
  ],
  [
    'other',
    pdfWord,
    mb(5),
    'Research proposal (about 2,000 words) agreed with a prospective supervisor.',
    "c.level = 'doctorate'",
  ],
];

export function documentRequirementsSql(): string {
  const defaults = rules
    .slice(0, 3)
    .map(
      ([kind, types, size, text]) =>
        `  (null, '${kind}', true, ${types}, ${size}, '${text.replaceAll("'", "''")}')`,
    )
    .join(',\n');
  const perCourse = rules
    .map(
      ([kind, types, size, text, when]) =>
        `select c.id, '${kind}', ${kind === 'reference' ? "c.level = 'doctorate'" : 'true'}, ${types}, ${size}, '${text.replaceAll("'", "''")}'\nfrom public.courses c where ${when}`,
    )
    .join('\nunion all\n');
  return `insert into public.document_requirements (course_id, kind, required, allowed_types, max_size_bytes, description) values\n${defaults};\n\ninsert into public.document_requirements (course_id, kind, required, allowed_types, max_size_bytes, description)\n${perCourse}\norder by 1, 2;\n`;
}
