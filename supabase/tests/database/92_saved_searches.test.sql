-- saved searches: each person reads and deletes only their own; queue_search_alerts tells each search
-- once about courses published and intakes opened after it was saved.
begin;
select plan(30);
select tests.create_user('owner');
select tests.create_user('other');
select tests.create_catalogue();
-- The tap catalogue existed before the search was saved.
update public.courses set created_at = now() - interval '2 hours' where slug like 'tap-%';
update public.intakes set opened_at = now() - interval '2 hours'
  where course_id in (select id from public.courses where slug like 'tap-%');
create temp table tap (k text primary key, v text);
insert into tap select 'uni', id::text from public.universities where slug = 'tap-uni-pub';
grant select on tap to anon, authenticated, service_role;

select tests.authenticate_as('owner');
select is(tests.row_count(format($$insert into public.saved_searches (label, query, filters)
  values ('Tap masters', 'level=master&university=%1$s', '{"level": ["master"], "university": ["%1$s"]}')$$,
  (select v from tap where k = 'uni'))), 1, 'a signed-in person saves a search');
select throws_ok($$insert into public.saved_searches (label, query, filters, created_at) values ('Backdated', 'q=x', '{}', now() - interval '1 year')$$,
  '42501', null, 'nobody backdates a saved search to hear about older courses');
select throws_ok($$insert into public.saved_searches (user_id, label, query, filters) values (tests.user_id('other'), 'For other', 'q=y', '{}')$$,
  '42501', null, 'nobody saves a search for someone else');
select is(tests.row_count($$select 1 from public.saved_searches$$), 1, 'the owner reads their saved search');

select tests.authenticate_as('other');
select is(tests.row_count($$select 1 from public.saved_searches$$), 0, 'another person reads no saved search of theirs');
select is(tests.row_count($$delete from public.saved_searches$$), 0, 'another person deletes none');
select throws_ok($$select 1 from public.saved_search_alerts$$, '42501', null, 'people do not read the alert ledger');
select throws_ok($$select public.queue_search_alerts()$$, '42501', null, 'people cannot run the alert job');

select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.saved_searches$$, '42501', null, 'anon reads no saved searches');

select tests.clear_authentication();
update public.saved_searches set created_at = now() - interval '1 hour' where label = 'Tap masters';
-- After it was saved: a matching course, a course at another level, and an intake that opens.
insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount, tuition_currency, published)
select 'tap-course-new', u.id, 'Tap New Master', 'master', 'Computing', 12, 12000, 'GBP', true from public.universities u where u.slug = 'tap-uni-pub';
insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount, tuition_currency, published)
select 'tap-course-bachelor', u.id, 'Tap New Bachelor', 'bachelor', 'Computing', 36, 12000, 'GBP', true from public.universities u where u.slug = 'tap-uni-pub';
update public.intakes set status = 'open' where term = 'Tap Draft Term';

select tests.authenticate_as_service_role();
select is(public.queue_search_alerts(), 1, 'the job queues one alert for the search');
select tests.clear_authentication();
select is((select fields ->> 'count' from public.notification_events where template_key = 'saved_search_alert'
  and recipient_id = tests.user_id('owner')), '2', 'the alert lists the new course and the opened intake');
select matches((select fields ->> 'matches' from public.notification_events where template_key = 'saved_search_alert'),
  'Tap New Master, Tap Published University', 'the alert names the new course');
select matches((select fields ->> 'matches' from public.notification_events where template_key = 'saved_search_alert'),
  'Tap Published Course, Tap Published University: Tap Draft Term is open', 'the alert names the intake that opened');
select doesnt_match((select fields ->> 'matches' from public.notification_events where template_key = 'saved_search_alert'),
  'Bachelor', 'a course outside the filters is not in the alert');
select tests.authenticate_as_service_role();
select is(public.queue_search_alerts(), 0, 'running the job again queues nothing');
select tests.clear_authentication();
select is((select count(*)::integer from public.saved_search_alerts), 2, 'each course and intake is recorded once');

-- Filters of another shape than the course search's cannot be stored, whoever writes them.
select tests.authenticate_as('owner');
select throws_ok($$insert into public.saved_searches (label, query, filters) values ('x', 'a', '{"duration_max": "abc"}')$$, '23514', null, 'a duration that is not a number is refused');
select throws_ok($$insert into public.saved_searches (label, query, filters) values ('x', 'b', '{"level": "x"}')$$, '23514', null, 'a level that is not a list is refused');
select throws_ok($$insert into public.saved_searches (label, query, filters) values ('x', 'c', '{"level": ["wizard"]}')$$, '23514', null, 'an unknown level is refused');
select throws_ok($$insert into public.saved_searches (label, query, filters) values ('x', 'd', '{"intake": "99999"}')$$, '23514', null, 'an intake that is not a month is refused');
select throws_ok($$insert into public.saved_searches (label, query, filters) values ('x', 'e', '{"intake": 13}')$$, '23514', null, 'nor month 13');
select throws_ok($$insert into public.saved_searches (label, query, filters) values ('x', 'f', '{"duration_max": 1.5}')$$, '23514', null, 'nor a fraction of a month');
select throws_ok($$insert into public.saved_searches (label, query, filters) values ('x', 'g', '{"sort": "title"}')$$, '23514', null, 'an unknown key is refused');
select throws_ok($$insert into public.saved_searches (label, query, filters) values ('x', 'h', jsonb_build_object('q', repeat('a', 121)))$$, '23514', null, 'a query longer than the search reads is refused');
select throws_ok($$insert into public.saved_searches (label, query, filters) values ('x', 'i', '[]')$$, '23514', null, 'filters that are not an object are refused');
select is(tests.row_count($$insert into public.saved_searches (label, query, filters) values ('Fine', 'q=law&level=master', '{"q": "law", "level": ["master"], "duration_max": 24}')$$), 1, 'filters of the right shape are stored');

-- One search that raises is set aside; the others still get their alerts.
select tests.clear_authentication();
alter table public.saved_searches drop constraint saved_searches_filters_shape;
insert into public.saved_searches (user_id, label, query, filters, created_at)
  values (tests.user_id('owner'), 'Poison', 'p', '{"duration_max": "abc"}', now() - interval '2 hours');
insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount, tuition_currency, published)
select 'tap-course-law', u.id, 'Tap Law Master', 'master', 'Law', 12, 9000, 'GBP', true from public.universities u where u.slug = 'tap-uni-pub';
update public.saved_searches set created_at = now() - interval '1 hour' where label = 'Fine';
select tests.authenticate_as_service_role();
select is(public.queue_search_alerts(), 2, 'the alert job goes past a search that raises and queues the two others');
select tests.clear_authentication();
select is((select job || ' ' || failures from public.job_failures where item = 'saved_search:' || (select id from public.saved_searches where label = 'Poison')), 'search_alert 1', 'the search that raised is recorded for administrators');
select ok(exists (select 1 from public.notification_events where template_key = 'saved_search_alert' and fields ->> 'search' = 'Fine'), 'and the other search got its alert');

select tests.authenticate_as('owner');
select is(tests.row_count($$delete from public.saved_searches where label = 'Tap masters'$$), 1, 'the owner deletes their saved search');

select * from finish();
rollback;
