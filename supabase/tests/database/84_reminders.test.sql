-- Reminders (queue_reminders, reminders_sent) and staff notifications (assigned to me, a document
-- uploaded, an offer accepted or declined), through the notification core's events and composer.
begin;
select plan(67);
select tests.create_user('owner');
select tests.create_user('late');
select tests.create_user('offered');
select tests.create_user('asked');
select tests.create_user('decliner');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('reviewer', 'counsellor');
select tests.create_catalogue();
update public.profiles set full_name = 'Cora Counsellor' where id = tests.user_id('counsellor');
create temp table tap (k text primary key, v text);
insert into tap select 'deadline', deadline::text from public.intakes where term = 'Tap Open Term';
-- A draft begun today; another begun two days before the deadline.
insert into public.applications (applicant_id, course_id, intake_id)
  select tests.user_id('owner'), i.course_id, i.id from public.intakes i where i.term = 'Tap Open Term';
insert into public.applications (applicant_id, course_id, intake_id, created_at)
  select tests.user_id('late'), i.course_id, i.id, i.deadline - 2 from public.intakes i where i.term = 'Tap Open Term';
-- An offer with a reply-by date in 30 days, assigned to the reviewer.
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, decided_at, reply_by, assigned_to)
  select tests.user_id('offered'), i.course_id, i.id, 'offer_unconditional', 'UP-2026-TAPR01', now(), now(), current_date + 30, tests.user_id('reviewer')
  from public.intakes i where i.term = 'Tap Open Term';
-- A conditional offer, far from its reply-by date.
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, decided_at, reply_by, offer_conditions, assigned_to)
  select tests.user_id('decliner'), i.course_id, i.id, 'offer_conditional', 'UP-2026-TAPR03', now(), now(), current_date + 90, 'A first-class degree.', tests.user_id('reviewer')
  from public.intakes i where i.term = 'Tap Open Term';
-- An application under review.
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id('asked'), i.course_id, i.id, 'under_review', 'UP-2026-TAPR02', now()
  from public.intakes i where i.term = 'Tap Open Term';
insert into tap select 'draft', id::text from public.applications where applicant_id = tests.user_id('owner');
insert into tap select 'late', id::text from public.applications where applicant_id = tests.user_id('late');
insert into tap select 'offer', id::text from public.applications where reference = 'UP-2026-TAPR01';
insert into tap select 'asked', id::text from public.applications where reference = 'UP-2026-TAPR02';
grant select on tap to anon, authenticated, service_role;
-- queue_reminders at noon on the given day: how many reminders it queued for this file's applications
-- (the seeded database has applications of its own).
create function pg_temp.mine() returns bigint language sql stable as
  $$ select count(*) from public.reminders_sent where application_id in (select v::uuid from pg_temp.tap where k in ('draft', 'late', 'offer', 'asked')) $$;
create function pg_temp.run(day date) returns integer language plpgsql as $$
declare
  before bigint := pg_temp.mine();
begin
  perform public.queue_reminders(day + time '12:00');
  return pg_temp.mine() - before;
end
$$;
create function pg_temp.events(template text, person text) returns bigint language sql stable security definer as
  $$ select count(*) from public.notification_events e where e.template_key = template and e.recipient_id = tests.user_id(person) $$;
grant execute on all functions in schema pg_temp to anon, authenticated, service_role;

-- Who may run and read what.
select ok(not (select essential from public.message_templates where key = 'reminder_draft_deadline')
  and not (select essential from public.message_templates where key = 'reminder_offer_reply')
  and not (select essential from public.message_templates where key = 'reminder_documents_missing'), 'reminders are not essential, so people may turn them off');
select tests.authenticate_as_anon();
select throws_ok($$select public.queue_reminders()$$, '42501', null, 'anon cannot run the reminders');
select tests.authenticate_as('owner');
select throws_ok($$select public.queue_reminders()$$, '42501', null, 'nor can an applicant');
select tests.clear_authentication();

