-- audit_log: only administrators read it and no API role writes it; the triggers record each staff
-- change once, with the actor, the row and only the values that changed, and never an applicant's.
begin;
select plan(57);
select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_user('recruit');
select tests.create_catalogue();
insert into public.leads (name, email, source) values ('Tap Lead', 'lead@tap.test', 'contact');
create temp table tap (k text primary key, v text);
insert into tap select 'course', c.id::text from public.courses c where c.slug = 'tap-course-pub';
insert into tap select 'intake', i.id::text from public.intakes i where i.term = 'Tap Open Term';
insert into tap select 'lead', l.id::text from public.leads l where l.email = 'lead@tap.test';
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id('owner'), i.course_id, i.id, 'submitted', 'UP-2026-TAPA01', now()
  from public.intakes i where i.term = 'Tap Open Term';
insert into tap select 'sent', a.id::text from public.applications a where a.reference = 'UP-2026-TAPA01';
-- The owner's draft is for a later intake of the same course: one intake takes one application each.
insert into public.intakes (course_id, term, start_date, deadline, status)
  select c.id, 'Tap Spring Term', current_date + 400, current_date + 300, 'open' from public.courses c
  where c.slug = 'tap-course-pub';
insert into public.applications (applicant_id, course_id, intake_id, answers)
  select tests.user_id('owner'), i.course_id, i.id, jsonb_build_object(
    'personal', jsonb_build_object('full_name', 'Amara Okafor', 'date_of_birth', '2004-03-14', 'nationality', 'NG'),
    'academic', jsonb_build_array(jsonb_build_object('institution', 'Kings Crest', 'qualification', 'WAEC', 'end_year', 2022)),
    'english_test', jsonb_build_object('test', 'ielts', 'score', 7, 'taken_on', '2026-06-20'),
    'statement', repeat('I want to study computing because it builds things. ', 10))
  from public.intakes i where i.term = 'Tap Spring Term';
insert into tap select 'draft', a.id::text from public.applications a
  where a.applicant_id = tests.user_id('owner') and a.status = 'draft';
insert into tap select k || '_file', tests.user_id('owner') || '/' || v || '/00000000-0000-4000-8000-00000000000' || n || '-passport.pdf'
  from (select k, v, row_number() over (order by k) n from tap where k in ('sent', 'draft')) t;
insert into storage.objects (bucket_id, name, owner, metadata)
  select 'application-documents', v, tests.user_id('owner'), '{"size": 2048, "mimetype": "application/pdf"}'
  from tap where k in ('sent_file', 'draft_file');
insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type)
  select (select v::uuid from tap where k = 'sent'), 'passport', v, 'passport.pdf', 2048, 'application/pdf'
  from tap where k = 'sent_file';
insert into tap select 'document', d.id::text from public.application_documents d where d.storage_path = (select v from tap where k = 'sent_file');
grant select on tap to anon, authenticated, service_role;
-- Setting up staff and the seeded roles left records of their own; each check below starts empty.
delete from public.audit_log;

-- The applicant's own work is not a staff action, even where the same triggers fire.
select tests.authenticate_as('owner');
select is(tests.row_count($$update public.applications set answers = jsonb_set(answers, '{personal,city}', '"Lagos"'), current_step = 'review', version = version where id = (select v::uuid from pg_temp.tap where k = 'draft')$$), 1, 'the owner edits their draft');
select is(tests.row_count($$insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type) select (select v::uuid from pg_temp.tap where k = 'draft'), 'passport', v, 'passport.pdf', 2048, 'application/pdf' from pg_temp.tap where k = 'draft_file'$$), 1, 'the owner records a document');
select is((public.submit_application((select v::uuid from tap where k = 'draft'))).status, 'submitted', 'the owner submits');
select tests.clear_authentication();
select is((select count(*)::integer from public.audit_log), 0, 'an applicant''s edits, uploads and submission leave no audit record');

-- Changes made by the system (no signed-in user) are not staff actions either.
select tests.authenticate_as_service_role();
select is(tests.row_count($$update public.leads set notes = 'Imported', version = version where email = 'lead@tap.test'$$), 1, 'the service role updates a lead');
select tests.clear_authentication();
select is((select count(*)::integer from public.audit_log), 0, 'a change without a signed-in staff member is not recorded');

select tests.authenticate_as('admin');
select is(tests.row_count($$update public.courses set title = 'Tap Renamed Course', version = version where slug = 'tap-course-pub'$$), 1, 'an administrator renames a course');
select tests.clear_authentication();
select results_eq($$select actor, actor_email, action, entity, entity_id, before, after from public.audit_log$$,
  $$select tests.user_id('admin'), 'admin@tap.test', 'update', 'courses', (select v from pg_temp.tap where k = 'course'), '{"title": "Tap Published Course"}'::jsonb, '{"title": "Tap Renamed Course"}'::jsonb$$,
  'renaming a course leaves one record: the administrator, the course and only its title before and after');
