-- The decision cycle's rules, as each caller meets them: reasons and conditions, the documents gate,
-- places and over-offers, approval, release (rolling and batch), the waiting list and freed places,
-- conditions met and not met, offers withdrawn, and stale writes.
begin;
select plan(61);
select tests.create_user('first');
select tests.create_user('second');
select tests.create_user('third');
select tests.create_user('fourth');
select tests.create_user('fifth');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();
update public.intakes set capacity = 1, reply_by = current_date + 90 where term = 'Tap Open Term';
create temp table tap (k text primary key, v uuid);
insert into tap select 'intake', i.id from public.intakes i where i.term = 'Tap Open Term';
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id(who), i.course_id, i.id, 'under_review', ref, now()
  from public.intakes i, (values ('first', 'UP-2026-TAPE01'), ('second', 'UP-2026-TAPE02'), ('third', 'UP-2026-TAPE03')) s (who, ref)
  where i.id = (select v from tap where k = 'intake');
insert into tap select lower(right(a.reference, 2)), a.id from public.applications a where a.reference like 'UP-2026-TAPE0%';
insert into storage.objects (bucket_id, name, owner, metadata)
  select 'application-documents', a.applicant_id || '/' || a.id || '/00000000-0000-4000-8000-00000000000' || right(a.reference, 1) || '-passport.pdf',
    a.applicant_id, '{"size": 2048, "mimetype": "application/pdf"}'
  from public.applications a where a.reference like 'UP-2026-TAPE0%';
insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type, status)
  select a.id, 'passport', o.name, 'passport.pdf', 2048, 'application/pdf', case when a.reference = 'UP-2026-TAPE03' then 'uploaded' else 'verified' end
  from public.applications a join storage.objects o on o.name like a.applicant_id || '/' || a.id || '/%'
  where a.reference like 'UP-2026-TAPE0%';
insert into tap select 'reject_reason', r.id from public.decision_reasons r where r.outcome = 'rejected' order by r.position limit 1;
insert into tap select 'withdraw_reason', r.id from public.decision_reasons r where r.outcome = 'offer_withdrawn' order by r.position limit 1;
insert into tap select 'unmet_reason', r.id from public.decision_reasons r where r.outcome = 'conditions_not_met' order by r.position limit 1;
grant select on tap to anon, authenticated, service_role;
create function pg_temp.app(key text) returns uuid language sql stable as $$ select v from pg_temp.tap where k = key $$;
create function pg_temp.ver(key text) returns integer language sql stable security definer as
  $$ select a.version from public.applications a where a.id = (select v from pg_temp.tap where k = key) $$;
create function pg_temp.status(key text) returns text language sql stable security definer as
  $$ select a.status from public.applications a where a.id = (select v from pg_temp.tap where k = key) $$;
create function pg_temp.open_decision(key text) returns uuid language sql stable security definer as
  $$ select d.id from public.application_decisions d where d.application_id = (select v from pg_temp.tap where k = key) and d.state in ('recommended', 'approved') $$;
create function pg_temp.letters(key text) returns bigint language sql stable security definer as
  $$ select count(*) from public.notification_events e where e.application_id = (select v from pg_temp.tap where k = key) and e.template_key like 'decision_%' $$;
grant execute on all functions in schema pg_temp to anon, authenticated, service_role;

-- Nobody but staff decides.
select tests.authenticate_as('first');
select throws_ok($$select public.decide_application(pg_temp.app('01'), pg_temp.ver('01'), 'offer_unconditional')$$, '42501', null, 'an applicant cannot decide on their own application');
select throws_ok($$select public.publish_decisions(pg_temp.app('intake'))$$, '42501', null, 'nor publish decisions');

