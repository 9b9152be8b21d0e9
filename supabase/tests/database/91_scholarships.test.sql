-- scholarships: anyone reads visible rows, only administrators write, with versions and the audit log.
begin;
select plan(21);
select tests.create_user('applicant');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();

insert into public.scholarships (slug, provider, name, award_kind, amount, currency, applies_to, university_id, visible)
select 'tap-sch-visible', 'Tap Trust', 'Tap Visible Award', 'amount', 2000, 'GBP', 'university', u.id, true
from public.universities u where u.slug = 'tap-uni-pub';
insert into public.scholarships (slug, provider, name, award_kind, percentage, applies_to, visible)
values ('tap-sch-hidden', 'Tap Trust', 'Tap Hidden Award', 'percentage', 20, 'any', false);
insert into public.scholarships (slug, provider, name, award_kind, percentage, applies_to, university_id, visible)
select 'tap-sch-courses', 'Tap Trust', 'Tap Course Award', 'percentage', 50, 'courses', u.id, true
from public.universities u where u.slug = 'tap-uni-pub';
insert into public.scholarship_courses (scholarship_id, course_id)
select s.id, c.id from public.scholarships s, public.courses c
where s.slug in ('tap-sch-courses', 'tap-sch-hidden') and c.slug = 'tap-course-pub';

select throws_ok($$insert into public.scholarships (slug, provider, name, award_kind, applies_to) values ('tap-bad', 'Tap Trust', 'No amount', 'amount', 'any')$$,
  '23514', null, 'an amount award needs an amount and a currency');
select throws_ok($$insert into public.scholarships (slug, provider, name, award_kind, percentage, pays_towards) values ('tap-bad-share', 'Tap Trust', 'Share of living', 'percentage', 20, 'living')$$,
  '23514', null, 'a share of the tuition cannot be an award for living costs');

select tests.authenticate_as_anon();
select is(tests.row_count($$select 1 from public.scholarships where slug like 'tap-%'$$), 2, 'anon reads the visible scholarships only');
select is(tests.row_count($$select 1 from public.scholarship_courses where course_id = (select id from public.courses where slug = 'tap-course-pub')$$), 1,
  'anon reads the course links of visible scholarships only');
select throws_ok($$insert into public.scholarships (slug, provider, name, award_kind, percentage) values ('tap-anon', 'Tap Trust', 'Anon', 'percentage', 10)$$, '42501', null, 'anon cannot insert');
select throws_ok($$delete from public.scholarships$$, '42501', null, 'anon cannot delete');

select tests.authenticate_as('applicant');
select is(tests.row_count($$select 1 from public.scholarships where slug like 'tap-%'$$), 2, 'an applicant reads the visible scholarships only');
select throws_ok($$insert into public.scholarships (slug, provider, name, award_kind, percentage) values ('tap-app', 'Tap Trust', 'Applicant', 'percentage', 10)$$, '42501', null, 'an applicant cannot insert');
select is(tests.row_count($$update public.scholarships set name = 'Hacked', version = version where slug like 'tap-%'$$), 0, 'an applicant updates no row');
select is(tests.row_count($$delete from public.scholarships where slug like 'tap-%'$$), 0, 'an applicant deletes no row');
select throws_ok($$insert into public.scholarship_courses select s.id, c.id from public.scholarships s, public.courses c where s.slug = 'tap-sch-visible' and c.slug = 'tap-course-pub'$$, '42501', null, 'an applicant cannot link courses');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.scholarships where slug like 'tap-%'$$), 2, 'a counsellor reads the visible scholarships only');
select is(tests.row_count($$update public.scholarships set name = 'Hacked', version = version where slug like 'tap-%'$$), 0, 'a counsellor updates no row');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.scholarships where slug like 'tap-%'$$), 3, 'an administrator reads hidden scholarships too');
select is(tests.row_count($$insert into public.scholarships (slug, provider, name, award_kind, percentage) values ('tap-admin', 'Tap Trust', 'Admin Award', 'percentage', 10)$$), 1, 'an administrator inserts');
select is(tests.row_count($$update public.scholarships set name = 'Checked award', version = 1 where slug = 'tap-admin'$$), 1, 'an administrator updates naming the version read');
select throws_ok($$update public.scholarships set name = 'Stale award', version = 1 where slug = 'tap-admin'$$, 'PT409', null, 'an edit based on an old version is refused');
select is((select version from public.scholarships where slug = 'tap-admin'), 2, 'the accepted edit bumped the version');
select is(tests.row_count($$delete from public.scholarships where slug = 'tap-admin'$$), 1, 'an administrator deletes');

select tests.clear_authentication();
select is((select count(*)::integer from public.audit_log where entity = 'scholarships'
  and entity_id = (select a.entity_id from public.audit_log a where a.entity = 'scholarships' and a.action = 'insert' limit 1)), 3,
  'the audit log records the insert, the edit and the delete');
select is((select after ->> 'name' from public.audit_log where entity = 'scholarships' and action = 'update'), 'Checked award',
  'the audit log says what the edit changed');

select * from finish();
rollback;