delete from public.audit_log;

select tests.authenticate_as('admin');
select is(tests.row_count($$update public.intakes set capacity = 40, deadline = deadline, version = version where term = 'Tap Open Term'$$), 1, 'an administrator sets an intake''s capacity');
select tests.clear_authentication();
select results_eq($$select actor, action, entity, entity_id, before, after from public.audit_log$$,
  $$select tests.user_id('admin'), 'update', 'intakes', (select v from pg_temp.tap where k = 'intake'), '{"capacity": null}'::jsonb, '{"capacity": 40}'::jsonb$$,
  'the intake''s record holds the capacity alone, not the column written with its old value');
delete from public.audit_log;

select tests.authenticate_as('admin');
select is(tests.row_count($$insert into public.intakes (course_id, term, start_date, deadline) select v::uuid, 'Tap Later Term', current_date + 400, current_date + 300 from pg_temp.tap where k = 'course'$$), 1, 'an administrator adds an intake');
select is(tests.row_count($$delete from public.intakes where term = 'Tap Later Term'$$), 1, 'and removes it again');
select tests.clear_authentication();
select results_eq($$select action, entity, entity_id = (after ->> 'id'), before is null, after ->> 'term' from public.audit_log where action = 'insert'$$,
  $$values ('insert', 'intakes', true, true, 'Tap Later Term')$$, 'an insert records the new row whole, with nothing before');
select results_eq($$select action, entity_id = (before ->> 'id'), before ->> 'term', after is null from public.audit_log where action = 'delete'$$,
  $$values ('delete', true, 'Tap Later Term', true)$$, 'a delete records the removed row whole, with nothing after');
delete from public.audit_log;

-- Columns other tables keep up to date (a course's next deadline, its university's visibility)
-- are left out, so one change is one record even when it ripples through the catalogue.
select tests.authenticate_as('admin');
select is(tests.row_count($$update public.intakes set deadline = deadline - 5, version = version where term = 'Tap Open Term'$$), 1, 'an administrator moves a deadline');
select is(tests.row_count($$update public.universities set published = false, version = version where slug = 'tap-uni-pub'$$), 1, 'and hides a university with courses');
select tests.clear_authentication();
select results_eq($$select entity, array(select jsonb_object_keys(after)) from public.audit_log order by id$$,
  $$values ('intakes', array['deadline']), ('universities', array['published'])$$, 'each is one record of the column that changed');
delete from public.audit_log;

select tests.authenticate_as('counsellor');
select is(tests.row_count($$update public.leads set status = 'contacted', version = version where email = 'lead@tap.test'$$), 1, 'a counsellor works a lead');
select is(tests.row_count($$update public.leads set status = 'contacted', version = version where email = 'lead@tap.test'$$), 1, 'and saves it again unchanged');
select tests.clear_authentication();
select results_eq($$select actor, action, entity, entity_id, before, after from public.audit_log$$,
  $$select tests.user_id('counsellor'), 'update', 'leads', (select v from pg_temp.tap where k = 'lead'), '{"status": "new"}'::jsonb, '{"status": "contacted"}'::jsonb$$,
  'one record for the lead''s status, none for saving it unchanged');
delete from public.audit_log;

select tests.authenticate_as('counsellor');
select is((public.transition_application((select v::uuid from tap where k = 'sent'), 'under_review', (select a.version from public.applications a where a.id = (select v::uuid from tap where k = 'sent')), 'Reading it')).status, 'under_review', 'a counsellor starts the review');
select tests.clear_authentication();
select results_eq($$select actor, action, entity, entity_id, before, after from public.audit_log$$,
  $$select tests.user_id('counsellor'), 'update', 'applications', (select v from pg_temp.tap where k = 'sent'), '{"status": "submitted"}'::jsonb, '{"status": "under_review"}'::jsonb$$,
  'the status change is one record on the application');
delete from public.audit_log;

select tests.authenticate_as('counsellor');
select is((public.review_document((select v::uuid from tap where k = 'document'), 'rejected', (select a.version from public.applications a join public.application_documents d on d.application_id = a.id where d.id = (select v::uuid from tap where k = 'document')), 'The scan is blurred')).status, 'rejected', 'a counsellor rejects a document');
select tests.clear_authentication();
select results_eq($$select actor, action, entity, entity_id, before, after - 'reviewed_at' from public.audit_log$$,
  $$select tests.user_id('counsellor'), 'update', 'application_documents', (select v from pg_temp.tap where k = 'document'),
    '{"status": "uploaded", "rejection_reason": null, "reviewed_by": null, "reviewed_at": null}'::jsonb,
    jsonb_build_object('status', 'rejected', 'rejection_reason', 'The scan is blurred', 'reviewed_by', tests.user_id('counsellor'))$$,
  'the review is one record with the status, the reason and the reviewer');
delete from public.audit_log;

