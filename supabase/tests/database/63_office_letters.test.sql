-- The cycle as an office meets it: formal letters stand alone (never gathered into an update digest),
-- a withdrawal is confirmed to the applicant and told to the assignee, a request for action resolves
-- once the applicant has answered it, and the audit log finds applicants by name and e-mail.
begin;
select plan(37);
update public.notification_events set composed_at = now() where composed_at is null;
select tests.create_user('zoe');
select tests.create_user('yan');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();
update public.intakes set capacity = 10, reply_by = current_date + 90 where term = 'Tap Open Term';
update public.profiles set full_name = 'Zoë Müller' where id = tests.user_id('zoe');
create temp table tap (k text primary key, v uuid);
insert into public.document_requirements (course_id, kind, description, required)
  select i.course_id, 'transcript', 'tap', true from public.intakes i where i.term = 'Tap Open Term';
-- Zoë applies to three intakes of the course (one application each); Yan shares her offer's intake,
-- so that moving every offer of an intake meets an accepted one and one still waiting.
insert into public.intakes (course_id, term, start_date, deadline, status, capacity, reply_by)
  select i.course_id, t, i.start_date + n * 120, i.deadline + n * 120, 'open', 10, i.reply_by + n * 120
  from public.intakes i, (values ('Tap Second Term', 1), ('Tap Third Term', 2)) s (t, n) where i.term = 'Tap Open Term';
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, answers, assigned_to)
  select tests.user_id(who), i.course_id, i.id, 'under_review', ref, now(),
    jsonb_build_object('personal', jsonb_build_object('full_name', name)), tests.user_id('counsellor')
  from public.intakes i join (values ('UP-2026-OFFL01', 'zoe', 'Zoë Müller', 'Tap Second Term'),
    ('UP-2026-OFFL02', 'zoe', 'Zoë Müller', 'Tap Open Term'), ('UP-2026-OFFL03', 'zoe', 'Zoë Müller', 'Tap Third Term'),
    ('UP-2026-OFFL04', 'yan', 'Yan Li', 'Tap Open Term')) s (ref, who, name, term) on i.term = s.term;
insert into tap select lower(right(a.reference, 2)), a.id from public.applications a where a.reference like 'UP-2026-OFFL0%';
insert into storage.objects (bucket_id, name, owner, metadata)
  select 'application-documents', a.applicant_id || '/' || a.id || '/' || gen_random_uuid() || '-' || k || '.pdf',
    a.applicant_id, '{"size": 2048, "mimetype": "application/pdf"}'
  from public.applications a, unnest(array['passport', 'transcript', 'passport2']) k where a.reference like 'UP-2026-OFFL0%';
insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type, status)
  select a.id, o.kind, o.name, o.kind || '.pdf', 2048, 'application/pdf', 'verified'
  from public.applications a
  join (select name, case when name like '%-transcript.pdf' then 'transcript' else 'passport' end kind
    from storage.objects where name not like '%-passport2.pdf') o on o.name like a.applicant_id || '/' || a.id || '/%'
  where a.reference in ('UP-2026-OFFL02', 'UP-2026-OFFL03', 'UP-2026-OFFL04');
insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type, status, rejection_reason)
  select a.id, 'passport', o.name, 'passport.pdf', 2048, 'application/pdf', 'rejected', 'Blurred'
  from public.applications a join storage.objects o on o.name like a.applicant_id || '/' || a.id || '/%-passport.pdf'
  where a.reference = 'UP-2026-OFFL01';
grant select on tap to anon, authenticated, service_role;
create function pg_temp.app(key text) returns uuid language sql stable as $$ select v from pg_temp.tap where k = key $$;
create function pg_temp.ver(key text) returns integer language sql stable security definer as
  $$ select a.version from public.applications a where a.id = (select v from pg_temp.tap where k = key) $$;
create function pg_temp.status(key text) returns text language sql stable security definer as
  $$ select a.status from public.applications a where a.id = (select v from pg_temp.tap where k = key) $$;