-- A counsellor recommends; the rules hold.
select tests.authenticate_as('counsellor');
select throws_ok($$select public.decide_application(pg_temp.app('01'), pg_temp.ver('01'), 'rejected')$$, 'P0001', 'Choose the reason for “Unsuccessful” from the list.', 'unsuccessful needs a reason from the list');
select throws_ok($$select public.decide_application(pg_temp.app('01'), pg_temp.ver('01'), 'rejected', reason_id => pg_temp.app('withdraw_reason'))$$, 'P0001', 'Choose the reason for “Unsuccessful” from the list.', 'a reason from another list is refused');
select throws_ok($$select public.decide_application(pg_temp.app('01'), pg_temp.ver('01'), 'offer_conditional')$$, 'P0001', 'A conditional offer needs its conditions.', 'a conditional offer needs its conditions');
select throws_ok($$select public.decide_application(pg_temp.app('01'), pg_temp.ver('01'), 'conditions_met')$$, 'P0001', 'An application that is under review cannot get the decision “Conditions met”.', 'conditions are met only on a conditional offer');
select throws_ok($$select public.decide_application(pg_temp.app('03'), pg_temp.ver('03'), 'offer_unconditional')$$, 'P0001', 'Every required document must be verified before an offer: Passport is not verified yet. An administrator can override this with a reason.', 'an offer waits for verified documents');
select throws_ok($$select public.decide_application(pg_temp.app('03'), pg_temp.ver('03'), 'offer_unconditional', override_reason => 'Seen in person')$$, 'P0001', null, 'a counsellor cannot override');
select throws_ok($$select public.decide_application(pg_temp.app('01'), pg_temp.ver('01') - 1, 'offer_unconditional')$$, 'PT409', null, 'a decision based on an old version is refused');
select throws_ok($$select public.decide_application(pg_temp.app('01'), null, 'offer_unconditional')$$, 'PT428', null, 'a decision without a version is refused');
select is((public.decide_application(pg_temp.app('01'), pg_temp.ver('01'), 'offer_unconditional', release => true)).state, 'recommended', 'a counsellor''s offer is a recommendation, even when asked to release it');
select is(pg_temp.status('01'), 'under_review', 'the application does not change');
select throws_like($$select public.transition_application(pg_temp.app('01'), 'action_required', pg_temp.ver('01') - 1, 'Send it again')$$, '% changed this application at % UTC (recommended Unconditional offer), after you opened it.%', 'but a form opened before the recommendation is refused, naming it');
select is(pg_temp.letters('01'), 0::bigint, 'and no letter is written');
select throws_ok($$select public.decide_application(pg_temp.app('01'), pg_temp.ver('01'), 'waitlisted')$$, 'P0001', null, 'one open decision at a time');
select throws_ok($$select public.approve_decision(pg_temp.open_decision('01'), pg_temp.ver('01'))$$, '42501', 'Only an administrator approves decisions.', 'a counsellor cannot approve');
select throws_ok($$select public.release_decision(pg_temp.open_decision('01'), pg_temp.ver('01'))$$, '42501', null, 'nor release');

-- The second applicant's offer would go beyond the one place: the recommendation counts.
select throws_ok($$select public.decide_application(pg_temp.app('02'), pg_temp.ver('02'), 'offer_unconditional')$$, 'P0001', 'No place is left for another offer: 1 place, and 1 offer or acceptance is already held. An administrator can override this with a reason.', 'offers stop at the places');
select is((public.decide_application(pg_temp.app('02'), pg_temp.ver('02'), 'waitlisted')).state, 'recommended', 'the counsellor recommends the waiting list instead');

