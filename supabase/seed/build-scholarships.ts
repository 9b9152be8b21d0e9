import { literal, type SqlValue } from './sql.ts';

/** A demo scholarship; `university` and `courses` are slugs the seed's catalogue defines. */
interface SeedScholarship {
  slug: string;
  provider: string;
  name: string;
  description: string;
  award: { amount: number; currency: string } | { percentage: number };
  period?: 'year' | 'total';
  /** What it pays for; tuition when not said. */
  towards?: 'living' | 'tuition_and_living';
  levels?: string[];
  nationalities?: string[];
  subjects?: string[];
  minGradePercent?: number;
  minGpa?: number;
  deadline: string | null;
  university?: string;
  courses?: string[];
  visible?: boolean;
}

const COMMONWEALTH_AFRICA = ['NG', 'GH', 'KE', 'UG', 'TZ', 'ZA', 'ZM', 'RW', 'CM', 'MW'];
const SOUTH_ASIA = ['IN', 'PK', 'BD', 'LK', 'NP'];

const scholarships: readonly SeedScholarship[] = [
  {
    slug: 'ashcombe-global-excellence-scholarship',
    provider: 'Ashcombe University',
    name: 'Global Excellence Scholarship',
    description:
      'A tuition discount for international undergraduates with strong results, applied to every year of study while you pass each year.',
    award: { amount: 3000, currency: 'GBP' },
    levels: ['bachelor'],
    minGradePercent: 70,
    deadline: '2027-05-31',
    university: 'ashcombe-university',
  },
  {
    slug: 'ashcombe-robotics-women-in-engineering',
    provider: 'Ashcombe University School of Engineering',
    name: 'Women in Engineering Award',
    description:
      'Half of the tuition for the MEng Robotics or the BEng Electrical Engineering, for women who will join the engineering outreach programme.',
    award: { percentage: 50 },
    levels: ['bachelor', 'master'],
    subjects: ['Engineering', 'Robotics'],
    minGradePercent: 65,
    deadline: '2027-04-30',
    university: 'ashcombe-university',
    courses: ['ashcombe-university-meng-robotics', 'ashcombe-university-beng-hons-electrical-engineering'],
  },
  {
    slug: 'commonwealth-shared-masters-scholarship',
    provider: 'Commonwealth Scholarship Commission',
    name: "Commonwealth Shared Master's Scholarship",
    description:
      "Full tuition, travel and a living allowance for a one-year master's at Northmere University, a host university of the scheme, for citizens of lower-income Commonwealth countries who could not otherwise study in the UK.",
    award: { percentage: 100 },
    towards: 'tuition_and_living',
    levels: ['master'],
    nationalities: COMMONWEALTH_AFRICA.concat(SOUTH_ASIA),
    minGradePercent: 60,
    deadline: '2027-03-18',
    university: 'northmere-university',
  },
  {
    slug: 'northmere-vice-chancellors-international-award',
    provider: 'Northmere University',
    name: "Vice-Chancellor's International Award",
    description: 'A one-off reduction of the first-year tuition for self-funded international students.',
    award: { amount: 5000, currency: 'GBP' },
    period: 'total',
    levels: ['bachelor', 'master'],
    deadline: '2027-06-30',
    university: 'northmere-university',
  },
  {
    slug: 'northmere-data-science-south-asia',
    provider: 'Northmere University',
    name: 'South Asia Data Science Scholarship',
    description: 'For students from South Asia joining the BSc Data Science with Statistics.',
    award: { percentage: 25 },
    nationalities: SOUTH_ASIA,
    subjects: ['Data Science'],
    minGpa: 3.2,
    deadline: '2027-07-15',
    university: 'northmere-university',
    courses: ['northmere-university-bsc-hons-data-science-with-statistics'],
  },
  {
    slug: 'liffeybrook-international-merit-scholarship',
    provider: 'Liffeybrook University',
    name: 'International Merit Scholarship',
    description: 'A reduction of the non-EU tuition fee for applicants with excellent grades.',
    award: { amount: 2500, currency: 'EUR' },
    minGradePercent: 75,
    deadline: '2027-05-01',
    university: 'liffeybrook-university',
  },
  {
    slug: 'amstelhaven-orange-tulip-scholarship',
    provider: 'Nuffic Neso',
    name: 'Orange Tulip Scholarship',
    description:
      'A partial tuition waiver for students from partner countries at participating Dutch universities.',
    award: { amount: 5000, currency: 'EUR' },
    period: 'total',
    levels: ['bachelor', 'master'],
    nationalities: ['BR', 'CN', 'IN', 'ID', 'MX', 'ZA', 'KR', 'TR', 'VN'],
    deadline: '2027-04-01',
    university: 'amstelhaven-university',
  },
  {
    slug: 'spreehafen-deutschlandstipendium',
    provider: 'Spreehafen University and private sponsors',
    name: 'Deutschlandstipendium',
    description:
      'EUR 300 a month for a year, for high-achieving students of any nationality, paid towards living costs.',
    award: { amount: 3600, currency: 'EUR' },
    towards: 'living',
    minGpa: 3.3,
    deadline: '2027-08-31',
    university: 'spreehafen-university',
  },
  {
    slug: 'lakeshore-bay-presidents-entrance-scholarship',
    provider: 'Lakeshore Bay University',
    name: "President's Entrance Scholarship",
    description:
      'For international students entering a first undergraduate degree, renewable each year with a B average.',
    award: { amount: 10000, currency: 'CAD' },
    levels: ['bachelor'],
    minGradePercent: 85,
    deadline: '2027-02-15',
    university: 'lakeshore-bay-university',
  },
  {
    slug: 'yarrawood-international-excellence-scholarship',
    provider: 'Yarrawood University',
    name: 'International Excellence Scholarship',
    description:
      "20% off the tuition for the whole of a bachelor's or master's course for high-achieving international students.",
    award: { percentage: 20 },
    levels: ['bachelor', 'master'],
    minGradePercent: 70,
    deadline: '2027-10-31',
    university: 'yarrawood-university',
  },
  {
    slug: 'rangitoto-climate-futures-scholarship',
    provider: 'Rangitoto University',
    name: 'Climate Futures Scholarship',
    description: 'For postgraduate study on climate and water at Rangitoto University.',
    award: { amount: 10000, currency: 'NZD' },
    levels: ['master'],
    subjects: ['Environmental Science', 'Climate Change', 'Water Engineering'],
    deadline: '2027-09-30',
    university: 'rangitoto-university',
    courses: ['rangitoto-university-msc-climate-change', 'rangitoto-university-msc-water-engineering'],
  },
  {
    slug: 'unipath-first-generation-bursary',
    provider: 'Unipath Foundation',
    name: 'First-Generation Bursary',
    description:
      'A contribution to the first-year costs of students who are the first in their family to go to university, at any partner university.',
    award: { amount: 1000, currency: 'USD' },
    period: 'total',
    levels: ['foundation', 'diploma', 'bachelor'],
    deadline: '2027-06-01',
  },
  {
    slug: 'global-health-leaders-award',
    provider: 'Global Health Futures Trust',
    name: 'Global Health Leaders Award',
    description:
      'For nurses and public health professionals from sub-Saharan Africa taking a master’s or doctorate.',
    award: { amount: 8000, currency: 'USD' },
    levels: ['master', 'doctorate'],
    nationalities: COMMONWEALTH_AFRICA,
    subjects: ['Nursing', 'Public Health'],
    minGpa: 3,
    deadline: '2027-01-31',
  },
  {
    slug: 'ashcombe-alumni-loyalty-discount',
    provider: 'Ashcombe University',
    name: 'Alumni Loyalty Discount',
    description: 'Being prepared for next year: not yet confirmed by the university.',
    award: { percentage: 10 },
    deadline: null,
    university: 'ashcombe-university',
    visible: false,
  },
];

