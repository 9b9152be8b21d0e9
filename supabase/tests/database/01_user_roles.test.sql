-- user_roles: a user reads their own roles, administrators read everyone's, and nobody writes the
-- table through the API.
begin;
select plan(23);
select tests.create_user('applicant');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');

select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.user_roles$$, '42501', null, 'anon cannot read roles');
select throws_ok($$insert into public.user_roles (user_id, role) values (tests.user_id('applicant'), 'admin')$$, '42501', null, 'anon cannot grant a role');
select throws_ok($$update public.user_roles set role = 'admin'$$, '42501', null, 'anon cannot update roles');
select throws_ok($$delete from public.user_roles$$, '42501', null, 'anon cannot delete roles');

select tests.authenticate_as('applicant');
select is(tests.row_count($$select 1 from public.user_roles$$), 0, 'an applicant holds and sees no role');
select throws_ok($$insert into public.user_roles (user_id, role) values (tests.user_id('applicant'), 'admin')$$, '42501', null, 'an applicant cannot make themselves admin');
select throws_ok($$update public.user_roles set user_id = tests.user_id('applicant')$$, '42501', null, 'an applicant cannot take over a role');
select throws_ok($$delete from public.user_roles$$, '42501', null, 'an applicant cannot delete roles');
select is(public.has_role('admin'), false, 'has_role answers false for an applicant');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.user_roles$$), 1, 'a counsellor sees their own role only');
select throws_ok($$insert into public.user_roles (user_id, role) values (tests.user_id('counsellor'), 'admin')$$, '42501', null, 'a counsellor cannot promote themselves');
select throws_ok($$update public.user_roles set role = 'admin' where user_id = tests.user_id('counsellor')$$, '42501', null, 'a counsellor cannot change their role');
select throws_ok($$delete from public.user_roles$$, '42501', null, 'a counsellor cannot delete roles');
select is(public.is_staff(), true, 'is_staff answers true for a counsellor');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.user_roles where user_id in (tests.user_id('counsellor'), tests.user_id('admin'))$$), 2, 'an administrator reads everyone''s roles');
select throws_ok($$insert into public.user_roles (user_id, role) values (tests.user_id('applicant'), 'counsellor')$$, '42501', null, 'an administrator cannot write the table directly');
select throws_ok($$update public.user_roles set role = 'counsellor' where user_id = tests.user_id('admin')$$, '42501', null, 'an administrator cannot update directly');
select throws_ok($$delete from public.user_roles where user_id = tests.user_id('counsellor')$$, '42501', null, 'an administrator cannot delete directly');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.user_roles where user_id in (tests.user_id('counsellor'), tests.user_id('admin'))$$), 2, 'the service role reads roles');
select is(tests.row_count($$insert into public.user_roles (user_id, role) values (tests.user_id('applicant'), 'counsellor')$$), 1, 'the service role grants a role');
select is(tests.row_count($$update public.user_roles set granted_by = tests.user_id('admin') where user_id = tests.user_id('applicant')$$), 1, 'the service role updates a role');
select is(tests.row_count($$delete from public.user_roles where user_id = tests.user_id('applicant')$$), 1, 'the service role revokes a role');

select tests.clear_authentication();
select is((select count(*)::integer from public.user_roles where user_id = tests.user_id('applicant')), 0, 'the applicant ends with no role');

select * from finish();
rollback;
