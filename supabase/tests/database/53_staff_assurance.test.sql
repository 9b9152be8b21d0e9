-- Staff rights wait for the second factor: a staff member with a verified authenticator who signed
-- in with the password alone (aal1) is not staff to the database until the session reaches aal2.
-- An unverified factor does not count, and an applicant's own data never depend on it.
begin;
select plan(37);
select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at) values
  (gen_random_uuid(), tests.user_id('admin'), 'Phone', 'totp', 'verified', now(), now()),
  (gen_random_uuid(), tests.user_id('counsellor'), 'Phone', 'totp', 'unverified', now(), now()),
  (gen_random_uuid(), tests.user_id('owner'), 'Phone', 'totp', 'verified', now(), now());
insert into public.leads (name, email, source) values ('Tap Lead', 'lead@tap.test', 'contact');
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id('owner'), i.course_id, i.id, 'submitted', 'UP-2026-TAPD01', now()
  from public.intakes i where i.term = 'Tap Open Term';
create temp table tap (k text primary key, v uuid);
insert into tap select 'sent', a.id from public.applications a where a.reference = 'UP-2026-TAPD01';
grant select on tap to anon, authenticated;
select tests.authenticate_as('counsellor');
select is(tests.row_count($$insert into public.application_notes (application_id, body) select v, 'Call the school' from pg_temp.tap$$), 1, 'a counsellor whose factor is not verified yet is staff at aal1 and writes a note');
select is(public.is_staff(), true, 'an unverified factor does not hold back staff rights');

select tests.authenticate_as_anon();
select throws_ok($$select public.assurance_satisfied()$$, '42501', null, 'anon cannot ask about assurance');

select tests.authenticate_as('admin');
select is(public.assurance_satisfied(), false, 'an administrator with a verified factor at aal1 has not finished signing in');
select is(public.is_staff(), false, 'so they are not staff');
select is(public.has_role('admin'), false, 'nor an administrator');
select is(tests.row_count($$select 1 from public.leads$$), 0, 'they read no lead');
select is(tests.row_count($$select 1 from public.application_notes$$), 0, 'no staff note');
select is(tests.row_count($$select 1 from public.audit_log$$), 0, 'no audit record');
select is(tests.row_count($$select 1 from public.applications where applicant_id = tests.user_id('owner')$$), 0, 'no other applicant''s application');
select is(tests.row_count($$select 1 from public.application_status_history where application_id = (select v from pg_temp.tap)$$), 0, 'nor its history');
select is(tests.row_count($$select 1 from public.intakes where term = 'Tap Draft Term'$$), 0, 'no draft intake');
select is(tests.row_count($$select 1 from public.user_roles where user_id <> tests.user_id('admin')$$), 0, 'nobody else''s role');
select is(tests.row_count($$update public.leads set status = 'lost', version = version$$), 0, 'they change no lead');
select throws_ok($$insert into public.application_notes (application_id, body) select v, 'Sneaky' from pg_temp.tap$$, '42501', null, 'they write no note');
select throws_ok($$select public.admin_kpis()$$, '42501', null, 'they read no figures');
select throws_ok($$select * from public.staff_directory()$$, '42501', null, 'they list no staff');
select throws_ok($$select * from public.admin_list_users()$$, '42501', null, 'they list no users');
select throws_ok($$select public.set_staff_role(tests.user_id('other'), 'admin', true)$$, '42501', null, 'they grant no role');
select throws_ok($$select public.transition_application((select v from pg_temp.tap), 'under_review', 1)$$, '42501', null, 'they move no application');
select throws_ok($$select public.triage_applications(array(select v from pg_temp.tap), null, true)$$, '42501', null, 'they triage nothing');

-- The same session after the second factor: the JWT now says aal2.
select set_config('request.jwt.claims', (current_setting('request.jwt.claims')::jsonb || '{"aal": "aal2"}')::text, true);
select is(public.assurance_satisfied(), true, 'at aal2 the sign-in is complete');
select is(public.is_staff(), true, 'the administrator is staff');
select is(public.has_role('admin'), true, 'and an administrator');
select is(tests.row_count($$select 1 from public.leads where email = 'lead@tap.test'$$), 1, 'they read the lead');
select is(tests.row_count($$select 1 from public.application_notes where application_id = (select v from pg_temp.tap)$$), 1, 'the staff note');
select is(tests.row_count($$select 1 from public.audit_log where actor = tests.user_id('counsellor')$$), 1, 'the audit record of the note');
select is(tests.row_count($$select 1 from public.applications where applicant_id = tests.user_id('owner')$$), 1, 'the applicant''s application');
select is(tests.row_count($$select 1 from public.intakes where term = 'Tap Draft Term'$$), 1, 'the draft intake');
select is(tests.row_count($$select 1 from public.user_roles where user_id = tests.user_id('counsellor')$$), 1, 'the counsellor''s role');
select is(tests.row_count($$update public.leads set status = 'contacted', version = version where email = 'lead@tap.test'$$), 1, 'they work the lead');
select ok(public.admin_kpis() ? 'awaiting_triage', 'they read the figures');
select is((public.transition_application((select v from tap), 'under_review', (select a.version from public.applications a where a.id = (select v from tap)))).status, 'under_review', 'they move the application on');

-- An applicant's own data do not wait for the second factor.
select tests.authenticate_as('owner');
select is(public.assurance_satisfied(), false, 'an applicant with a verified factor at aal1 has not finished signing in');
select is(tests.row_count($$select 1 from public.applications$$), 1, 'yet reads their application');
select is(tests.row_count($$select 1 from public.application_status_history$$), 1, 'and its history');
select is(tests.row_count($$select 1 from public.application_notes$$), 0, 'but never a staff note');

select * from finish();
rollback;
