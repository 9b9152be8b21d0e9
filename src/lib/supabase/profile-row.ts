import type { RowOf } from './columns.ts';

/** The columns of public.profiles the app reads: the details every application starts from. */
export const PROFILE_COLUMNS =
  'full_name, date_of_birth, nationality, phone, passport_number, address_line, city, postal_code, country, education, test_scores' as const;

/**
 * A row of public.profiles as the app reads it. Its two lists are jsonb, written only through the
 * profile forms, in these shapes.
 */
export type ProfileRow = Omit<RowOf<'profiles', typeof PROFILE_COLUMNS>, 'education' | 'test_scores'> & {
  education: Record<string, string>[];
  test_scores: { test: string; score: number; taken_on: string }[];
};
