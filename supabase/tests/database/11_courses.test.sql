-- courses: anyone reads published courses of published universities, staff read all, only
-- administrators write.
begin;
select plan(20);
select tests.create_user('applicant');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();

select tests.authenticate_as_anon();
select is(tests.row_count($$select 1 from public.courses where slug like 'tap-%'$$), 1, 'anon reads the published course only');
select throws_ok($$insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount, tuition_currency) select 'tap-course-anon', u.id, 'Added Course', 'bachelor', 'Law', 36, 9000, 'GBP' from public.universities u where u.slug = 'tap-uni-pub'$$, '42501', null, 'anon cannot insert');
select throws_ok($$update public.courses set title = 'Hacked', version = version where slug like 'tap-%'$$, '42501', null, 'anon cannot update');
select throws_ok($$delete from public.courses where slug like 'tap-%'$$, '42501', null, 'anon cannot delete');

select tests.authenticate_as('applicant');
select is(tests.row_count($$select 1 from public.courses where slug like 'tap-%'$$), 1, 'an applicant reads the published course only');
select throws_ok($$insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount, tuition_currency) select 'tap-course-applicant', u.id, 'Added Course', 'bachelor', 'Law', 36, 9000, 'GBP' from public.universities u where u.slug = 'tap-uni-pub'$$, '42501', null, 'an applicant cannot insert');
select is(tests.row_count($$update public.courses set title = 'Hacked', version = version where slug like 'tap-%'$$), 0, 'an applicant updates no row');
select is(tests.row_count($$delete from public.courses where slug like 'tap-%'$$), 0, 'an applicant deletes no row');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.courses where slug like 'tap-%'$$), 2, 'a counsellor reads draft courses too');
select throws_ok($$insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount, tuition_currency) select 'tap-course-counsellor', u.id, 'Added Course', 'bachelor', 'Law', 36, 9000, 'GBP' from public.universities u where u.slug = 'tap-uni-pub'$$, '42501', null, 'a counsellor cannot insert');
select is(tests.row_count($$update public.courses set title = 'Hacked', version = version where slug like 'tap-%'$$), 0, 'a counsellor updates no row');
select is(tests.row_count($$delete from public.courses where slug like 'tap-%'$$), 0, 'a counsellor deletes no row');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.courses where slug like 'tap-%'$$), 2, 'an administrator reads every course');
select is(tests.row_count($$insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount, tuition_currency) select 'tap-course-admin', u.id, 'Added Course', 'bachelor', 'Law', 36, 9000, 'GBP' from public.universities u where u.slug = 'tap-uni-pub'$$), 1, 'an administrator inserts');
select is(tests.row_count($$update public.courses set description = 'Checked', version = version where slug like 'tap-%'$$), 3, 'an administrator updates every row');
select is(tests.row_count($$delete from public.courses where slug = 'tap-course-admin'$$), 1, 'an administrator deletes');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.courses where slug like 'tap-%'$$), 2, 'the service role reads every course');
select is(tests.row_count($$insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount, tuition_currency) select 'tap-course-service', u.id, 'Added Course', 'bachelor', 'Law', 36, 9000, 'GBP' from public.universities u where u.slug = 'tap-uni-pub'$$), 1, 'the service role inserts');
select is(tests.row_count($$update public.courses set description = 'Synced', version = version where slug like 'tap-%'$$), 3, 'the service role updates every row');
select is(tests.row_count($$delete from public.courses where slug = 'tap-course-service'$$), 1, 'the service role deletes');

select * from finish();
rollback;
