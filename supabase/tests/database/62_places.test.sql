-- Places that add up: an intake with 2 places and an over-offer allowance of 1, three offers out and a
-- fourth made by an administrator's override. A decline that leaves every place and over-offer held
-- frees nothing (no alert, no e-mail); a freed place that really allows another offer raises one
-- alert; alerts never outnumber the offers that can be made and close when the room is taken.
begin;
select plan(24);
select tests.create_user('admin', 'admin');
select tests.create_catalogue();
update public.intakes set capacity = 2, over_offer = 1, reply_by = current_date + 90 where term = 'Tap Open Term';
create temp table tap (k text primary key, v uuid);
insert into tap select 'intake', i.id from public.intakes i where i.term = 'Tap Open Term';
select tests.create_user(who) from unnest(array['pa', 'pb', 'pc', 'pd', 'pe', 'pf']) who;
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id(who), i.course_id, i.id, 'under_review', 'UP-2026-PLAC' || upper(who), now()
  from public.intakes i, unnest(array['pa', 'pb', 'pc', 'pd', 'pe', 'pf']) who
  where i.id = (select v from tap where k = 'intake');
insert into tap select lower(right(a.reference, 2)), a.id from public.applications a where a.reference like 'UP-2026-PLACP%';
insert into storage.objects (bucket_id, name, owner, metadata)
  select 'application-documents', a.applicant_id || '/' || a.id || '/' || gen_random_uuid() || '-passport.pdf',
    a.applicant_id, '{"size": 2048, "mimetype": "application/pdf"}'
  from public.applications a where a.reference like 'UP-2026-PLACP%';
insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type, status)
  select a.id, 'passport', o.name, 'passport.pdf', 2048, 'application/pdf', 'verified'
  from public.applications a join storage.objects o on o.name like a.applicant_id || '/' || a.id || '/%'
  where a.reference like 'UP-2026-PLACP%';
insert into tap select 'unmet_reason', r.id from public.decision_reasons r where r.outcome = 'conditions_not_met' order by r.position limit 1;
grant select on tap to anon, authenticated, service_role;
create function pg_temp.app(key text) returns uuid language sql stable as $$ select v from pg_temp.tap where k = key $$;
create function pg_temp.ver(key text) returns integer language sql stable security definer as
  $$ select a.version from public.applications a where a.id = (select v from pg_temp.tap where k = key) $$;
create function pg_temp.open_alerts() returns bigint language sql stable security definer as
  $$ select count(*) from public.place_alerts p where p.intake_id = (select v from pg_temp.tap where k = 'intake') and p.resolved_at is null $$;
create function pg_temp.freed_mail() returns bigint language sql stable security definer as
  $$ select count(*) from public.notification_events e where e.template_key = 'place_freed' and e.recipient_id = tests.user_id('admin')
     and e.application_id in (select a.id from public.applications a where a.intake_id = (select v from pg_temp.tap where k = 'intake')) $$;
create function pg_temp.room() returns integer language sql stable security definer as
  $$ select p.offer_room from public.intake_places((select v from pg_temp.tap where k = 'intake')) p $$;

select tests.authenticate_as('admin');
select is((public.decide_application(pg_temp.app('pa'), pg_temp.ver('pa'), 'offer_conditional', conditions => 'Final transcript', release => true)).state, 'released', 'a first offer (conditional)');
select is((public.decide_application(pg_temp.app('pb'), pg_temp.ver('pb'), 'offer_unconditional', release => true)).state, 'released', 'a second offer');
select is((select (p.places_left, p.offer_room)::text from public.staff_intake_places(pg_temp.app('intake')) p), '(0,1)', 'both places held: none left, and one over-offer may still be made');
select is((public.decide_application(pg_temp.app('pc'), pg_temp.ver('pc'), 'offer_unconditional', release => true)).state, 'released', 'a third offer uses the over-offer');
select throws_ok($$select public.decide_application(pg_temp.app('pd'), pg_temp.ver('pd'), 'offer_unconditional')$$, 'P0001',
  'No place is left for another offer: 2 places plus 1 over-offer, and 3 offers and acceptances are already held. An administrator can override this with a reason.',
  'a fourth is refused, each number counted in words that fit it');
select is((public.decide_application(pg_temp.app('pd'), pg_temp.ver('pd'), 'offer_unconditional', override_reason => 'Scholarship holder', release => true)).state, 'released', 'an administrator''s override makes the fourth');
select is((public.decide_application(pg_temp.app('pe'), pg_temp.ver('pe'), 'waitlisted', release => true)).state, 'released', 'the next applicant waits on the list');
select is((public.decide_application(pg_temp.app('pf'), pg_temp.ver('pf'), 'waitlisted', release => true)).state, 'released', 'and another behind them');
select is(pg_temp.room(), 0, 'no offer can be made: four held against two places and one over-offer');

-- The holder of the second offer declines: three are still held, so nothing is free.
select tests.authenticate_as('pb');
select is((public.respond_to_offer(pg_temp.app('pb'), false)).status, 'declined', 'the second offer is declined');
select tests.authenticate_as('admin');
select is(pg_temp.room(), 0, 'the override still holds the freed room');
select is(pg_temp.open_alerts(), 0::bigint, 'so the intake shows no "a place is free"');
select is(pg_temp.freed_mail(), 0::bigint, 'and no administrator is e-mailed');
select throws_like($$select public.decide_application(pg_temp.app('pe'), pg_temp.ver('pe'), 'offer_unconditional')$$, 'No place is left for another offer: 2 places plus 1 over-offer, and 3 offers%', 'as the gate agrees');

-- Conditions not met: now one offer can be made, and one alert says so.
select tests.authenticate_as('pa');
select is((public.respond_to_offer(pg_temp.app('pa'), true)).status, 'conditions_pending', 'the first applicant accepts the conditional offer');
select tests.authenticate_as('admin');
select is((public.decide_application(pg_temp.app('pa'), pg_temp.ver('pa'), 'conditions_not_met', reason_id => pg_temp.app('unmet_reason'), release => true)).state, 'released', 'and does not meet the conditions');
select is((pg_temp.room(), pg_temp.open_alerts(), pg_temp.freed_mail())::text, '(1,1,1)', 'one offer can be made: one alert, one e-mail');

-- A withdrawal frees a second: two alerts for two offers that can be made.
select tests.authenticate_as('pc');
select is((public.withdraw_application(pg_temp.app('pc'), 'Going elsewhere')).status, 'withdrawn', 'the third offer''s holder withdraws');
select tests.authenticate_as('admin');
select is((pg_temp.room(), pg_temp.open_alerts())::text, '(2,2)', 'two offers can be made, two alerts');

-- The next in line gets an offer: it answers the oldest alert.
select is((public.decide_application(pg_temp.app('pe'), pg_temp.ver('pe'), 'offer_unconditional', release => true)).state, 'released', 'the first on the list is offered the place without an override');
select is((pg_temp.room(), pg_temp.open_alerts())::text, '(1,1)', 'one offer and one alert are left');
select is((select resolution from public.place_alerts where intake_id = pg_temp.app('intake') and resolved_at is not null), 'promoted', 'the offer promoted the list');

-- The places shrink: no offer can be made, and the alert that said one could closes itself.
select tests.clear_authentication();
update public.intakes set capacity = 1 where id = pg_temp.app('intake');
select is((pg_temp.room(), pg_temp.open_alerts())::text, '(0,0)', 'fewer places close the alert');
select is((select count(*) from public.place_alerts where intake_id = pg_temp.app('intake') and resolution = 'filled'), 1::bigint, 'as filled');

select * from finish();
rollback;
