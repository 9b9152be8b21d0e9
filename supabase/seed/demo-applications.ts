import { createHash } from 'node:crypto';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DEMO_CASES, DEMO_CONDITIONS, demoDocuments, type DemoCase } from './demo-cases.ts';
import { readDemoDocument } from './demo-documents.ts';
import { literal } from './sql.ts';

/** The demo applicant's submitted application, so the dashboard and the admin queue are not empty. */
export const DEMO_APPLICATION_ID = DEMO_CASES[0]?.id ?? '';

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin');
const counsellor = DEMO_ACCOUNTS.find((account) => account.role === 'counsellor');

/** Runs what follows as this person, the way PostgREST sets a signed-in caller. */
const actAs = (id: string | undefined) =>
  `perform set_config('request.jwt.claims', ${literal(JSON.stringify({ sub: id, role: 'authenticated' }))}, true);`;

const version = (id: string) => `(select a.version from public.applications a where a.id = ${literal(id)})`;

function answers(demo: DemoCase): string {
  const { person } = demo;
  return JSON.stringify({
    personal: {
      full_name: demo.account.fullName,
      date_of_birth: person.dateOfBirth,
      nationality: person.nationality,
      phone: person.phone,
    },
    academic: [
      {
        institution: person.school,
        qualification: person.qualification,
        field: person.field,
        country: person.country,
        start_year: 2016,
        end_year: 2022,
        grade: person.grade,
      },
    ],
    english_test: { test: 'ielts', score: person.ielts, taken_on: '2026-06-20' },
    statement: person.statement,
  });
}

/**
 * The objects' rows, written before the documents that need them (the document trigger reads the
 * file's size and type from storage.objects). The files themselves are uploaded by the stack at
 * start from supabase/seed/documents (config.toml, objects_path), which fills in these rows.
 */
function objectsSql(): string {
  const rows = DEMO_CASES.flatMap((demo) =>
    demoDocuments(demo).map((document) => {
      const bytes = readDemoDocument(document);
      const metadata = {
        eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
        size: bytes.length,
        mimetype: document.contentType,
        cacheControl: 'max-age=3600',
        contentLength: bytes.length,
        httpStatusCode: 200,
      };
      return `  ('application-documents', ${literal(document.key)}, ${literal(demo.account.id)}::uuid, ${literal(demo.account.id)}, ${literal(JSON.stringify(metadata))}::jsonb)`;
    }),
  );
  return `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values\n${rows.join(',\n')}\non conflict (bucket_id, name) do nothing;\n`;
}

/** The profile the applicant filled in before applying (the demo applicant's comes with the accounts). */
function profileSql(demo: DemoCase): string {
  if (demo.id === DEMO_APPLICATION_ID) return '';
  const { person } = demo;
  const education = [
    {
      institution: person.school,
      qualification: person.qualification,
      field: person.field,
      country: person.country,
      start_year: 2016,
      end_year: 2022,
      grade: person.grade,
    },
  ];
  const tests = [{ test: 'ielts', score: person.ielts, taken_on: '2026-06-20' }];
  return `  update public.profiles set date_of_birth = ${literal(person.dateOfBirth)}, nationality = ${literal(person.nationality)},
    phone = ${literal(person.phone)}, country = ${literal(person.country)}, education = ${literal(JSON.stringify(education))},
    test_scores = ${literal(JSON.stringify(tests))}
  where id = ${literal(demo.account.id)};
`;
}

/** Created as the applicant, with their documents, and submitted through submit_application. */
function submitSql(demo: DemoCase): string {
  const documents = demoDocuments(demo)
    .map(
      (document) =>
        `(${literal(demo.id)}, ${literal(document.kind)}, ${literal(document.key)}, ${literal(document.fileName)}, 1, ${literal(document.contentType)})`,
    )
    .join(',\n    ');
  return `  -- ${demo.account.fullName}: ${demo.state.replaceAll('_', ' ')}.
  ${actAs(demo.account.id)}
${profileSql(demo)}  insert into public.applications (id, applicant_id, course_id, intake_id, answers, current_step)
  select ${literal(demo.id)}, ${literal(demo.account.id)}, i.course_id, i.id, ${literal(answers(demo))}, 'review'
  from public.intakes i where i.id = picked[${demo.intake + 1}];
  insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type)
  values ${documents};
  perform public.submit_application(${literal(demo.id)});
`;
}

