-- profiles: the owner reads and edits their own; staff read applicants' profiles; nobody deletes
-- through the API.
begin;
select plan(27);
select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');

select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.profiles$$, '42501', null, 'anon cannot read profiles');
select throws_ok($$insert into public.profiles (id) values (gen_random_uuid())$$, '42501', null, 'anon cannot insert');
select throws_ok($$update public.profiles set full_name = 'X'$$, '42501', null, 'anon cannot update');
select throws_ok($$delete from public.profiles$$, '42501', null, 'anon cannot delete');

select tests.authenticate_as('owner');
select is(tests.row_count($$select 1 from public.profiles$$), 1, 'the owner sees only their own profile');
select throws_ok($$insert into public.profiles (id) values (gen_random_uuid())$$, '42501', null, 'the owner cannot add a profile for someone else');
select is(tests.row_count($$update public.profiles set full_name = 'Owner Renamed' where id = tests.user_id('owner')$$), 1, 'the owner updates their profile');
select throws_ok($$update public.profiles set created_at = now() where id = tests.user_id('owner')$$, '42501', null, 'the owner cannot change unlisted columns');
select throws_ok($$delete from public.profiles where id = tests.user_id('owner')$$, '42501', null, 'the owner cannot delete their profile through the API');

select tests.authenticate_as('other');
select is(tests.row_count($$select 1 from public.profiles where id = tests.user_id('owner')$$), 0, 'another applicant cannot read the owner''s profile');
select throws_ok(format('insert into public.profiles (id) values (%L)', tests.user_id('owner')), '42501', null, 'another applicant cannot insert as the owner');
select is(tests.row_count($$update public.profiles set full_name = 'Hijacked' where id = tests.user_id('owner')$$), 0, 'another applicant updates no row of the owner');
select throws_ok($$delete from public.profiles where id = tests.user_id('owner')$$, '42501', null, 'another applicant cannot delete');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.profiles where id in (tests.user_id('owner'), tests.user_id('other'))$$), 2, 'a counsellor reads applicants'' profiles');
select throws_ok(format('insert into public.profiles (id) values (%L)', gen_random_uuid()), '42501', null, 'a counsellor cannot insert');
select is(tests.row_count($$update public.profiles set full_name = 'Edited' where id = tests.user_id('owner')$$), 0, 'a counsellor cannot edit an applicant''s profile');
select throws_ok($$delete from public.profiles where id = tests.user_id('owner')$$, '42501', null, 'a counsellor cannot delete');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.profiles where id in (tests.user_id('owner'), tests.user_id('other'))$$), 2, 'an administrator reads applicants'' profiles');
select throws_ok(format('insert into public.profiles (id) values (%L)', gen_random_uuid()), '42501', null, 'an administrator cannot insert');
select is(tests.row_count($$update public.profiles set full_name = 'Edited' where id = tests.user_id('owner')$$), 0, 'an administrator cannot edit an applicant''s profile');
select throws_ok($$delete from public.profiles where id = tests.user_id('owner')$$, '42501', null, 'an administrator cannot delete');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.profiles where id in (tests.user_id('owner'), tests.user_id('other'))$$), 2, 'the service role reads profiles');
select is(tests.row_count($$update public.profiles set city = 'Leeds' where id = tests.user_id('other')$$), 1, 'the service role updates');
select is(tests.row_count($$delete from public.profiles where id = tests.user_id('other')$$), 1, 'the service role deletes');
select is(tests.row_count($$insert into public.profiles (id) values (tests.user_id('other'))$$), 1, 'the service role inserts');

select tests.clear_authentication();
select is((select full_name from public.profiles where id = tests.user_id('owner')), 'Owner Renamed', 'only the owner''s own edit landed');
select is((select full_name from public.profiles where id = tests.user_id('other')), '', 'the re-created profile starts empty');

select * from finish();
rollback;