select tests.authenticate_as('counsellor');
select is(tests.row_count($$insert into public.application_notes (application_id, body) select v::uuid, 'Check the transcript' from pg_temp.tap where k = 'sent'$$), 1, 'a counsellor writes a note');
select tests.clear_authentication();
select results_eq($$select actor, action, entity, entity_id = (after ->> 'id'), before, after ->> 'body' from public.audit_log$$,
  $$select tests.user_id('counsellor'), 'insert', 'application_notes', true, null::jsonb, 'Check the transcript'$$, 'the note is one record');
delete from public.audit_log;

select tests.authenticate_as('admin');
select lives_ok($$select public.set_staff_role(tests.user_id('recruit'), 'counsellor', true)$$, 'an administrator makes someone a counsellor');
select tests.clear_authentication();
select results_eq($$select actor, action, entity, entity_id, after ->> 'role', after ->> 'granted_by' from public.audit_log$$,
  $$select tests.user_id('admin'), 'insert', 'user_roles', tests.user_id('recruit')::text, 'counsellor', tests.user_id('admin')::text$$,
  'the grant is one record naming the administrator and the new counsellor');
delete from public.audit_log;

select tests.authenticate_as('admin');
select lives_ok($$select public.set_staff_role(tests.user_id('recruit'), 'counsellor', false)$$, 'the administrator revokes it');
select tests.clear_authentication();
select results_eq($$select actor, action, entity, entity_id, before ->> 'role', after from public.audit_log$$,
  $$select tests.user_id('admin'), 'delete', 'user_roles', tests.user_id('recruit')::text, 'counsellor', null::jsonb$$, 'the revocation is one record');
select is((select count(*)::integer from public.audit_log), 1, 'one record per action, nothing more');

-- Who reads and writes the log: a staff action by each kind of staff member is in it.
select tests.authenticate_as('counsellor');
select is(tests.row_count($$update public.leads set notes = 'Called back', version = version where email = 'lead@tap.test'$$), 1, 'a counsellor adds a record');
select tests.clear_authentication();

select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.audit_log$$, '42501', null, 'anon cannot read the log');
select throws_ok($$insert into public.audit_log (action, entity) values ('insert', 'leads')$$, '42501', null, 'anon cannot add a record');
select throws_ok($$update public.audit_log set actor = null$$, '42501', null, 'anon cannot rewrite a record');
select throws_ok($$delete from public.audit_log$$, '42501', null, 'anon cannot erase the log');

select tests.authenticate_as('owner');
select is(tests.row_count($$select 1 from public.audit_log$$), 0, 'the applicant reads no record');
select throws_ok($$insert into public.audit_log (action, entity) values ('insert', 'leads')$$, '42501', null, 'the applicant cannot add a record');
select throws_ok($$update public.audit_log set actor = null$$, '42501', null, 'the applicant cannot rewrite a record');
select throws_ok($$delete from public.audit_log$$, '42501', null, 'the applicant cannot erase the log');

select tests.authenticate_as('other');
select is(tests.row_count($$select 1 from public.audit_log$$), 0, 'another applicant reads no record');
select throws_ok($$insert into public.audit_log (action, entity) values ('insert', 'leads')$$, '42501', null, 'another applicant cannot add a record');
select throws_ok($$update public.audit_log set actor = null$$, '42501', null, 'another applicant cannot rewrite a record');
select throws_ok($$delete from public.audit_log$$, '42501', null, 'another applicant cannot erase the log');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.audit_log$$), 0, 'a counsellor reads no record, not even their own');
select throws_ok($$insert into public.audit_log (action, entity) values ('insert', 'leads')$$, '42501', null, 'a counsellor cannot add a record');
select throws_ok($$update public.audit_log set actor = null$$, '42501', null, 'a counsellor cannot rewrite a record');
select throws_ok($$delete from public.audit_log$$, '42501', null, 'a counsellor cannot erase the log');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.audit_log$$), 2, 'an administrator reads every record');
select throws_ok($$insert into public.audit_log (action, entity) values ('insert', 'leads')$$, '42501', null, 'an administrator cannot add a record');
select throws_ok($$update public.audit_log set actor = null$$, '42501', null, 'an administrator cannot rewrite a record');
select throws_ok($$delete from public.audit_log$$, '42501', null, 'an administrator cannot erase the log');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.audit_log$$), 2, 'the service role reads every record');
select throws_ok($$insert into public.audit_log (action, entity) values ('insert', 'leads')$$, '42501', null, 'the service role cannot forge a record');
select throws_ok($$update public.audit_log set actor = null$$, '42501', null, 'the service role cannot rewrite a record');
select throws_ok($$delete from public.audit_log$$, '42501', null, 'the service role cannot erase the log');

select tests.clear_authentication();
select is((select count(*)::integer from public.audit_log), 2, 'the log is intact after the refused writes');

select * from finish();
rollback;
