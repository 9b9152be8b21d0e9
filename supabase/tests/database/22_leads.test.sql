-- leads: visitors only submit through submit_lead(); staff read and work leads; nobody deletes
-- through the API.
begin;
select plan(31);
select tests.create_user('applicant');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
insert into public.leads (name, email, source) values ('Tap Lead', 'lead@tap.test', 'contact');

select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.leads$$, '42501', null, 'anon cannot read leads');
select throws_ok($$insert into public.leads (name, email, source) values ('Anon', 'anon@tap.test', 'contact')$$, '42501', null, 'anon cannot insert directly');
select throws_ok($$update public.leads set status = 'lost', version = version$$, '42501', null, 'anon cannot update');
select throws_ok($$delete from public.leads$$, '42501', null, 'anon cannot delete');
select throws_ok($$select public.submit_lead('{"source": "lead_form", "name": "Tap Visitor", "email": "visitor@tap.test"}')$$, '42501', null, 'anon cannot call submit_lead() past the app server''s limit');
select tests.authenticate_as_service_role();
select is(public.submit_lead('{"source": "lead_form", "name": "Tap Visitor", "email": "visitor@tap.test"}') ->> 'merged', 'false', 'the app server submits a visitor''s lead through submit_lead()');
select throws_ok($$select public.submit_lead('{"source": "contact", "name": "Tap Visitor", "email": "visitor@tap.test", "status": "converted"}')$$, '22023', 'Field status cannot be set.', 'a visitor cannot set a staff field');
select throws_ok($$select public.submit_lead('{"source": "contact", "name": "Tap Visitor", "email": "visitor@tap.test", "assignee": null}')$$, '22023', null, 'a visitor cannot assign a lead');

select tests.authenticate_as('applicant');
select is(tests.row_count($$select 1 from public.leads$$), 0, 'an applicant reads no lead');
select throws_ok($$insert into public.leads (name, email, source) values ('App', 'app@tap.test', 'contact')$$, '42501', null, 'an applicant cannot insert directly');
select is(tests.row_count($$update public.leads set status = 'lost', version = version where email like '%@tap.test'$$), 0, 'an applicant updates no lead');
select throws_ok($$delete from public.leads$$, '42501', null, 'an applicant cannot delete');
select throws_ok($$select public.submit_lead('{"source": "popup", "name": "Tap Visitor", "email": "visitor@tap.test"}')$$, '42501', null, 'nor can an applicant');
select tests.authenticate_as_service_role();
select is(public.submit_lead('{"source": "popup", "name": "Tap Visitor", "email": "visitor@tap.test"}') ->> 'merged', 'true', 'a repeat within ten minutes merges');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.leads where email like '%@tap.test'$$), 2, 'a counsellor reads leads');
select throws_ok($$insert into public.leads (name, email, source) values ('Coun', 'coun@tap.test', 'contact')$$, '42501', null, 'a counsellor cannot insert directly');
select is(tests.row_count($$update public.leads set status = 'contacted', assignee = tests.user_id('counsellor'), version = version where email like '%@tap.test'$$), 2, 'a counsellor works leads');
select throws_ok($$update public.leads set email = 'changed@tap.test', version = version where email like '%@tap.test'$$, '42501', null, 'a counsellor cannot rewrite what the visitor sent');
select throws_ok($$delete from public.leads where email like '%@tap.test'$$, '42501', null, 'a counsellor cannot delete');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.leads where email like '%@tap.test'$$), 2, 'an administrator reads leads');
select throws_ok($$insert into public.leads (name, email, source) values ('Adm', 'adm@tap.test', 'contact')$$, '42501', null, 'an administrator cannot insert directly');
select is(tests.row_count($$update public.leads set status = 'qualified', version = version where email like '%@tap.test'$$), 2, 'an administrator works leads');
select throws_ok($$update public.leads set submit_count = 1000, version = version where email like '%@tap.test'$$, '42501', null, 'an administrator cannot rewrite counters');
select throws_ok($$delete from public.leads where email like '%@tap.test'$$, '42501', null, 'an administrator cannot delete');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.leads where email like '%@tap.test'$$), 2, 'the service role reads leads');
select is(tests.row_count($$insert into public.leads (name, email, source) values ('Service', 'service@tap.test', 'contact')$$), 1, 'the service role inserts');
select is(tests.row_count($$update public.leads set notes = 'Called', version = version where email like '%@tap.test'$$), 3, 'the service role updates');
select is(tests.row_count($$delete from public.leads where email = 'service@tap.test'$$), 1, 'the service role deletes');

select tests.clear_authentication();
select is((select submit_count from public.leads where email = 'visitor@tap.test'), 2, 'the merged lead counts both submissions');
select is((select status from public.leads where email = 'visitor@tap.test'), 'qualified', 'the lead keeps the staff status');
select is((select count(*)::integer from public.leads where email like '%@tap.test'), 2, 'no lead was lost or added by a refused write');

select * from finish();
rollback;
