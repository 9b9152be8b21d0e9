import { literal } from './sql.ts';

export interface DemoAccount {
  id: string;
  email: string;
  password: string;
  fullName: string;
  role: 'admin' | 'counsellor' | null;
  /** What the account is for, printed by `npm start`. */
  purpose: string;
}

/** Local demo accounts, created by the seed (never by migrations, so no deployment has them). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: 'd0000000-0000-4000-8000-000000000001',
    email: 'applicant@unipath.test',
    password: 'demo-applicant-2026',
    fullName: 'Amara Okafor',
    role: null,
    purpose: 'applicant: profile, a submitted application with its documents',
  },
  {
    id: 'd0000000-0000-4000-8000-000000000002',
    email: 'admin@unipath.test',
    password: 'demo-admin-2026',
    fullName: 'Daniel Meyer',
    role: 'admin',
    purpose: 'administrator',
  },
  {
    id: 'd0000000-0000-4000-8000-000000000003',
    email: 'counsellor@unipath.test',
    password: 'demo-counsellor-2026',
    fullName: 'Priya Nair',
    role: 'counsellor',
    purpose: 'counsellor',
  },
  ...[
    ['4', 'offer', 'Kenji Tanaka', 'applicant: three choices, one a conditional offer to accept or decline'],
    ['5', 'waitlist', 'Sofia Rossi', 'applicant: on the waiting list'],
    ['6', 'conditions', 'Lucas Silva', 'applicant: accepted an offer, conditions pending'],
    ['7', 'held-offer', 'Zoë Fernández-Walsh', 'applicant: batch intake, offer held until published'],
    ['8', 'held-outcome', 'Mateo García', 'applicant: batch intake, outcome held until published'],
  ].map(([n, mailbox, fullName, purpose]): DemoAccount => ({
    id: `d0000000-0000-4000-8000-00000000000${n}`,
    email: `${mailbox}@unipath.test`,
    password: 'demo-applicant-2026',
    fullName: fullName ?? '',
    role: null,
    purpose: purpose ?? '',
  })),
];

const applicantProfile = {
  date_of_birth: '2004-03-14',
  nationality: 'NG',
  phone: '+234 803 555 0142',
  city: 'Lagos',
  country: 'NG',
  education: [
    {
      institution: 'Kings Crest Secondary School',
      qualification: 'WAEC Senior School Certificate',
      field: 'Sciences',
      country: 'NG',
      start_year: 2016,
      end_year: 2022,
      grade: 'A1 average',
    },
  ],
  test_scores: [{ test: 'ielts', score: 7, taken_on: '2026-06-20' }],
};

function userSql(account: DemoAccount): string {
  const meta = literal(JSON.stringify({ full_name: account.fullName }));
  const identity = literal(JSON.stringify({ sub: account.id, email: account.email, email_verified: true }));
  return `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at)
values (${literal(account.id)}, 'authenticated', 'authenticated', ${literal(account.email)},
  extensions.crypt(${literal(account.password)}, extensions.gen_salt('bf', 10)), now(),
  '{"provider":"email","providers":["email"]}', ${meta}, now(), now());
insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values (${literal(account.id)}, ${literal(account.id)}, ${identity}, 'email', now(), now());
`;
}

/** SQL creating the demo accounts, their roles and the applicant's profile. */
export function demoAccountsSql(): string {
  const users = DEMO_ACCOUNTS.map(userSql).join('\n');
  const roles = DEMO_ACCOUNTS.filter((a) => a.role)
    .map(
      (a) => `insert into public.user_roles (user_id, role) values (${literal(a.id)}, ${literal(a.role)});`,
    )
    .join('\n');
  const applicant = DEMO_ACCOUNTS[0];
  const p = applicantProfile;
  const profile = applicant
    ? `update public.profiles set date_of_birth = ${literal(p.date_of_birth)}, nationality = ${literal(p.nationality)},
  phone = ${literal(p.phone)}, city = ${literal(p.city)}, country = ${literal(p.country)},
  education = ${literal(JSON.stringify(p.education))}, test_scores = ${literal(JSON.stringify(p.test_scores))}
where id = ${literal(applicant.id)};`
    : '';
  return `-- Demo accounts (local only).\n${users}\n${roles}\n${profile}\n`;
}
