-- One application in play per applicant and intake: a second submission to the same intake is
-- refused and names the first; withdrawing the first leaves room to apply again; another intake of
-- the course, or another applicant, is never in the way; and no write around the function gets past
-- the database.
begin;
select plan(9);
select tests.create_user('amara');
select tests.create_user('kofi');
select tests.create_catalogue();
insert into public.intakes (course_id, term, start_date, deadline, status)
  select i.course_id, 'Tap Spring Term', i.start_date + 120, i.deadline + 120, 'open' from public.intakes i
  where i.term = 'Tap Open Term';
create temp table tap (k text primary key, v uuid);
grant select on tap to anon, authenticated, service_role;

-- A complete draft (answers and the required passport) for `who` on the intake called `term`.
create function pg_temp.complete_draft(who text, term text, key text) returns uuid language plpgsql as $$
declare
  draft uuid;
  path text;
begin
  insert into public.applications (applicant_id, course_id, intake_id, answers)
    select tests.user_id(who), i.course_id, i.id, jsonb_build_object(
      'personal', jsonb_build_object('full_name', 'Amara Okafor', 'date_of_birth', '2004-03-14', 'nationality', 'NG'),
      'academic', jsonb_build_array(jsonb_build_object('institution', 'Kings Crest', 'qualification', 'WAEC', 'end_year', 2022)),
      'english_test', jsonb_build_object('test', 'ielts', 'score', 7, 'taken_on', '2026-06-20'),
      'statement', repeat('I want to study computing because it builds things. ', 10))
    from public.intakes i where i.term = complete_draft.term
    returning id into draft;
  path := tests.user_id(who) || '/' || draft || '/' || gen_random_uuid() || '-passport.pdf';
  insert into storage.objects (bucket_id, name, owner, metadata)
    values ('application-documents', path, tests.user_id(who), '{"size": 2048, "mimetype": "application/pdf"}');
  insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type)
    values (draft, 'passport', path, 'passport.pdf', 2048, 'application/pdf');
  insert into pg_temp.tap values (key, draft);
  return draft;
end
$$;
create function pg_temp.app(key text) returns uuid language sql stable as $$ select v from pg_temp.tap where k = key $$;
create function pg_temp.ref(key text) returns text language sql stable security definer as
  $$ select a.reference from public.applications a where a.id = (select v from pg_temp.tap where k = key) $$;

select pg_temp.complete_draft('amara', 'Tap Open Term', 'first');
select tests.authenticate_as('amara');
select is((public.submit_application(pg_temp.app('first'))).status, 'submitted', 'the applicant submits to an intake');
select tests.clear_authentication();
select pg_temp.complete_draft('amara', 'Tap Open Term', 'second');
select tests.authenticate_as('amara');
select throws_ok($$select public.submit_application(pg_temp.app('second'))$$, 'P0001',
  'You have already applied to this course for Tap Open Term: application ' || pg_temp.ref('first') || '. Follow it on your applications page, or withdraw it to apply again.',
  'a second submission to the same intake is refused and names the first application');
select is((select status from public.applications where id = pg_temp.app('second')), 'draft', 'the second stays a draft, nothing lost');
select is((select count(*)::integer from public.applications where applicant_id = tests.user_id('amara') and status = 'submitted'), 1, 'the applicant still has one submitted application');

select tests.clear_authentication();
select pg_temp.complete_draft('amara', 'Tap Spring Term', 'spring');
select pg_temp.complete_draft('kofi', 'Tap Open Term', 'kofi');
select tests.authenticate_as('amara');
select is((public.submit_application(pg_temp.app('spring'))).status, 'submitted', 'another intake of the same course takes its own application');
select tests.authenticate_as('kofi');
select is((public.submit_application(pg_temp.app('kofi'))).status, 'submitted', 'another applicant on the same intake is not in the way');

select tests.authenticate_as('amara');
select is((public.withdraw_application(pg_temp.app('first'), 'Wrong documents sent')).status, 'withdrawn', 'the applicant withdraws the first');
select is((public.submit_application(pg_temp.app('second'))).status, 'submitted', 'and may then apply to the intake again');

-- A write that goes around submit_application meets the index.
select tests.authenticate_as_service_role();
select throws_ok($$insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id('kofi'), i.course_id, i.id, 'under_review', 'UP-2026-ONEA99', now() from public.intakes i where i.term = 'Tap Open Term'$$,
  '23505', null, 'even the service role cannot put a second active application on one intake');

select * from finish();
rollback;