create function pg_temp.object(key text, file text) returns text language sql stable security definer as
  $$ select o.name from storage.objects o join public.applications a on o.name like a.applicant_id || '/' || a.id || '/%-' || file
     where a.id = (select v from pg_temp.tap where k = key) $$;

-- Letters stand alone: an offer and a routine update about one application, in the same minute.
select public.queue_event(tests.user_id('zoe'), pg_temp.app('02'), 'application_submitted', '{}');
select tests.authenticate_as('admin');
select is((public.decide_application(pg_temp.app('02'), pg_temp.ver('02'), 'offer_unconditional', release => true)).state, 'released', 'an offer is released beside a routine update');
select tests.clear_authentication();
select is(public.compose_notifications(120), 1, 'the offer letter is composed at once, without waiting for the quiet window');
select is((select kind || ' / ' || subject from public.notification_outbox where application_id = pg_temp.app('02')),
  'decision_offer_unconditional / Your offer: UP-2026-OFFL02',
  'as a message of its own whose subject names the decision');
select is(public.compose_notifications(0), 1, 'the routine update goes out when its window ends');
select is((select count(*) from public.notification_outbox where application_id = pg_temp.app('02') and kind = 'application_updates'), 0::bigint, 'and no digest gathers the letter');
select tests.authenticate_as('zoe');
select is((public.respond_to_offer(pg_temp.app('02'), true)).status, 'accepted', 'the applicant accepts');
select tests.clear_authentication();
select public.queue_event(tests.user_id('zoe'), pg_temp.app('02'), 'application_submitted', '{"note": "again"}');
select is(public.compose_notifications(120), 1, 'the confirmation of the reply is composed at once too');
select is((select count(*) from public.notification_outbox where application_id = pg_temp.app('02') and kind = 'offer_accepted'), 1::bigint, 'on its own');
select ok((select bool_and(stands_alone) from public.message_templates where key like 'decision\_%' or key in ('offer_accepted', 'offer_declined', 'application_withdrawn', 'application_enrolled')), 'every decision letter, reply confirmation, enrolment and withdrawal stands alone');
select ok((select not bool_or(stands_alone) from public.message_templates where key in ('document_rejected', 'application_action_required', 'new_message', 'application_submitted')), 'routine updates are still gathered');

-- A withdrawal: the applicant's confirmation, a letter of its own, and a word to the assignee.
select tests.authenticate_as('zoe');
select is((public.withdraw_application(pg_temp.app('03'), 'I chose another university')).status, 'withdrawn', 'the applicant withdraws');
select tests.clear_authentication();
select is((select fields ->> 'reason' from public.notification_events where application_id = pg_temp.app('03') and template_key = 'application_withdrawn' and recipient_id = tests.user_id('zoe')), 'I chose another university', 'the confirmation repeats the reason');
select is((select count(*) from public.notification_events where application_id = pg_temp.app('03') and template_key = 'staff_application_withdrawn' and recipient_id = tests.user_id('counsellor')), 1::bigint, 'and the assignee is told');
select is(public.compose_notifications(120), 1, 'the confirmation goes out at once');
select is((select subject from public.notification_outbox where application_id = pg_temp.app('03') and kind = 'application_withdrawn'), 'You withdrew your application UP-2026-OFFL03', 'naming what it confirms');

-- A request for action resolves once answered: the rejected passport and the missing transcript.
select tests.authenticate_as('counsellor');
select is((public.transition_application(pg_temp.app('01'), 'action_required', pg_temp.ver('01'), 'Send a sharper passport and your transcript.')).status, 'action_required', 'staff ask for two documents');
select tests.authenticate_as('zoe');
insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type)
  values (pg_temp.app('01'), 'passport', pg_temp.object('01', 'passport2.pdf'), 'passport.pdf', 2048, 'application/pdf');
select is(pg_temp.status('01'), 'action_required', 'one of two documents leaves the request open');
select lives_ok($$select public.post_application_message(pg_temp.app('01'), 'The transcript comes next week.')$$, 'a reply while a document is missing');
select is(pg_temp.status('01'), 'action_required', 'does not close it either');
insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type)
  values (pg_temp.app('01'), 'transcript', pg_temp.object('01', 'transcript.pdf'), 'transcript.pdf', 2048, 'application/pdf');
