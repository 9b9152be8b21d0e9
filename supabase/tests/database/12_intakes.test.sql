-- intakes: anyone reads non-draft intakes of visible courses, staff read all, only administrators
-- write.
begin;
select plan(20);
select tests.create_user('applicant');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();

select tests.authenticate_as_anon();
select is(tests.row_count($$select 1 from public.intakes where term like 'Tap %'$$), 1, 'anon reads the open intake only');
select throws_ok($$insert into public.intakes (course_id, term, start_date, deadline) select c.id, 'Tap Anon Term', current_date + 90, current_date + 30 from public.courses c where c.slug = 'tap-course-pub'$$, '42501', null, 'anon cannot insert');
select throws_ok($$update public.intakes set capacity = 1, version = version where term like 'Tap %'$$, '42501', null, 'anon cannot update');
select throws_ok($$delete from public.intakes where term like 'Tap %'$$, '42501', null, 'anon cannot delete');

select tests.authenticate_as('applicant');
select is(tests.row_count($$select 1 from public.intakes where term like 'Tap %'$$), 1, 'an applicant reads the open intake only');
select throws_ok($$insert into public.intakes (course_id, term, start_date, deadline) select c.id, 'Tap Applicant Term', current_date + 90, current_date + 30 from public.courses c where c.slug = 'tap-course-pub'$$, '42501', null, 'an applicant cannot insert');
select is(tests.row_count($$update public.intakes set capacity = 1, version = version where term like 'Tap %'$$), 0, 'an applicant updates no row');
select is(tests.row_count($$delete from public.intakes where term like 'Tap %'$$), 0, 'an applicant deletes no row');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.intakes where term like 'Tap %'$$), 2, 'a counsellor reads draft intakes too');
select throws_ok($$insert into public.intakes (course_id, term, start_date, deadline) select c.id, 'Tap Counsellor Term', current_date + 90, current_date + 30 from public.courses c where c.slug = 'tap-course-pub'$$, '42501', null, 'a counsellor cannot insert');
select is(tests.row_count($$update public.intakes set capacity = 1, version = version where term like 'Tap %'$$), 0, 'a counsellor updates no row');
select is(tests.row_count($$delete from public.intakes where term like 'Tap %'$$), 0, 'a counsellor deletes no row');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.intakes where term like 'Tap %'$$), 2, 'an administrator reads every intake');
select is(tests.row_count($$insert into public.intakes (course_id, term, start_date, deadline) select c.id, 'Tap Admin Term', current_date + 90, current_date + 30 from public.courses c where c.slug = 'tap-course-pub'$$), 1, 'an administrator inserts');
select is(tests.row_count($$update public.intakes set capacity = 50, version = version where term like 'Tap %'$$), 3, 'an administrator updates every row');
select is(tests.row_count($$delete from public.intakes where term = 'Tap Admin Term'$$), 1, 'an administrator deletes');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.intakes where term like 'Tap %'$$), 2, 'the service role reads every intake');
select is(tests.row_count($$insert into public.intakes (course_id, term, start_date, deadline) select c.id, 'Tap Service Term', current_date + 90, current_date + 30 from public.courses c where c.slug = 'tap-course-pub'$$), 1, 'the service role inserts');
select is(tests.row_count($$update public.intakes set capacity = 60, version = version where term like 'Tap %'$$), 3, 'the service role updates every row');
select is(tests.row_count($$delete from public.intakes where term = 'Tap Service Term'$$), 1, 'the service role deletes');

select * from finish();
rollback;