-- The administrator approves and releases.
select tests.authenticate_as('admin');
select throws_ok($$select public.approve_decision(pg_temp.open_decision('01'), pg_temp.ver('01') - 1, true)$$, 'PT409', null, 'approving from a stale page is refused');
select is((public.approve_decision(pg_temp.open_decision('01'), pg_temp.ver('01'), true)).state, 'released', 'the administrator approves and releases the offer');
select is(pg_temp.status('01'), 'offer_unconditional', 'the applicant now holds the offer');
select is(pg_temp.letters('01'), 1::bigint, 'with its letter');
select ok((select reply_by >= current_date + 14 from public.applications where id = pg_temp.app('01')), 'and at least two weeks to reply');
select is((public.approve_decision(pg_temp.open_decision('02'), pg_temp.ver('02'), true)).state, 'released', 'the waiting list goes out too');
select is((select waitlist_rank from public.applications where id = pg_temp.app('02')), 1, 'first in line');
select is((public.decide_application(pg_temp.app('03'), pg_temp.ver('03'), 'offer_unconditional', override_reason => 'Passport seen at the interview; scans to follow', release => true)).state, 'released', 'an administrator overrides the places and the documents with a reason');
select is((select override_reason from public.application_decisions where application_id = pg_temp.app('03')), 'Passport seen at the interview; scans to follow', 'the reason is kept with the decision');
select is((select held from public.staff_intake_places(pg_temp.app('intake'))), 2::bigint, 'two offers held against one place');

-- The first applicant declines, but the override offer still holds the one place: nothing is free.
select tests.authenticate_as('first');
select is((public.respond_to_offer(pg_temp.app('01'), false)).status, 'declined', 'the first applicant declines');
select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.place_alerts where intake_id = pg_temp.app('intake') and resolved_at is null$$), 0, 'no freed-place alert: no offer could be made');
select is((select count(*) from public.notification_events where template_key = 'place_freed' and recipient_id = tests.user_id('admin')), 0::bigint, 'and no administrator is e-mailed');
-- Promotion of the next in line (the override is still needed: the override offer holds the place).
select is((public.decide_application(pg_temp.app('02'), pg_temp.ver('02'), 'offer_conditional', conditions => 'IELTS 7.0 overall', override_reason => 'Replacing the declined place', release => true)).state, 'released', 'the next in line gets a conditional offer');
select is(tests.row_count($$select 1 from public.place_alerts where intake_id = pg_temp.app('intake')$$), 0, 'with no alert raised along the way');
select is((select waitlist_rank from public.applications where id = pg_temp.app('02')), null, 'and takes them off the waiting list');

-- Conditions: accepted and pending, then met.
select tests.authenticate_as('second');
select is((public.respond_to_offer(pg_temp.app('02'), true)).status, 'conditions_pending', 'accepting a conditional offer leaves the conditions pending');
select tests.authenticate_as('admin');
select throws_ok($$select public.transition_application(pg_temp.app('02'), 'enrolled', pg_temp.ver('02'))$$, 'P0001', null, 'no enrolment while conditions are pending');
select is((public.decide_application(pg_temp.app('02'), pg_temp.ver('02'), 'conditions_met', release => true)).state, 'released', 'the conditions are met');
select is(pg_temp.status('02'), 'accepted', 'the place is confirmed');
select ok((select conditions_met_at is not null from public.applications where id = pg_temp.app('02')), 'with the time the conditions were met');
select is((public.transition_application(pg_temp.app('02'), 'enrolled', pg_temp.ver('02'))).status, 'enrolled', 'then the applicant is enrolled');

-- Conditions not met, with the public reason and a private detail.
select tests.authenticate_as('third');
select is((public.respond_to_offer(pg_temp.app('03'), true)).status, 'accepted', 'an unconditional offer is accepted outright');
select tests.authenticate_as('admin');
select throws_ok($$select public.decide_application(pg_temp.app('03'), pg_temp.ver('03'), 'conditions_not_met', reason_id => pg_temp.app('unmet_reason'))$$, 'P0001', null, 'an accepted unconditional place has no conditions to miss');
select is((public.decide_application(pg_temp.app('03'), pg_temp.ver('03'), 'offer_withdrawn', reason_id => pg_temp.app('withdraw_reason'), reason_detail => 'Phone call with the agent on 3 March', release => true)).state, 'released', 'an offer is withdrawn with a reason');
select is(pg_temp.status('03'), 'offer_withdrawn', 'the applicant''s offer is withdrawn');
select is((select outcome_reason from public.applications where id = pg_temp.app('03')), (select public_wording from public.decision_reasons where id = pg_temp.app('withdraw_reason')), 'the applicant reads the public wording');
select is((select count(*) from public.notification_events where application_id = pg_temp.app('03') and fields::text like '%agent%'), 0::bigint, 'the private detail never reaches a letter');

