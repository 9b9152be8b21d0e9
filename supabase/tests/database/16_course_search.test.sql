-- course_search: the search copy of visible courses. No API user touches it (search_courses() reads
-- it); it never holds an unpublished course.
begin;
select plan(19);
select tests.create_user('applicant');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();

select results_eq($$select c.slug from public.course_search s join public.courses c on c.id = s.course_id where c.slug like 'tap-%'$$, $$values ('tap-course-pub')$$, 'only the published course is copied for search');

select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.course_search$$, '42501', null, 'anon cannot read the search copy');
select throws_ok($$insert into public.course_search (course_id) values (gen_random_uuid())$$, '42501', null, 'anon cannot insert');
select throws_ok($$update public.course_search set title = 'x'$$, '42501', null, 'anon cannot update');
select throws_ok($$delete from public.course_search$$, '42501', null, 'anon cannot delete');
select is(tests.row_count($$select 1 from public.search_courses(q => 'Tap Draft Course') r where r.slug = 'tap-course-draft'$$), 0, 'search never returns the draft course');

select tests.authenticate_as('applicant');
select throws_ok($$select 1 from public.course_search$$, '42501', null, 'an applicant cannot read the search copy');
select throws_ok($$insert into public.course_search (course_id) values (gen_random_uuid())$$, '42501', null, 'an applicant cannot insert');
select throws_ok($$update public.course_search set title = 'x'$$, '42501', null, 'an applicant cannot update');
select throws_ok($$delete from public.course_search$$, '42501', null, 'an applicant cannot delete');

select tests.authenticate_as('counsellor');
select throws_ok($$select 1 from public.course_search$$, '42501', null, 'a counsellor cannot read the search copy');
select throws_ok($$delete from public.course_search$$, '42501', null, 'a counsellor cannot delete');

select tests.authenticate_as('admin');
select throws_ok($$select 1 from public.course_search$$, '42501', null, 'an administrator cannot read the search copy');
select throws_ok($$insert into public.course_search (course_id) values (gen_random_uuid())$$, '42501', null, 'an administrator cannot insert');
select throws_ok($$update public.course_search set title = 'x'$$, '42501', null, 'an administrator cannot update');
select throws_ok($$delete from public.course_search$$, '42501', null, 'an administrator cannot delete');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.course_search s join public.courses c on c.id = s.course_id where c.slug like 'tap-%'$$), 1, 'the service role reads the copy');
select is(tests.row_count($$update public.course_search s set title = s.title from public.courses c where c.id = s.course_id and c.slug like 'tap-%'$$), 1, 'the service role updates');
select is(tests.row_count($$delete from public.course_search s using public.courses c where c.id = s.course_id and c.slug like 'tap-%'$$), 1, 'the service role deletes');

select * from finish();
rollback;