-- Drafts: 14, 3 and 1 days before the deadline, each once.
select is(pg_temp.run((select v::date - 15 from tap where k = 'deadline')), 0, '15 days before the deadline: no reminder');
select is(pg_temp.run((select v::date - 14 from tap where k = 'deadline')), 1, '14 days before: one reminder');
select is(pg_temp.run((select v::date - 14 from tap where k = 'deadline')), 0, 'running the job again that day queues nothing more');
select is(pg_temp.run((select v::date - 13 from tap where k = 'deadline')), 0, '13 days before: nothing');
select is(pg_temp.run((select v::date - 4 from tap where k = 'deadline')), 0, '4 days before: nothing');
select is(pg_temp.run((select v::date - 3 from tap where k = 'deadline')), 1, '3 days before: one reminder');
select is(pg_temp.run((select v::date - 2 from tap where k = 'deadline')), 0, '2 days before: nothing (the late draft did not exist 3 days before)');
select is(pg_temp.run((select v::date - 1 from tap where k = 'deadline')), 2, '1 day before: one for each draft');
select is(pg_temp.run((select v::date from tap where k = 'deadline')), 0, 'on the deadline: nothing more');
select is(pg_temp.run((select v::date + 1 from tap where k = 'deadline')), 0, 'after the deadline: nothing');
select is(pg_temp.events('reminder_draft_deadline', 'owner'), 3::bigint, 'the owner had three draft reminders in all');
select is(pg_temp.events('reminder_draft_deadline', 'late'), 1::bigint, 'the late draft one');
select is((select array_agg(step order by step::int desc) from public.reminders_sent where application_id = (select v::uuid from tap where k = 'draft')), '{14,3,1}'::text[], 'each step is recorded once');
select is((select fields ->> 'due' from public.notification_events where template_key = 'reminder_draft_deadline' order by id limit 1), 'in 14 days', 'the reminder says when applications close');
select ok((select fields ->> 'unsubscribe_url' ~ '/unsubscribe\?token=[0-9a-f]{48}$' from public.notification_events where template_key = 'reminder_draft_deadline' limit 1), 'and carries the link that turns reminders off');
-- A missed day sends the latest step only.
delete from public.reminders_sent where application_id = (select v::uuid from tap where k = 'draft');
select is(pg_temp.run((select v::date - 2 from tap where k = 'deadline')), 1, 'after missed days, only the step due now goes out');
select is((select step from public.reminders_sent where application_id = (select v::uuid from tap where k = 'draft')), '3', 'the 3-day one');
-- Submitted or on a closed intake: nothing.
update public.intakes set status = 'closed' where term = 'Tap Open Term';
delete from public.reminders_sent;
select is(pg_temp.run((select v::date - 1 from tap where k = 'deadline')), 0, 'no draft reminder once the intake is closed');
update public.intakes set status = 'open' where term = 'Tap Open Term';

-- Offers: 7 and 2 days before the reply-by date, while not answered.
select is(pg_temp.run(current_date + 22), 0, '8 days before the reply-by date: no offer reminder');
select is(pg_temp.run(current_date + 23), 1, '7 days before: one');
select is(pg_temp.run(current_date + 23), 0, 'and not again that day');
select is(pg_temp.run(current_date + 27), 0, '3 days before: nothing');
select is(pg_temp.run(current_date + 28), 1, '2 days before: one');
select is(pg_temp.run(current_date + 29), 0, 'the day before: nothing more');
select is(pg_temp.events('reminder_offer_reply', 'offered'), 2::bigint, 'two offer reminders in all');
select is((select fields ->> 'due' from public.notification_events where template_key = 'reminder_offer_reply' order by id desc limit 1), 'in 2 days', 'saying how long is left');

-- Missing documents: 3 days after "action required", then every 7 days, until something is uploaded.
select tests.authenticate_as('counsellor');
select lives_ok($$select public.transition_application((select v::uuid from pg_temp.tap where k = 'asked'), 'action_required', (select version from public.applications where reference = 'UP-2026-TAPR02'), 'Upload a certified copy of your degree.')$$, 'staff ask for a document');
select tests.clear_authentication();
select is(pg_temp.run(current_date + 2), 0, '2 days after: no reminder');
select is(pg_temp.run(current_date + 3), 1, '3 days after: one');
select is(pg_temp.run(current_date + 3), 0, 'and not twice');
select is(pg_temp.run(current_date + 9), 0, '9 days after: nothing');
select is(pg_temp.run(current_date + 10), 1, '10 days after: the next');
select is((select fields ->> 'requested' from public.notification_events where template_key = 'reminder_documents_missing' limit 1), 'Upload a certified copy of your degree.', 'the reminder repeats what was asked');

-- Turning reminders off: the composer drops them; others still get theirs, with the link.
select tests.authenticate_as('asked');
select is(tests.row_count($$update public.email_preferences set reminders = false where user_id = auth.uid()$$), 1, 'an applicant turns reminders off');
select tests.clear_authentication();
select ok(public.compose_notifications(0) >= 3, 'the composer makes the messages');
select is((select count(*) from public.notification_outbox o where o.user_id = tests.user_id('asked') and o.kind like 'reminder%'), 0::bigint, 'no reminder reaches someone who turned them off');
select is((select count(*) from public.notification_events where template_key = 'reminder_documents_missing' and recipient_id = tests.user_id('asked') and skipped is not null and message_id is null), 2::bigint, 'their reminders are recorded as skipped');
select is((select count(*) from public.notification_outbox o where o.user_id = tests.user_id('offered') and o.kind in ('reminder_offer_reply', 'application_updates') and o.unsubscribe_url like '%/unsubscribe?token=%' and o.body like '%/unsubscribe?token=%'), 1::bigint, 'a reminder goes to someone with reminders on, with the unsubscribe link in its header and its words');

