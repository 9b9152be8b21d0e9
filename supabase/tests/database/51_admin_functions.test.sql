-- Staff roles and the people screens: admin_exists, claim_first_admin, set_staff_role,
-- admin_list_users and staff_directory. Who may call each, what everyone else gets, and the rule
-- that the last administrator stays.
begin;
select plan(45);
select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
-- The seeded demo staff would count as administrators too; here the tap admin is the only one.
delete from public.user_roles where user_id in (select id from auth.users where email like '%@unipath.test');
select tests.create_catalogue();
insert into public.leads (name, email, source) values ('Tap Lead', 'lead@tap.test', 'contact');
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id('owner'), i.course_id, i.id, 'submitted', 'UP-2026-TAPB01', now()
  from public.intakes i where i.term = 'Tap Open Term';

select tests.authenticate_as_anon();
select is(public.admin_exists(), true, 'anon learns that setup is done');
select throws_ok($$select public.claim_first_admin(tests.user_id('owner'))$$, '42501', null, 'anon cannot claim the first administrator');
select throws_ok($$select public.set_staff_role(tests.user_id('owner'), 'admin', true)$$, '42501', null, 'anon cannot grant a role');
select throws_ok($$select * from public.admin_list_users()$$, '42501', null, 'anon cannot list users');
select throws_ok($$select * from public.staff_directory()$$, '42501', null, 'anon cannot list staff');

select tests.authenticate_as('owner');
select is(public.admin_exists(), true, 'an applicant learns that setup is done');
select throws_ok($$select public.claim_first_admin(tests.user_id('owner'))$$, '42501', null, 'an applicant cannot claim the first administrator');
select throws_ok($$select public.set_staff_role(tests.user_id('owner'), 'admin', true)$$, '42501', 'Only administrators manage staff roles.', 'an applicant cannot make themselves administrator');
select throws_ok($$select * from public.admin_list_users()$$, '42501', 'Only administrators list users.', 'an applicant cannot list users');
select throws_ok($$select * from public.staff_directory()$$, '42501', 'Only admissions staff see the team.', 'an applicant cannot list staff');

select tests.authenticate_as('counsellor');
select throws_ok($$select public.claim_first_admin(tests.user_id('counsellor'))$$, '42501', null, 'a counsellor cannot claim the first administrator');
select throws_ok($$select public.set_staff_role(tests.user_id('counsellor'), 'admin', true)$$, '42501', null, 'a counsellor cannot promote themselves');
select throws_ok($$select * from public.admin_list_users()$$, '42501', null, 'a counsellor cannot list users');
select results_eq($$select email, roles from public.staff_directory() where email like '%@tap.test'$$,
  $$values ('admin@tap.test', array['admin']), ('counsellor@tap.test', array['counsellor'])$$, 'a counsellor lists the team with their roles');

select tests.authenticate_as_service_role();
select is(public.admin_exists(), true, 'the server sees that an administrator exists');
select is(public.claim_first_admin(tests.user_id('owner')), false, 'a claim is refused once an administrator exists');
select throws_ok($$select public.set_staff_role(tests.user_id('owner'), 'admin', true)$$, '42501', null, 'the service role is not an administrator');
select throws_ok($$select * from public.admin_list_users()$$, '42501', null, 'nor does it list users through the admin function');

select tests.authenticate_as('admin');
select results_eq($$select u.email, u.roles, u.total from public.admin_list_users('tap.test', 25, 0) u order by u.email$$,
  $$values ('admin@tap.test', array['admin'], 4::bigint), ('counsellor@tap.test', array['counsellor'], 4::bigint), ('other@tap.test', '{}'::text[], 4::bigint), ('owner@tap.test', '{}'::text[], 4::bigint)$$,
  'an administrator lists the accounts with their roles and the total');
