/** A row of public.profiles as the app reads it: the details every application starts from. */
export interface ProfileRow {
  full_name: string;
  date_of_birth: string | null;
  nationality: string | null;
  phone: string | null;
  address_line: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  education: Record<string, string>[];
  test_scores: { test: string; score: number; taken_on: string }[];
}