/** Staff start the review and verify every document, as the review screen does. */
function reviewSql(demo: DemoCase): string {
  return `  ${actAs(admin?.id)}
  perform public.transition_application(${literal(demo.id)}, 'under_review', ${version(demo.id)}, 'Review started.');
  for document in select d.id from public.application_documents d where d.application_id = ${literal(demo.id)} order by d.kind loop
    perform public.review_document(document, 'verified', ${version(demo.id)});
  end loop;
`;
}

const reason = (outcome: string, position: number) =>
  `(select r.id from public.decision_reasons r where r.outcome = '${outcome}' and r.position = ${position})`;

/** The decision each state needs, made and released (where the intake allows) by the functions. */
function decisionSql(demo: DemoCase): string {
  const id = literal(demo.id);
  const conditions = literal(DEMO_CONDITIONS);
  switch (demo.state) {
    case 'submitted':
      return '';
    case 'offer':
      return `  perform public.decide_application(${id}, ${version(demo.id)}, 'offer_conditional', ${conditions}, release => true);\n`;
    case 'waitlisted':
      return `  perform public.decide_application(${id}, ${version(demo.id)}, 'waitlisted', release => true);\n`;
    case 'conditions_pending':
      return `  perform public.decide_application(${id}, ${version(demo.id)}, 'offer_conditional', ${conditions}, release => true);
  ${actAs(demo.account.id)}
  perform public.respond_to_offer(${id}, true);
`;
    case 'held_offer':
      // A counsellor recommends, an administrator approves; the batch intake holds it, release or not.
      return `  ${actAs(counsellor?.id)}
  decision := public.decide_application(${id}, ${version(demo.id)}, 'offer_conditional', ${conditions});
  ${actAs(admin?.id)}
  perform public.approve_decision(decision.id, ${version(demo.id)}, release => true);
`;
    case 'held_unsuccessful':
      return `  perform public.decide_application(${id}, ${version(demo.id)}, 'rejected', reason_id => ${reason('rejected', 30)},
    reason_detail => 'Ranked below the last place offered after the interview scores were added up.', release => true);\n`;
  }
}

/**
 * The demo applicant with an offer also chose two more courses: the second submitted later and under
 * review, the third added since and still a draft. Accepting the offer shows what it lets go.
 */
function moreChoicesSql(demo: DemoCase): string {
  if (demo.state !== 'offer') return '';
  return `  ${actAs(demo.account.id)}
  choice := public.add_choice(${literal(demo.id)}, picked[1]);
  perform public.submit_choices(${literal(demo.id)});
  ${actAs(admin?.id)}
  perform public.transition_application(choice.id, 'under_review',
    (select a.version from public.applications a where a.id = choice.id), 'Review started.');
  ${actAs(demo.account.id)}
  perform public.add_choice(${literal(demo.id)}, picked[3]);
`;
}

/**
 * SQL adding the demo applications on the earliest open English-taught bachelor intakes of three
 * courses (the second one rolling, the third switched to batch release). Every state is reached the
 * way the app reaches it: the applicant submits with their documents, staff review, decide and
 * release, the applicant replies; nothing writes a status directly.
 */
export function demoApplicationsSql(): string {
  const steps = DEMO_CASES.map(
    (demo) =>
      submitSql(demo) +
      (demo.state === 'submitted' ? '' : reviewSql(demo) + decisionSql(demo) + moreChoicesSql(demo)),
  ).join('\n');
  return `-- Demo applications (local only).
${objectsSql()}
do $$
declare
  picked uuid[];
  document uuid;
  decision public.application_decisions;
  choice public.applications;
begin
  select array_agg(x.id order by x.deadline, x.slug) into picked from (
    select distinct on (i.course_id) i.id, i.deadline, c.slug
    from public.intakes i join public.courses c on c.id = i.course_id
    where i.status = 'open' and c.published and c.university_published and c.language = 'en'
      and c.level = 'bachelor' and c.field not in ('Graphic Design', 'Architecture')
      and coalesce(i.opens_at, current_date) <= current_date and i.deadline >= current_date
    order by i.course_id, i.deadline
  ) x;
  if coalesce(cardinality(picked), 0) < 3 then
    return;
  end if;
  ${actAs(admin?.id)}
  update public.intakes set release_mode = 'batch' where id = picked[3];
${steps}
  perform set_config('request.jwt.claims', '', true);
end
$$;
`;
}
