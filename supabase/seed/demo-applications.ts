import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { literal } from './sql.ts';

/** The demo applicant's submitted application, so the dashboard and the admin queue are not empty. */
export const DEMO_APPLICATION_ID = 'd0000000-0000-4000-8000-0000000000a1';

const statement = [
  'I have wanted to build software that helps people since I wrote my first program for my school',
  "library's lending records. Studying sciences at Kings Crest taught me to test an idea before trusting",
  'it, and leading the coding club showed me how much I enjoy explaining hard things simply. I want a',
  'degree that combines rigorous foundations in algorithms and data with practical projects, so that I',
  'can return to Lagos able to design dependable systems for clinics and schools. I am ready for the',
  'workload, and I look forward to contributing to student societies and peer tutoring.',
].join(' ');

function answers(fullName: string): string {
  return JSON.stringify({
    personal: {
      full_name: fullName,
      date_of_birth: '2004-03-14',
      nationality: 'NG',
      phone: '+234 803 555 0142',
    },
    academic: [
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
    english_test: { test: 'ielts', score: 7, taken_on: '2026-06-20' },
    statement,
  });
}

/**
 * SQL adding the demo application on the earliest open English-taught bachelor intake. It is
 * submitted as the applicant (so the timeline names them) without files: the demo has no documents.
 */
export function demoApplicationsSql(): string {
  const applicant = DEMO_ACCOUNTS[0];
  if (!applicant) return '';
  const claims = literal(JSON.stringify({ sub: applicant.id, role: 'authenticated' }));
  return `-- Demo application (local only).
do $$
declare
  target record;
begin
  select i.id, i.course_id, i.start_date, i.reply_by into target
  from public.intakes i join public.courses c on c.id = i.course_id
  where i.status = 'open' and c.published and c.university_published and c.language = 'en'
    and c.level = 'bachelor' and i.deadline >= current_date
  order by i.deadline, c.slug
  limit 1;
  if not found then
    return;
  end if;
  perform set_config('request.jwt.claims', ${claims}, true);
  perform set_config('unipath.transition_note', 'Application submitted.', true);
  insert into public.applications (id, applicant_id, course_id, intake_id, answers, current_step)
  values (${literal(DEMO_APPLICATION_ID)}, ${literal(applicant.id)}, target.course_id, target.id,
    ${literal(answers(applicant.fullName))}, 'review');
  update public.applications set status = 'submitted', submitted_at = now(), reply_by = target.reply_by,
    reference = format('UP-%s-DEMO42', extract(year from target.start_date))
  where id = ${literal(DEMO_APPLICATION_ID)};
  perform set_config('request.jwt.claims', '', true);
  perform set_config('unipath.transition_note', '', true);
end
$$;
`;
}
