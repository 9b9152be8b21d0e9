-- No silent overwrites: an update through the API names the version it was based on; an old one is
-- refused with PT409 and a message saying who changed the row, when and what; none at all is PT428.
begin;
select plan(14);
select tests.create_user('owner');
select tests.create_user('admin', 'admin');
select tests.create_user('colleague', 'admin');
select tests.create_catalogue();
insert into public.applications (applicant_id, course_id, intake_id)
  select tests.user_id('owner'), i.course_id, i.id from public.intakes i where i.term = 'Tap Open Term';
create temp table tap (k text primary key, v uuid);
insert into tap select 'draft', a.id from public.applications a where a.applicant_id = tests.user_id('owner');
insert into tap select 'course', c.id from public.courses c where c.slug = 'tap-course-pub';
grant select on tap to anon, authenticated, service_role;

select tests.authenticate_as('owner');
select is(tests.row_count($$update public.applications set answers = '{"statement": "First window"}', version = 1 where id = (select v from pg_temp.tap where k = 'draft')$$), 1, 'a draft save naming the current version goes through');
select is((select version from public.applications where id = (select v from pg_temp.tap where k = 'draft')), 2, 'and moves the version on');
select throws_like($$update public.applications set answers = '{"statement": "Second window"}', version = 1 where id = (select v from pg_temp.tap where k = 'draft')$$, 'You (in another window or on another device) changed this application at % UTC (answers), after you opened it.%', 'a save from a window that read version 1 is refused, naming the newer save');
select is((select answers ->> 'statement' from public.applications where id = (select v from pg_temp.tap where k = 'draft')), 'First window', 'and the first save stands');
select throws_ok($$update public.applications set answers = '{}' where id = (select v from pg_temp.tap where k = 'draft')$$, 'PT428', null, 'a save without a version is refused');

select tests.authenticate_as('colleague');
select is(tests.row_count($$update public.courses set title = 'Tap Renamed Course', version = 1 where id = (select v from pg_temp.tap where k = 'course')$$), 1, 'a colleague renames the course');
select tests.authenticate_as('admin');
select throws_like($$update public.courses set description = 'Stale description', version = 1 where id = (select v from pg_temp.tap where k = 'course')$$, 'colleague% changed this course at % UTC (title), after you opened it.%', 'an edit from a page opened before the rename is refused, naming the colleague and the change');
select is((select title from public.courses where id = (select v from pg_temp.tap where k = 'course')), 'Tap Renamed Course', 'the rename stands');
select ok((select description is distinct from 'Stale description' from public.courses where id = (select v from pg_temp.tap where k = 'course')), 'and nothing of the stale edit was written');
select is(tests.row_count($$update public.courses set description = 'Fresh description', version = 2 where id = (select v from pg_temp.tap where k = 'course')$$), 1, 'an edit based on the current version goes through');
select is((select updated_by from public.courses where id = (select v from pg_temp.tap where k = 'course')), tests.user_id('admin'), 'and names who changed the course last');

select tests.authenticate_as_service_role();
select is(tests.row_count($$update public.courses set description = 'Imported' where id = (select v from pg_temp.tap where k = 'course')$$), 1, 'the service role (imports, jobs) updates without a version');

-- A change staff made is named to staff, never to the applicant.
select tests.clear_authentication();
update public.application_changes set changed_by = tests.user_id('colleague'), change = 'marked the cv verified'
  where application_id = (select v from pg_temp.tap where k = 'draft');
select tests.authenticate_as('owner');
select throws_like($$update public.applications set answers = '{"statement": "Stale"}', version = 1 where id = (select v from pg_temp.tap where k = 'draft')$$, 'Admissions updated this application at % UTC, after you opened it. Nothing was saved%', 'an applicant hears that admissions updated the application');
select throws_matching($$update public.applications set answers = '{"statement": "Stale"}', version = 1 where id = (select v from pg_temp.tap where k = 'draft')$$, '^((?!colleague|verified).)*$', 'without the name of the member of staff or what they did');

select * from finish();
rollback;
