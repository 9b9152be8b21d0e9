import type { FieldErrors } from '../../lib/security/form-outcome.ts';
import type { ProfileRow } from '../../lib/supabase/profile-row.ts';
import type { ProfileFieldGroup, ProfileFormProps } from './form-spec.ts';
import { ENGLISH_TEST_OPTIONS } from '../../lib/english-tests.ts';
import type { ProfileIntent } from './schema.ts';
import type { CountryOption } from '../../lib/countries.ts';

export interface FormState {
  values: Record<string, string>;
  fieldErrors: FieldErrors;
  error?: string | undefined;
  notice?: string | undefined;
}

export const blankState = (values: Record<string, string> = {}): FormState => ({ values, fieldErrors: {} });

export function formProps(
  intent: ProfileIntent,
  csrfToken: string,
  state: FormState,
  rest: Pick<ProfileFormProps, 'submit' | 'groups'> & Partial<ProfileFormProps>,
): ProfileFormProps {
  return { intent, csrfToken, ...state, ...rest };
}

export function personalGroups(countries: CountryOption[]): ProfileFieldGroup[] {
  return [
    {
      fields: [
        {
          name: 'full_name',
          label: 'Full name',
          type: 'text',
          autoComplete: 'name',
          hint: 'As it appears in your passport.',
        },
        { name: 'date_of_birth', label: 'Date of birth', type: 'date', autoComplete: 'bday' },
        { name: 'nationality', label: 'Nationality', type: 'select', options: countries },
        { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
        {
          name: 'passport_number',
          label: 'Passport number (optional)',
          type: 'text',
          autoComplete: 'off',
          hint: 'As printed in your passport. Admissions uses it to tell applicants apart.',
        },
        { name: 'address_line', label: 'Address', type: 'text', autoComplete: 'street-address' },
        { name: 'city', label: 'City', type: 'text', autoComplete: 'address-level2' },
        { name: 'postal_code', label: 'Postal code', type: 'text', autoComplete: 'postal-code' },
        {
          name: 'country',
          label: 'Country of residence',
          type: 'select',
          options: countries,
          autoComplete: 'country',
        },
      ],
    },
  ];
}

export function personalValues(profile: ProfileRow): Record<string, string> {
  const { education: _education, test_scores: _tests, ...details } = profile;
  return Object.fromEntries(
    Object.entries(details).map(([key, value]) => [key, value === null ? '' : String(value)]),
  );
}

/** Saved rows plus one empty row for adding another. */
function rowCount(saved: number): number {
  return Math.min(saved + 1, 20);
}

export function educationGroups(saved: number, countries: CountryOption[]): ProfileFieldGroup[] {
  return Array.from({ length: rowCount(saved) }, (_, index) => ({
    legend: index < saved ? `Education ${index + 1}` : 'Add education',
    fields: [
      { name: `education.${index}.institution`, label: 'School or university', type: 'text' as const },
      { name: `education.${index}.qualification`, label: 'Qualification', type: 'text' as const },
      { name: `education.${index}.field`, label: 'Subject', type: 'text' as const },
      { name: `education.${index}.country`, label: 'Country', type: 'select' as const, options: countries },
      {
        name: `education.${index}.start_year`,
        label: 'Start year',
        type: 'number' as const,
        inputMode: 'numeric' as const,
      },
      {
        name: `education.${index}.end_year`,
        label: 'End year',
        type: 'number' as const,
        inputMode: 'numeric' as const,
      },
      { name: `education.${index}.grade`, label: 'Grade or result', type: 'text' as const },
    ],
  }));
}

export function testGroups(saved: number): ProfileFieldGroup[] {
  return Array.from({ length: rowCount(saved) }, (_, index) => ({
    legend: index < saved ? `Test result ${index + 1}` : 'Add a test result',
    fields: [
      {
        name: `test_scores.${index}.test`,
        label: 'Test',
        type: 'select' as const,
        options: ENGLISH_TEST_OPTIONS,
      },
      { name: `test_scores.${index}.score`, label: 'Overall score', type: 'number' as const, step: '0.5' },
      { name: `test_scores.${index}.taken_on`, label: 'Date taken', type: 'date' as const },
    ],
  }));
}

/** Flattens saved rows into the field names the row forms use. */
export function rowValues(prefix: string, rows: readonly Record<string, unknown>[]): Record<string, string> {
  const values: Record<string, string> = {};
  rows.forEach((row, index) => {
    for (const [key, value] of Object.entries(row))
      values[`${prefix}.${index}.${key}`] = value === null || value === undefined ? '' : String(value);
  });
  return values;
}