select is(pg_temp.status('01'), 'under_review', 'the last document asked for sends it back to review');
select tests.clear_authentication();
select is((select actor_kind || ': ' || note from public.application_status_history where application_id = pg_temp.app('01') order by id desc limit 1), 'applicant: The applicant sent every document asked for.', 'the history says who moved it and why');
select is((select fields ->> 'answer' from public.notification_events where application_id = pg_temp.app('01') and template_key = 'staff_action_answered' and recipient_id = tests.user_id('counsellor')), 'sent every document asked for', 'and the assignee is told');
-- A request that asked for no document: the applicant's reply answers it.
select tests.authenticate_as('counsellor');
select is((public.transition_application(pg_temp.app('01'), 'action_required', pg_temp.ver('01'), 'Tell us about your gap year.')).status, 'action_required', 'staff ask a question');
select tests.authenticate_as('zoe');
select lives_ok($$select public.post_application_message(pg_temp.app('01'), 'I worked at a clinic in Lagos.')$$, 'the applicant replies');
select is(pg_temp.status('01'), 'under_review', 'and the application is back under review');

-- Reply-by dates: one offer moved (with its own letter), refusals, and every open offer of an intake.
select tests.authenticate_as('admin');
select is((public.decide_application(pg_temp.app('04'), pg_temp.ver('04'), 'offer_unconditional', release => true)).state, 'released', 'an offer is released');
select is((select reply_by from public.applications where id = pg_temp.app('04')), current_date + 90, 'with the intake''s reply-by date');
select tests.authenticate_as('counsellor');
select is((public.set_offer_reply_by(pg_temp.app('04'), current_date + 120, pg_temp.ver('04'), 'Extended while your visa is processed.')).reply_by, current_date + 120, 'staff extend one offer');
select throws_ok($$select public.set_offer_reply_by(pg_temp.app('04'), current_date - 1, pg_temp.ver('04'))$$, '22023', 'Choose a reply-by date from today on.', 'never into the past');
select throws_ok($$select public.set_offer_reply_by(pg_temp.app('04'), current_date + 30, pg_temp.ver('04') - 1)$$, 'PT409', null, 'a stale form is refused');
select throws_ok($$select public.set_offer_reply_by(pg_temp.app('01'), current_date + 30, pg_temp.ver('01'))$$, 'P0001', 'Only an offer waiting for a reply has a reply-by date to change.', 'an application without an open offer has no reply-by to move');
select throws_ok($$select public.move_intake_offers_reply_by((select intake_id from public.applications where id = pg_temp.app('04')), current_date + 60)$$, '42501', null, 'a counsellor cannot move every offer of an intake');
select tests.clear_authentication();
select is((select fields ->> 'previous_reply_by' || ' → ' || (fields ->> 'note') from public.notification_events where application_id = pg_temp.app('04') and template_key = 'offer_reply_by_changed'), to_char(current_date + 90, 'FMDD FMMonth YYYY') || ' → Extended while your visa is processed.', 'the letter gives the old date and the note');
select tests.authenticate_as('admin');
select is(public.move_intake_offers_reply_by((select intake_id from public.applications where id = pg_temp.app('04')), current_date + 60), 1, 'moving the intake''s offers moves the one still waiting for a reply, not the accepted one');
select tests.clear_authentication();
select is((select count(*) from public.notification_events where application_id = pg_temp.app('04') and template_key = 'offer_reply_by_changed'), 2::bigint, 'each move has its letter');

-- The audit log finds the applicant's applications by name and e-mail, accents ignored.
select tests.authenticate_as('admin');
select ok((select count(*) from public.audit_entries(search => 'zoe muller')) > 0, 'a search for the applicant''s name without accents finds the entries about their applications');
select ok((select bool_and(application_id in (pg_temp.app('01'), pg_temp.app('02'), pg_temp.app('03'), pg_temp.app('04'))) from public.audit_entries(search => 'zoe@tap')), 'and their e-mail finds only those');

select * from finish();
rollback;