const COLUMNS = [
  'slug',
  'provider',
  'name',
  'description',
  'award_kind',
  'amount',
  'currency',
  'percentage',
  'award_period',
  'pays_towards',
  'levels',
  'nationalities',
  'subject_areas',
  'min_grade_percent',
  'min_gpa',
  'deadline',
  'applies_to',
  'university',
  'last_verified_at',
  'source_url',
  'visible',
];

function row(s: SeedScholarship): SqlValue[] {
  const amount = 'amount' in s.award ? s.award : null;
  return [
    s.slug,
    s.provider,
    s.name,
    s.description,
    amount ? 'amount' : 'percentage',
    amount?.amount ?? null,
    amount?.currency ?? null,
    'percentage' in s.award ? s.award.percentage : null,
    s.period ?? 'year',
    s.towards ?? 'tuition',
    s.levels ?? [],
    s.nationalities ?? [],
    s.subjects ?? [],
    s.minGradePercent ?? null,
    s.minGpa ?? null,
    s.deadline,
    s.courses ? 'courses' : s.university ? 'university' : 'any',
    s.university ?? null,
    '2026-11-02T09:00:00Z',
    `https://scholarships.unipath.test/${s.slug}`,
    s.visible ?? true,
  ];
}

/** The demo scholarships and the courses they name, joined to the catalogue by slug. */
export function scholarshipsSql(): string {
  const values = scholarships.map((s) => `  (${row(s).map(literal).join(', ')})`).join(',\n');
  const links = scholarships
    .flatMap((s) => (s.courses ?? []).map((course) => `  (${literal(s.slug)}, ${literal(course)})`))
    .join(',\n');
  return `insert into public.scholarships (${COLUMNS.map((c) => (c === 'university' ? 'university_id' : c)).join(', ')})
select v.slug, v.provider, v.name, v.description, v.award_kind, v.amount::numeric, v.currency, v.percentage::smallint,
  v.award_period, v.pays_towards, v.levels, v.nationalities, v.subject_areas, v.min_grade_percent::smallint, v.min_gpa::numeric,
  v.deadline::date, v.applies_to, u.id, v.last_verified_at::timestamptz, v.source_url, v.visible
from (values
${values}
) v(${COLUMNS.join(', ')})
left join public.universities u on u.slug = v.university;
insert into public.scholarship_courses (scholarship_id, course_id)
select s.id, c.id from (values
${links}
) v(scholarship, course)
join public.scholarships s on s.slug = v.scholarship
join public.courses c on c.slug = v.course;
`;
}
