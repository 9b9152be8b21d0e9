import type { ProfileRow } from '../../lib/supabase/profile-row.ts';
import { answersDraftSchema } from './draft.ts';
import type { Prefill } from './wizard-page.server.ts';

/** Copies the profile into a new draft: personal details, education, the most recent English test. */
export function prefillFromProfile(profile: ProfileRow): Prefill {
  const latest = [...profile.test_scores].sort((a, b) => b.taken_on.localeCompare(a.taken_on))[0];
  const draft = answersDraftSchema.parse({
    personal: {
      full_name: profile.full_name,
      date_of_birth: profile.date_of_birth ?? '',
      nationality: profile.nationality ?? '',
      phone: profile.phone ?? '',
      passport_number: profile.passport_number ?? '',
      address_line: profile.address_line ?? '',
      city: profile.city ?? '',
      postal_code: profile.postal_code ?? '',
      country: profile.country ?? '',
    },
    academic: profile.education.map((row) => ({
      institution: row['institution'] ?? '',
      qualification: row['qualification'] ?? '',
      field: row['field'] ?? '',
      country: row['country'] ?? '',
      start_year: row['start_year'] ?? '',
      end_year: row['end_year'] ?? '',
      grade: row['grade'] ?? '',
    })),
    english_test: latest ? { test: latest.test, score: String(latest.score), taken_on: latest.taken_on } : {},
    statement: '',
  });
  return { personal: draft.personal, academic: draft.academic, english_test: draft.english_test };
}
