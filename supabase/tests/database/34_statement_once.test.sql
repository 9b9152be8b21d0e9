-- The personal statement is asked for once: typed, unless the course's documents require it as a
-- file; submission checks the one the course asks for and never both.
begin;
select plan(5);
select tests.create_user('amara');
select tests.create_catalogue();
create temp table tap (k text primary key, v uuid);
grant select on tap to anon, authenticated, service_role;
insert into public.applications (applicant_id, course_id, intake_id, answers)
  select tests.user_id('amara'), i.course_id, i.id, jsonb_build_object(
    'personal', jsonb_build_object('full_name', 'Amara Okafor', 'date_of_birth', '2004-03-14', 'nationality', 'NG'),
    'academic', jsonb_build_array(jsonb_build_object('institution', 'Kings Crest', 'qualification', 'WAEC', 'end_year', 2022)),
    'english_test', jsonb_build_object('test', 'ielts', 'score', 7, 'taken_on', '2026-06-20'))
  from public.intakes i where i.term = 'Tap Open Term';
insert into tap select 'draft', a.id from public.applications a where a.applicant_id = tests.user_id('amara');
create function pg_temp.upload(kind text) returns void language sql as $$
  insert into storage.objects (bucket_id, name, owner, metadata)
    select 'application-documents', tests.user_id('amara') || '/' || v || '/' || gen_random_uuid() || '-' || kind || '.pdf',
      tests.user_id('amara'), '{"size": 2048, "mimetype": "application/pdf"}' from pg_temp.tap where k = 'draft';
  insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type)
    select (select v from pg_temp.tap where k = 'draft'), kind, o.name, kind || '.pdf', 2048, 'application/pdf'
    from storage.objects o where o.name like '%-' || kind || '.pdf' and o.owner = tests.user_id('amara');
$$;
create function pg_temp.missing() returns text language sql stable security definer as $$
  select array_to_string(m.answers, ',') || ' / ' || array_to_string(m.documents, ',')
  from public.applications a, public.application_missing_items(a) m where a.id = (select v from pg_temp.tap where k = 'draft') $$;
select pg_temp.upload('passport');

select is(pg_temp.missing(), 'statement / ', 'a course without a statement file wants the statement typed, and no file');
select tests.authenticate_as('amara');
select throws_ok($$select public.submit_application((select v from pg_temp.tap where k = 'draft'))$$, 'P0001',
  'The application is incomplete. Missing: a personal statement of 300 to 5,000 characters.', 'so submission asks for the typed statement');

select tests.clear_authentication();
insert into public.document_requirements (course_id, kind, required, description)
  select c.id, 'statement', true, 'tap' from public.courses c where c.slug = 'tap-course-pub';
select is(pg_temp.missing(), ' / statement', 'a course that requires a statement file asks for the file instead, not the typed text');
select pg_temp.upload('statement');
select is(pg_temp.missing(), ' / ', 'the uploaded file answers it');
select tests.authenticate_as('amara');
select is((public.submit_application((select v from pg_temp.tap where k = 'draft'))).status, 'submitted', 'and the application is submitted without a typed statement');

select * from finish();
rollback;
