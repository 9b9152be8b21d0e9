-- document_requirements: anyone reads the requirements of courses they can see, only
-- administrators write.
begin;
select plan(20);
select tests.create_user('applicant');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();

select tests.authenticate_as_anon();
select is(tests.row_count($$select 1 from public.document_requirements where description like 'tap%'$$), 1, 'anon reads the published course''s requirement only');
select throws_ok($$insert into public.document_requirements (course_id, kind, description) select c.id, 'statement', 'tap-anon' from public.courses c where c.slug = 'tap-course-pub'$$, '42501', null, 'anon cannot insert');
select throws_ok($$update public.document_requirements set required = false, version = version where description like 'tap%'$$, '42501', null, 'anon cannot update');
select throws_ok($$delete from public.document_requirements where description like 'tap%'$$, '42501', null, 'anon cannot delete');

select tests.authenticate_as('applicant');
select is(tests.row_count($$select 1 from public.document_requirements where description like 'tap%'$$), 1, 'an applicant reads the published course''s requirement only');
select throws_ok($$insert into public.document_requirements (course_id, kind, description) select c.id, 'statement', 'tap-applicant' from public.courses c where c.slug = 'tap-course-pub'$$, '42501', null, 'an applicant cannot insert');
select is(tests.row_count($$update public.document_requirements set required = false, version = version where description like 'tap%'$$), 0, 'an applicant updates no row');
select is(tests.row_count($$delete from public.document_requirements where description like 'tap%'$$), 0, 'an applicant deletes no row');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.document_requirements where description like 'tap%'$$), 2, 'a counsellor reads the draft course''s requirement too');
select throws_ok($$insert into public.document_requirements (course_id, kind, description) select c.id, 'statement', 'tap-counsellor' from public.courses c where c.slug = 'tap-course-pub'$$, '42501', null, 'a counsellor cannot insert');
select is(tests.row_count($$update public.document_requirements set required = false, version = version where description like 'tap%'$$), 0, 'a counsellor updates no row');
select is(tests.row_count($$delete from public.document_requirements where description like 'tap%'$$), 0, 'a counsellor deletes no row');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.document_requirements where description like 'tap%'$$), 2, 'an administrator reads every requirement');
select is(tests.row_count($$insert into public.document_requirements (course_id, kind, description) select c.id, 'statement', 'tap-admin' from public.courses c where c.slug = 'tap-course-pub'$$), 1, 'an administrator inserts');
select is(tests.row_count($$update public.document_requirements set required = false, version = version where description like 'tap%'$$), 3, 'an administrator updates every row');
select is(tests.row_count($$delete from public.document_requirements where description = 'tap-admin'$$), 1, 'an administrator deletes');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.document_requirements where description like 'tap%'$$), 2, 'the service role reads every requirement');
select is(tests.row_count($$insert into public.document_requirements (course_id, kind, description) select c.id, 'reference', 'tap-service' from public.courses c where c.slug = 'tap-course-pub'$$), 1, 'the service role inserts');
select is(tests.row_count($$update public.document_requirements set required = true, version = version where description like 'tap%'$$), 3, 'the service role updates every row');
select is(tests.row_count($$delete from public.document_requirements where description = 'tap-service'$$), 1, 'the service role deletes');

select * from finish();
rollback;
