-- shortlist_items: only the owner reads, adds (visible courses only) and removes their saved courses.
begin;
select plan(26);
select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();
insert into public.shortlist_items (user_id, course_id)
  select tests.user_id('owner'), c.id from public.courses c where c.slug = 'tap-course-pub';
-- Course ids as the superuser sees them, so a hidden course can still be named in a write.
create temp table tap_courses as select slug, id from public.courses where slug like 'tap-%';
grant select on tap_courses to anon, authenticated, service_role;

select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.shortlist_items$$, '42501', null, 'anon cannot read shortlists');
select throws_ok($$insert into public.shortlist_items (user_id, course_id) select tests.user_id('owner'), c.id from public.courses c where c.slug = 'tap-course-pub'$$, '42501', null, 'anon cannot insert');
select throws_ok($$update public.shortlist_items set created_at = now()$$, '42501', null, 'anon cannot update');
select throws_ok($$delete from public.shortlist_items$$, '42501', null, 'anon cannot delete');

select tests.authenticate_as('owner');
select is(tests.row_count($$select 1 from public.shortlist_items$$), 1, 'the owner reads their shortlist');
select throws_ok($$insert into public.shortlist_items (user_id, course_id) select tests.user_id('owner'), c.id from pg_temp.tap_courses c where c.slug = 'tap-course-draft'$$, '42501', null, 'the owner cannot save a draft course');
select is(tests.row_count($$insert into public.shortlist_items (user_id, course_id) select tests.user_id('owner'), c.id from public.courses c where c.slug = 'tap-course-pub' on conflict do nothing$$), 0, 'saving the same course twice adds nothing');
select throws_ok($$update public.shortlist_items set created_at = now()$$, '42501', null, 'the owner cannot update');

select tests.authenticate_as('other');
select is(tests.row_count($$select 1 from public.shortlist_items where user_id = tests.user_id('owner')$$), 0, 'another applicant cannot read the owner''s shortlist');
select throws_ok($$insert into public.shortlist_items (user_id, course_id) select tests.user_id('owner'), c.id from public.courses c where c.slug = 'tap-course-pub'$$, '42501', null, 'another applicant cannot save into the owner''s shortlist');
select is(tests.row_count($$insert into public.shortlist_items (user_id, course_id) select tests.user_id('other'), c.id from public.courses c where c.slug = 'tap-course-pub'$$), 1, 'another applicant saves into their own shortlist');
select is(tests.row_count($$delete from public.shortlist_items where user_id = tests.user_id('owner')$$), 0, 'another applicant deletes nothing of the owner''s');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.shortlist_items where user_id = tests.user_id('owner')$$), 0, 'a counsellor cannot read shortlists');
select throws_ok($$insert into public.shortlist_items (user_id, course_id) select tests.user_id('owner'), c.id from public.courses c where c.slug = 'tap-course-pub'$$, '42501', null, 'a counsellor cannot insert for the owner');
select throws_ok($$update public.shortlist_items set created_at = now()$$, '42501', null, 'a counsellor cannot update');
select is(tests.row_count($$delete from public.shortlist_items where user_id = tests.user_id('owner')$$), 0, 'a counsellor deletes nothing');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.shortlist_items where user_id = tests.user_id('owner')$$), 0, 'an administrator cannot read shortlists');
select throws_ok($$insert into public.shortlist_items (user_id, course_id) select tests.user_id('owner'), c.id from public.courses c where c.slug = 'tap-course-pub'$$, '42501', null, 'an administrator cannot insert for the owner');
select throws_ok($$update public.shortlist_items set created_at = now()$$, '42501', null, 'an administrator cannot update');
select is(tests.row_count($$delete from public.shortlist_items where user_id = tests.user_id('owner')$$), 0, 'an administrator deletes nothing');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.shortlist_items where user_id in (tests.user_id('owner'), tests.user_id('other'))$$), 2, 'the service role reads every shortlist');
select is(tests.row_count($$update public.shortlist_items set created_at = now() where user_id = tests.user_id('other')$$), 1, 'the service role updates');
select is(tests.row_count($$delete from public.shortlist_items where user_id = tests.user_id('other')$$), 1, 'the service role deletes');
select is(tests.row_count($$insert into public.shortlist_items (user_id, course_id) select tests.user_id('other'), c.id from public.courses c where c.slug = 'tap-course-draft'$$), 1, 'the service role inserts');

select tests.authenticate_as('owner');
select is(tests.row_count($$delete from public.shortlist_items$$), 1, 'the owner removes their saved course');
select tests.clear_authentication();
select is((select count(*)::integer from public.shortlist_items where user_id = tests.user_id('owner')), 0, 'the owner''s shortlist is empty');

select * from finish();
rollback;
