-- universities: anyone reads published rows, staff read all, only administrators write.
begin;
select plan(20);
select tests.create_user('applicant');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();

select tests.authenticate_as_anon();
select is(tests.row_count($$select 1 from public.universities where slug like 'tap-%'$$), 1, 'anon reads the published university only');
select throws_ok($$insert into public.universities (slug, name, country_code, city, currency) values ('tap-anon', 'Anon U', 'GB', 'Bath', 'GBP')$$, '42501', null, 'anon cannot insert');
select throws_ok($$update public.universities set name = 'Hacked', version = version where slug like 'tap-%'$$, '42501', null, 'anon cannot update');
select throws_ok($$delete from public.universities where slug like 'tap-%'$$, '42501', null, 'anon cannot delete');

select tests.authenticate_as('applicant');
select is(tests.row_count($$select 1 from public.universities where slug like 'tap-%'$$), 1, 'an applicant reads the published university only');
select throws_ok($$insert into public.universities (slug, name, country_code, city, currency) values ('tap-applicant', 'App U', 'GB', 'Bath', 'GBP')$$, '42501', null, 'an applicant cannot insert');
select is(tests.row_count($$update public.universities set name = 'Hacked', version = version where slug like 'tap-%'$$), 0, 'an applicant updates no row');
select is(tests.row_count($$delete from public.universities where slug like 'tap-%'$$), 0, 'an applicant deletes no row');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.universities where slug like 'tap-%'$$), 2, 'a counsellor reads unpublished universities too');
select throws_ok($$insert into public.universities (slug, name, country_code, city, currency) values ('tap-counsellor', 'C U', 'GB', 'Bath', 'GBP')$$, '42501', null, 'a counsellor cannot insert');
select is(tests.row_count($$update public.universities set name = 'Hacked', version = version where slug like 'tap-%'$$), 0, 'a counsellor updates no row');
select is(tests.row_count($$delete from public.universities where slug like 'tap-%'$$), 0, 'a counsellor deletes no row');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.universities where slug like 'tap-%'$$), 2, 'an administrator reads every university');
select is(tests.row_count($$insert into public.universities (slug, name, country_code, city, currency) values ('tap-admin', 'Admin U', 'GB', 'Bath', 'GBP')$$), 1, 'an administrator inserts');
select is(tests.row_count($$update public.universities set description = 'Checked', version = version where slug like 'tap-%'$$), 3, 'an administrator updates every row');
select is(tests.row_count($$delete from public.universities where slug = 'tap-admin'$$), 1, 'an administrator deletes');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.universities where slug like 'tap-%'$$), 2, 'the service role reads every university');
select is(tests.row_count($$insert into public.universities (slug, name, country_code, city, currency) values ('tap-service', 'Service U', 'GB', 'Bath', 'GBP')$$), 1, 'the service role inserts');
select is(tests.row_count($$update public.universities set description = 'Synced', version = version where slug like 'tap-%'$$), 3, 'the service role updates every row');
select is(tests.row_count($$delete from public.universities where slug = 'tap-service'$$), 1, 'the service role deletes');

select * from finish();
rollback;
