-- Applicants' e-mail addresses for staff: applicant_emails and search_applicant_ids. Only staff who
-- finished signing in may ask, and only people who have submitted an application are revealed; an
-- account with nothing but a draft, an account with no application and staff stay hidden.
begin;
select plan(34);
select tests.create_user('owner');
select tests.create_user('drafter');
select tests.create_user('other');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_user('guarded', 'admin');
select tests.create_catalogue();
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
  values (gen_random_uuid(), tests.user_id('guarded'), 'Phone', 'totp', 'verified', now(), now());
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id('owner'), i.course_id, i.id, 'submitted', 'UP-2026-TAPE01', now()
  from public.intakes i where i.term = 'Tap Open Term';
insert into public.applications (applicant_id, course_id, intake_id)
  select tests.user_id('drafter'), i.course_id, i.id from public.intakes i where i.term = 'Tap Open Term';
-- Fifty-one more applicants with a submission each, for the search's limit.
select tests.create_user('bulk' || lpad(n::text, 2, '0')) from generate_series(1, 51) n;
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select u.id, i.course_id, i.id, 'submitted', 'UP-2026-B' || lpad(row_number() over (order by u.email)::text, 5, '0'), now()
  from auth.users u, public.intakes i where u.email like 'bulk%@tap.test' and i.term = 'Tap Open Term';
create temp table tap (handle text primary key, id uuid);
insert into tap select h, tests.user_id(h) from unnest(array['owner', 'drafter', 'other', 'counsellor', 'admin']) h;
grant select on tap to anon, authenticated;

select tests.authenticate_as_anon();
select throws_ok($$select * from public.applicant_emails(array(select id from pg_temp.tap))$$, '42501', null, 'anon reads no e-mail address');
select throws_ok($$select * from public.search_applicant_ids('owner')$$, '42501', null, 'anon searches no applicant');

select tests.authenticate_as('owner');
select throws_ok($$select * from public.applicant_emails(array(select id from pg_temp.tap))$$, '42501', 'Only admissions staff see applicants'' e-mail addresses.', 'an applicant reads no e-mail address, not even their own');
select throws_ok($$select * from public.search_applicant_ids('tap.test')$$, '42501', 'Only admissions staff search applicants.', 'an applicant searches no one');

select tests.authenticate_as('guarded');
select throws_ok($$select * from public.applicant_emails(array(select id from pg_temp.tap))$$, '42501', 'Only admissions staff see applicants'' e-mail addresses.', 'an administrator with a verified factor at aal1 reads no address');
select throws_ok($$select * from public.search_applicant_ids('owner')$$, '42501', 'Only admissions staff search applicants.', 'nor searches by one');
select set_config('request.jwt.claims', (current_setting('request.jwt.claims')::jsonb || '{"aal": "aal2"}')::text, true);
select results_eq($$select email from public.applicant_emails(array(select id from pg_temp.tap))$$, $$values ('owner@tap.test')$$, 'at aal2 they read the applicant''s address');
select results_eq($$select * from public.search_applicant_ids('owner@tap')$$, $$values (tests.user_id('owner'))$$, 'and find the applicant by it');

select tests.authenticate_as('counsellor');
select results_eq($$select id, email from public.applicant_emails(array(select id from pg_temp.tap))$$, $$values (tests.user_id('owner'), 'owner@tap.test')$$, 'a counsellor reads the address of the applicant who submitted, and no one else''s');
select is(tests.row_count($$select 1 from public.applicant_emails(array[tests.user_id('drafter')])$$), 0, 'an applicant with only a draft stays hidden');
select is(tests.row_count($$select 1 from public.applicant_emails(array[tests.user_id('other'), tests.user_id('admin')])$$), 0, 'so do accounts without an application and staff');
select is(tests.row_count($$select 1 from public.applicant_emails(array[gen_random_uuid()])$$), 0, 'an unknown id answers nothing');
select is(tests.row_count($$select 1 from public.applicant_emails('{}')$$), 0, 'nor does an empty list');
select is(tests.row_count($$select 1 from public.applicant_emails(null)$$), 0, 'nor no list');
select is(tests.row_count($$select 1 from public.applicant_emails(array(select gen_random_uuid() from generate_series(1, 500)) || tests.user_id('owner'))$$), 0, 'only the first 500 ids of a list are looked at');
select results_eq($$select * from public.search_applicant_ids('owner')$$, $$values (tests.user_id('owner'))$$, 'a counsellor finds the applicant by part of their address');
select is(tests.row_count($$select 1 from public.search_applicant_ids('drafter')$$), 0, 'the search passes over an applicant with only a draft');
select is(tests.row_count($$select 1 from public.search_applicant_ids('other@tap')$$), 0, 'and an account without an application');
select is(tests.row_count($$select 1 from public.search_applicant_ids('counsellor@tap')$$), 0, 'and staff');

select tests.authenticate_as('admin');
select results_eq($$select email from public.applicant_emails(array[tests.user_id('owner'), tests.user_id('owner'), tests.user_id('drafter')])$$, $$values ('owner@tap.test')$$, 'an administrator reads each revealed address once');
select results_eq($$select * from public.search_applicant_ids('  OWNER@TAP.TEST ')$$, $$values (tests.user_id('owner'))$$, 'the search ignores case and surrounding spaces');
select results_eq($$select * from public.search_applicant_ids('own')$$, $$values (tests.user_id('owner'))$$, 'three characters are enough');
select is(tests.row_count($$select 1 from public.search_applicant_ids('ow')$$), 0, 'two are not');
select is(tests.row_count($$select 1 from public.search_applicant_ids('  ow  ')$$), 0, 'spaces do not make up the three characters');
select is(tests.row_count($$select 1 from public.search_applicant_ids('')$$), 0, 'an empty search finds no one');
select is(tests.row_count($$select 1 from public.search_applicant_ids(null)$$), 0, 'no search finds no one');
select is(tests.row_count($$select 1 from public.search_applicant_ids(repeat('a', 255))$$), 0, 'text longer than any address finds no one');
select is(tests.row_count($$select 1 from public.search_applicant_ids('%@tap.test')$$), 0, 'a % is a character, not a wildcard');
select is(tests.row_count($$select 1 from public.search_applicant_ids('own_r')$$), 0, 'an _ is a character, not a wildcard');
select is(tests.row_count($$select 1 from public.search_applicant_ids('@tap.test')$$), 50, 'at most 50 applicants are found');
select is((select count(*)::integer from public.search_applicant_ids('bulk') s where s in (tests.user_id('bulk01'), tests.user_id('bulk50'), tests.user_id('bulk51'))), 2, 'the first 50 by address');
select is(tests.row_count($$select 1 from public.search_applicant_ids('bulk51')$$), 1, 'the one left out is found by a closer search');

-- Staff lose the addresses with their role.
select tests.clear_authentication();
delete from public.user_roles where user_id = tests.user_id('counsellor');
select tests.authenticate_as('counsellor');
select throws_ok($$select * from public.applicant_emails(array[tests.user_id('owner')])$$, '42501', null, 'a former counsellor reads no address');
select throws_ok($$select * from public.search_applicant_ids('owner')$$, '42501', null, 'and searches no one');

select * from finish();
rollback;