-- Staff: assigned by someone else, not by oneself.
select tests.authenticate_as('counsellor');
select lives_ok($$select public.assign_application((select v::uuid from pg_temp.tap where k = 'asked'), tests.user_id('reviewer'), (select version from public.applications where reference = 'UP-2026-TAPR02'))$$, 'a counsellor assigns an application to a colleague');
select lives_ok($$select public.assign_application((select v::uuid from pg_temp.tap where k = 'asked'), tests.user_id('counsellor'), (select version from public.applications where reference = 'UP-2026-TAPR02'))$$, 'and then takes it themselves');
select tests.clear_authentication();
select is(pg_temp.events('staff_assigned', 'reviewer'), 1::bigint, 'the colleague hears it is assigned to them');
select is((select fields ->> 'assigned_by' from public.notification_events where template_key = 'staff_assigned'), 'Cora Counsellor', 'and by whom');
select is(pg_temp.events('staff_assigned', 'counsellor'), 0::bigint, 'taking one yourself sends nothing');
select tests.authenticate_as('reviewer');
select is(public.triage_applications(array[(select id from public.applications where reference = 'UP-2026-TAPR01')], tests.user_id('counsellor')), 1, 'a colleague triages an application to the counsellor');
select tests.clear_authentication();
select is(pg_temp.events('staff_assigned', 'counsellor'), 1::bigint, 'the triaged application is announced to its new reviewer');
select tests.authenticate_as('counsellor');
select lives_ok($$select public.assign_application((select id from public.applications where reference = 'UP-2026-TAPR01'), tests.user_id('reviewer'), (select version from public.applications where reference = 'UP-2026-TAPR01'))$$, 'and handed back');
select tests.clear_authentication();

-- The applicant uploads a document: the assigned reviewer hears, nobody else.
insert into tap select 'path', tests.user_id('asked') || '/' || v || '/00000000-0000-4000-8000-000000000009-degree.pdf' from tap where k = 'asked';
insert into storage.objects (bucket_id, name, owner, metadata)
  select 'application-documents', v, tests.user_id('asked'), '{"size": 2048, "mimetype": "application/pdf"}' from tap where k = 'path';
select tests.authenticate_as('asked');
select is(tests.row_count($$insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type) select (select v::uuid from pg_temp.tap where k = 'asked'), 'transcript', v, 'degree.pdf', 2048, 'application/pdf' from pg_temp.tap where k = 'path'$$), 1, 'the applicant uploads a document');
select tests.clear_authentication();
select is(pg_temp.events('staff_document_uploaded', 'counsellor'), 1::bigint, 'the assigned reviewer hears of the upload');
select is(pg_temp.events('staff_document_uploaded', 'reviewer'), 0::bigint, 'a former reviewer does not');
select is(pg_temp.run(current_date + 17), 0, 'once something is uploaded the documents reminders stop');

-- Offer replies reach the reviewer.
select tests.authenticate_as('offered');
select lives_ok($$select public.respond_to_offer((select v::uuid from pg_temp.tap where k = 'offer'), true)$$, 'the applicant accepts the offer');
select tests.clear_authentication();
select is(pg_temp.events('staff_offer_accepted', 'reviewer'), 1::bigint, 'the reviewer hears the offer was accepted');
select tests.authenticate_as('decliner');
select lives_ok($$select public.respond_to_offer((select id from public.applications where reference = 'UP-2026-TAPR03'), false)$$, 'another applicant declines theirs');
select tests.clear_authentication();
select is(pg_temp.events('staff_offer_declined', 'reviewer'), 1::bigint, 'the reviewer hears the offer was declined');
select is(pg_temp.events('staff_offer_accepted', 'reviewer'), 1::bigint, 'and nothing about an acceptance');
select is(pg_temp.run(current_date + 29), 0, 'an answered offer gets no reminder');

-- A reviewer on a daily digest: the event waits for compose_staff_digests.
select tests.authenticate_as('reviewer');
select is(tests.row_count($$insert into public.staff_notification_settings (user_id, delivery) values (auth.uid(), 'daily')$$), 1, 'the reviewer chooses a daily digest');
select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.staff_notification_settings$$), 0, 'a colleague does not see that choice');
select tests.authenticate_as('owner');
select is(tests.row_count($$select 1 from public.reminders_sent$$), 0, 'an applicant reads no reminder records');
select tests.clear_authentication();
select public.compose_notifications(0);
select is((select count(*) from public.notification_outbox where user_id = tests.user_id('reviewer') and kind like 'staff_%'), 0::bigint, 'nothing goes to a digest reader as it happens');
select is(public.compose_staff_digests(), 1, 'the digest gathers it');

-- One reminder that raises is rolled back alone and recorded; the next run tries it again.
select is(public.send_reminder((select a.id from public.applications a where a.applicant_id = tests.user_id('owner')),
  tests.user_id('owner'), 'draft_deadline', '99', 'no_such_template', '{}'), false, 'a reminder that raises is not sent');
select is((select count(*) from public.reminders_sent where step = '99'), 0::bigint, 'nor recorded as sent');
select is((select job || ' ' || failures from public.job_failures where item like 'reminder:draft_deadline:%:99'), 'reminder 1', 'but recorded as failed, for administrators');
select * from finish();
rollback;
