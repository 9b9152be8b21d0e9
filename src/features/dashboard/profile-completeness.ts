/** The parts of a profile every application asks for, in the order the profile page shows them. */
export interface ProfileFacts {
  full_name?: string | null;
  date_of_birth?: string | null;
  nationality?: string | null;
  phone?: string | null;
  address_line?: string | null;
  city?: string | null;
  country?: string | null;
  education?: readonly unknown[] | null;
  test_scores?: readonly unknown[] | null;
}

interface Check {
  label: string;
  href: string;
  done: (profile: ProfileFacts) => boolean;
}

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

const CHECKS: readonly Check[] = [
  { label: 'Full name', href: '/profile#personal', done: (p) => filled(p.full_name) },
  { label: 'Date of birth', href: '/profile#personal', done: (p) => filled(p.date_of_birth) },
  { label: 'Nationality', href: '/profile#personal', done: (p) => filled(p.nationality) },
  { label: 'Phone number', href: '/profile#personal', done: (p) => filled(p.phone) },
  {
    label: 'Address',
    href: '/profile#personal',
    done: (p) => filled(p.address_line) && filled(p.city) && filled(p.country),
  },
  { label: 'Education history', href: '/profile#education', done: (p) => (p.education?.length ?? 0) > 0 },
  { label: 'English test score', href: '/profile#tests', done: (p) => (p.test_scores?.length ?? 0) > 0 },
];

export interface Completeness {
  percent: number;
  missing: { label: string; href: string }[];
}

/** How much of what applications reuse is already in the profile, and what is still missing. */
export function profileCompleteness(profile: ProfileFacts): Completeness {
  const missing = CHECKS.filter((check) => !check.done(profile)).map(({ label, href }) => ({ label, href }));
  const percent = Math.round(((CHECKS.length - missing.length) / CHECKS.length) * 100);
  return { percent, missing };
}
