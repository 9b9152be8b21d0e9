-- Decision rounds on a batch intake: the decisions approved so far go out together while the intake
-- stays open for applications; later ones wait for the next round; the final publication at closing
-- is the last round. Only administrators publish; staff read the rounds.
begin;
select plan(15);
select tests.create_user('admin', 'admin');
select tests.create_user('counsellor', 'counsellor');
select tests.create_catalogue();
update public.intakes set capacity = 10, release_mode = 'batch', reply_by = current_date + 90 where term = 'Tap Open Term';
create temp table tap (k text primary key, v uuid);
insert into tap select 'intake', i.id from public.intakes i where i.term = 'Tap Open Term';
select tests.create_user(who) from unnest(array['ra', 'rb', 'rc']) who;
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id(who), i.course_id, i.id, 'under_review', 'UP-2026-ROUN' || upper(who), now()
  from public.intakes i, unnest(array['ra', 'rb', 'rc']) who where i.id = (select v from tap where k = 'intake');
insert into tap select lower(right(a.reference, 2)), a.id from public.applications a where a.reference like 'UP-2026-ROUNR%';
insert into tap select 'reject_reason', r.id from public.decision_reasons r where r.outcome = 'rejected' order by r.position limit 1;
grant select on tap to anon, authenticated, service_role;
create function pg_temp.app(key text) returns uuid language sql stable as $$ select v from pg_temp.tap where k = key $$;
create function pg_temp.ver(key text) returns integer language sql stable security definer as
  $$ select a.version from public.applications a where a.id = (select v from pg_temp.tap where k = key) $$;
create function pg_temp.status(key text) returns text language sql stable security definer as
  $$ select a.status from public.applications a where a.id = (select v from pg_temp.tap where k = key) $$;

select tests.authenticate_as('admin');
select throws_ok($$select public.publish_decision_round(pg_temp.app('intake'))$$, 'P0001', 'No approved decision is waiting on this intake: approve some first.', 'a round needs an approved decision');
select is((public.decide_application(pg_temp.app('ra'), pg_temp.ver('ra'), 'waitlisted')).state, 'approved', 'a decision is approved and held (batch)');
select is((public.decide_application(pg_temp.app('rb'), pg_temp.ver('rb'), 'rejected', reason_id => pg_temp.app('reject_reason'))).state, 'approved', 'and another');
select tests.authenticate_as('counsellor');
select throws_ok($$select public.publish_decision_round(pg_temp.app('intake'))$$, '42501', null, 'a counsellor cannot publish a round');
select is(tests.row_count($$select 1 from public.decision_rounds$$), 0, 'staff read the rounds (none yet)');
select tests.authenticate_as('admin');
select is((select (r.number, r.released, r.final)::text from public.publish_decision_round(pg_temp.app('intake')) r), '(1,2,f)', 'round 1 releases the two approved decisions');
select is((pg_temp.status('ra'), pg_temp.status('rb'))::text, '(waitlisted,rejected)', 'both applicants hear');
select is((select count(*) from public.notification_events where application_id in (pg_temp.app('ra'), pg_temp.app('rb')) and template_key like 'decision_%'), 2::bigint, 'each with their letter');
select is((select status from public.intakes where id = pg_temp.app('intake')), 'open', 'the intake still takes applications');
select is(pg_temp.status('rc'), 'under_review', 'an application decided later waits');
select is((public.decide_application(pg_temp.app('rc'), pg_temp.ver('rc'), 'waitlisted')).state, 'approved', 'its decision is held for the next round');

-- The final round: closing and publishing as before, recorded after the others.
select is((public.set_intake_status(pg_temp.app('intake'), 'closed')).status, 'closed', 'the intake closes');
select is((public.set_intake_status(pg_temp.app('intake'), 'decisions_published')).status, 'decisions_published', 'and publishes the rest');
select is((select string_agg(number || ':' || released || ':' || final, ' ' order by number) from public.decision_rounds where intake_id = pg_temp.app('intake')), '1:2:false 2:1:true', 'two rounds, the second final');
select throws_ok($$select public.publish_decision_round(pg_temp.app('intake'))$$, 'P0001', 'Rounds are for a batch intake whose decisions are not published yet.', 'no round after the final one');

select * from finish();
rollback;
