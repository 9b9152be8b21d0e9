/** The applicant's answers (a JSON document the wizard wrote) read defensively for display. */

export interface EnglishTestAnswer {
  test: string;
  score: string;
  taken_on: string;
}

export interface AnswersView {
  personal: Record<string, string>;
  academic: Record<string, string>[];
  english: EnglishTestAnswer | null;
  statement: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Text values of an object; numbers become text, anything else is left out. */
function textFields(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const fields: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' && item.trim()) fields[key] = item.trim();
    else if (typeof item === 'number' && Number.isFinite(item)) fields[key] = String(item);
  }
  return fields;
}

function textRows(value: unknown): Record<string, string>[] {
  return Array.isArray(value) ? value.map(textFields).filter((row) => Object.keys(row).length > 0) : [];
}

export function readAnswers(answers: unknown): AnswersView {
  const root = isRecord(answers) ? answers : {};
  const english = textFields(root['english_test']);
  return {
    personal: textFields(root['personal']),
    academic: textRows(root['academic']),
    english: english['test']
      ? { test: english['test'], score: english['score'] ?? '', taken_on: english['taken_on'] ?? '' }
      : null,
    statement: typeof root['statement'] === 'string' ? root['statement'].trim() : '',
  };
}

/** A profile's education or test score list, same shape rules as the answers. */
export function readRows(value: unknown): Record<string, string>[] {
  return textRows(value);
}

/** Labels of personal details, in the order the wizard asks for them. */
export const PERSONAL_FIELDS = [
  ['full_name', 'Full name'],
  ['date_of_birth', 'Date of birth'],
  ['nationality', 'Nationality'],
  ['phone', 'Phone'],
  ['address_line', 'Address'],
  ['city', 'City'],
  ['postal_code', 'Postal code'],
  ['passport_number', 'Passport number'],
  ['country', 'Country of residence'],
] as const;

/** Lower case without accents, for comparing what two fields say. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * The qualification with its field: "WAEC in Sciences", but "BSc Mathematics" alone when the
 * qualification already names the field.
 */
function qualificationWithField(qualification = '', field = ''): string {
  if (!field.trim() || folded(qualification).includes(folded(field))) return qualification;
  return qualification ? `${qualification} in ${field}` : `in ${field}`;
}

/** "Kings College Lagos: WAEC in Sciences, 2017–2023, grade A1" for one row of academic history. */
export function describeEducation(row: Record<string, string>): string {
  const what = qualificationWithField(row['qualification'], row['field']);
  const years = [row['start_year'], row['end_year']].filter(Boolean).join('–');
  const parts = [what, years, row['grade'] ? `grade ${row['grade']}` : ''].filter(Boolean);
  return `${row['institution'] ?? 'Institution not given'}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}