select is((select array_agg(cardinality(u.roles) > 0) from public.admin_list_users('tap.test', 25, 0) u), array[true, true, false, false], 'staff come first');
select results_eq($$select count(*), min(total) from public.admin_list_users('TAP.TEST', 1, 3)$$, $$values (1::bigint, 4::bigint)$$, 'the list pages and ignores case');
select is(tests.row_count($$select * from public.admin_list_users('%', 25, 0)$$), 0, 'a % in the search is a character, not a wildcard');
select is(tests.row_count($$select * from public.admin_list_users('owner_tap', 25, 0)$$), 0, 'an _ in the search is a character, not a wildcard');
select throws_ok($$select public.set_staff_role(tests.user_id('owner'), 'owner', true)$$, '22023', 'Unknown role.', 'an unknown role is refused');
select throws_ok($$select public.set_staff_role(tests.user_id('owner'), 'counsellor', null)$$, '22023', null, 'grant or revoke must be said');
select throws_ok($$select public.set_staff_role(gen_random_uuid(), 'counsellor', true)$$, 'P0002', 'No such user.', 'a role for an unknown account is refused');
select throws_ok($$select public.set_staff_role(tests.user_id('admin'), 'admin', false)$$, 'P0001', 'The last administrator cannot be removed. Make someone else an administrator first.', 'the only administrator cannot step down');
select lives_ok($$select public.set_staff_role(tests.user_id('other'), 'counsellor', true)$$, 'an administrator makes someone a counsellor');
select lives_ok($$select public.set_staff_role(tests.user_id('counsellor'), 'admin', true)$$, 'an administrator makes a counsellor an administrator too');
select lives_ok($$select public.set_staff_role(tests.user_id('counsellor'), 'admin', true)$$, 'granting a role twice is harmless');

select tests.clear_authentication();
select results_eq($$select r.role, r.granted_by from public.user_roles r where r.user_id = tests.user_id('counsellor') order by r.role$$,
  $$values ('admin', tests.user_id('admin')), ('counsellor', null::uuid)$$, 'the counsellor holds each role once, the new one granted by the administrator');
update public.applications set assigned_to = tests.user_id('other'), version = version where reference = 'UP-2026-TAPB01';
update public.leads set assignee = tests.user_id('other'), version = version where email = 'lead@tap.test';

select tests.authenticate_as('admin');
select lives_ok($$select public.set_staff_role(tests.user_id('other'), 'counsellor', false)$$, 'an administrator revokes a counsellor');
select tests.clear_authentication();
select is((select assigned_to from public.applications where reference = 'UP-2026-TAPB01'), null, 'the former counsellor''s application returns to the pool');
select is((select assignee from public.leads where email = 'lead@tap.test'), null, 'so does their lead');

select tests.authenticate_as('admin');
select lives_ok($$select public.set_staff_role(tests.user_id('admin'), 'admin', false)$$, 'an administrator steps down while another remains');
select is(public.has_role('admin'), false, 'and is no longer one');
select throws_ok($$select public.set_staff_role(tests.user_id('owner'), 'admin', true)$$, '42501', null, 'so they grant nothing any more');

select tests.authenticate_as('counsellor');
select throws_ok($$select public.set_staff_role(tests.user_id('counsellor'), 'admin', false)$$, 'P0001', 'The last administrator cannot be removed. Make someone else an administrator first.', 'the remaining administrator cannot step down');
select lives_ok($$select public.set_staff_role(tests.user_id('counsellor'), 'counsellor', false)$$, 'but may give up their other role');

-- A fresh installation: no administrator yet. The server grants the first claim only.
select tests.clear_authentication();
select is((select count(*)::integer from public.user_roles where role = 'admin'), 1, 'exactly one administrator is left');
delete from public.user_roles;
select tests.authenticate_as_anon();
select is(public.admin_exists(), false, 'anon learns that setup is still open');
select tests.authenticate_as_service_role();
select throws_ok($$select public.claim_first_admin(gen_random_uuid())$$, 'P0002', 'No such user.', 'a claim for an unknown account is refused');
select is(public.claim_first_admin(tests.user_id('owner')), true, 'the first claim makes its claimant administrator');
select is(public.claim_first_admin(tests.user_id('other')), false, 'a second claim is refused');
select tests.clear_authentication();
select results_eq($$select user_id, role, granted_by from public.user_roles$$, $$values (tests.user_id('owner'), 'admin', tests.user_id('owner'))$$, 'the first claimant is the only staff member');

select * from finish();
rollback;
