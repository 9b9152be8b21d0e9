-- application_documents and the files behind them (storage.objects in application-documents): the
-- applicant adds and removes documents of their own open application; staff read and review them.
begin;
select plan(25);
select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();
insert into public.applications (applicant_id, course_id, intake_id)
  select tests.user_id('owner'), i.course_id, i.id from public.intakes i where i.term = 'Tap Open Term';
create temp table tap (k text primary key, v text);
insert into tap select 'app', a.id::text from public.applications a where a.applicant_id = tests.user_id('owner');
insert into tap select 'passport', tests.user_id('owner') || '/' || v || '/00000000-0000-4000-8000-000000000001-passport.pdf' from tap where k = 'app';
insert into tap select 'cv', tests.user_id('owner') || '/' || v || '/00000000-0000-4000-8000-000000000002-cv.pdf' from tap where k = 'app';
insert into storage.objects (bucket_id, name, owner, metadata)
  select 'application-documents', v, tests.user_id('owner'), '{"size": 2048, "mimetype": "application/pdf"}'
  from tap where k in ('passport', 'cv');
insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type)
  select (select v::uuid from tap where k = 'app'), 'passport', v, 'passport.pdf', 2048, 'application/pdf' from tap where k = 'passport';
grant select on tap to anon, authenticated, service_role;

select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.application_documents$$, '42501', null, 'anon cannot read documents');
select throws_ok($$insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type) select (select v::uuid from pg_temp.tap where k = 'app'), 'cv', v, 'cv.pdf', 2048, 'application/pdf' from pg_temp.tap where k = 'cv'$$, '42501', null, 'anon cannot record a document');
select throws_ok($$update public.application_documents set status = 'verified'$$, '42501', null, 'anon cannot update');
select throws_ok($$delete from public.application_documents$$, '42501', null, 'anon cannot delete');

select tests.authenticate_as('owner');
select is(tests.row_count($$select 1 from public.application_documents$$), 1, 'the owner reads their documents');
select is(tests.row_count($$select 1 from storage.objects where bucket_id = 'application-documents'$$), 2, 'the owner reads their files');
select is(tests.row_count($$insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type) select (select v::uuid from pg_temp.tap where k = 'app'), 'cv', v, 'cv.pdf', 2048, 'application/pdf' from pg_temp.tap where k = 'cv'$$), 1, 'the owner records a document of their draft');
select throws_ok($$update public.application_documents set status = 'verified'$$, '42501', null, 'the owner cannot verify their own document');
select is(public.can_upload_application_file((select tests.user_id('owner') || '/' || v || '/00000000-0000-4000-8000-000000000003-page.html' from tap where k = 'app')), false, 'the owner cannot upload an HTML file');

select tests.authenticate_as('other');
select is(tests.row_count($$select 1 from public.application_documents$$), 0, 'another applicant reads none of the owner''s documents');
select is(tests.row_count($$select 1 from storage.objects where bucket_id = 'application-documents'$$), 0, 'another applicant reads none of the owner''s files');
select throws_ok($$insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type) select (select v::uuid from pg_temp.tap where k = 'app'), 'other', v, 'cv.pdf', 2048, 'application/pdf' from pg_temp.tap where k = 'cv'$$, '42501', null, 'another applicant cannot attach to the owner''s application');
select is(tests.row_count($$delete from public.application_documents$$), 0, 'another applicant deletes none of the owner''s documents');
select is(tests.row_count($$delete from storage.objects where bucket_id = 'application-documents'$$), 0, 'another applicant deletes none of the owner''s files');
select is(public.can_upload_application_file((select tests.user_id('owner') || '/' || v || '/00000000-0000-4000-8000-000000000004-x.pdf' from tap where k = 'app')), false, 'another applicant cannot upload into the owner''s folder');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.application_documents where application_id = (select v::uuid from pg_temp.tap where k = 'app')$$), 2, 'a counsellor reads the documents');
select is(tests.row_count($$select 1 from storage.objects where bucket_id = 'application-documents' and name like '%-passport.pdf'$$), 1, 'a counsellor reads the files');
select throws_ok($$update public.application_documents set status = 'verified'$$, '42501', null, 'a counsellor reviews only through review_document()');
select is(tests.row_count($$delete from public.application_documents$$), 0, 'a counsellor deletes no document');
select is((public.review_document((select d.id from public.application_documents d where d.kind = 'passport' and d.application_id = (select v::uuid from pg_temp.tap where k = 'app')), 'verified', (select a.version from public.applications a where a.id = (select v::uuid from pg_temp.tap where k = 'app')))).status, 'verified', 'a counsellor verifies a document');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.application_documents where application_id = (select v::uuid from pg_temp.tap where k = 'app')$$), 2, 'an administrator reads the documents');
select is(tests.row_count($$delete from public.application_documents$$), 0, 'an administrator deletes no document');

select tests.authenticate_as('owner');
select is(tests.row_count($$delete from public.application_documents$$), 1, 'the owner removes the unverified document only');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.application_documents where application_id = (select v::uuid from pg_temp.tap where k = 'app')$$), 1, 'the service role reads documents');
select is(tests.row_count($$delete from public.application_documents where application_id = (select v::uuid from pg_temp.tap where k = 'app')$$), 1, 'the service role deletes');

select * from finish();
rollback;