-- Batch intakes hold approved decisions until they are published together.
select tests.clear_authentication();
update public.intakes set release_mode = 'batch', capacity = 10, version = version where id = pg_temp.app('intake');
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id('fourth'), i.course_id, i.id, 'under_review', 'UP-2026-TAPE04', now()
  from public.intakes i where i.id = pg_temp.app('intake');
insert into tap select '04', a.id from public.applications a where a.reference = 'UP-2026-TAPE04';
select tests.authenticate_as('admin');
select is((public.decide_application(pg_temp.app('04'), pg_temp.ver('04'), 'rejected', reason_id => pg_temp.app('reject_reason'), release => true)).state, 'approved', 'on a batch intake the decision is approved and held');
select throws_ok($$select public.release_decision(pg_temp.open_decision('04'), pg_temp.ver('04'))$$, 'P0001', 'Decisions on this intake go out together: publish decisions on the intake once every decision is ready.', 'it cannot be released alone');
select is(pg_temp.status('04'), 'under_review', 'the applicant sees nothing yet');
select throws_ok($$select public.publish_decisions(pg_temp.app('intake'))$$, 'P0001', 'Close the intake before publishing its decisions (it is open).', 'decisions are published once the intake closes');
select is((public.set_intake_status(pg_temp.app('intake'), 'closed')).status, 'closed', 'the administrator closes the intake');
select is(public.publish_decisions(pg_temp.app('intake')), 1, 'publishing releases the held decision');
select is(pg_temp.status('04'), 'rejected', 'and the applicant hears');

-- An open decision overtaken by the applicant is cancelled, saying why.
select tests.clear_authentication();
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id(who), i.course_id, i.id, 'under_review', ref, now()
  from public.intakes i, (values ('fifth', 'UP-2026-TAPE05'), ('third', 'UP-2026-TAPE06')) s (who, ref)
  where i.id = pg_temp.app('intake');
insert into tap select right(a.reference, 2), a.id from public.applications a where a.reference in ('UP-2026-TAPE05', 'UP-2026-TAPE06');
select tests.authenticate_as('counsellor');
select throws_ok($$select public.cancel_decision(gen_random_uuid(), 1)$$, 'P0001', 'Decision not found.', 'an unknown decision is refused');
select is((public.decide_application(pg_temp.app('05'), pg_temp.ver('05'), 'waitlisted')).state, 'recommended', 'a counsellor recommends the waiting list');
select tests.authenticate_as('fifth');
select is((public.withdraw_application(pg_temp.app('05'), 'Going elsewhere')).status, 'withdrawn', 'the applicant withdraws first');
select tests.authenticate_as('counsellor');
select is((select cancel_note from public.application_decisions where application_id = pg_temp.app('05')), 'The application became withdrawn before this decision was released.', 'the recommendation is cancelled and says why');

-- Without approval (DECISION_APPROVAL=none) any member of staff decides and releases.
select tests.authenticate_as_service_role();
select public.set_decision_approval('none');
select tests.authenticate_as('counsellor');
select is((public.decide_application(pg_temp.app('06'), pg_temp.ver('06'), 'rejected', reason_id => pg_temp.app('reject_reason'), release => true)).state, 'released', 'a counsellor decides and releases alone');
select is(pg_temp.status('06'), 'rejected', 'and the applicant hears');
select is(pg_temp.letters('06'), 1::bigint, 'by letter');

select * from finish();
rollback;
