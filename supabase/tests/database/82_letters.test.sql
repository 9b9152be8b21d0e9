-- Letters for each event: the producers record notification_events with the fields their template
-- uses (a rejected document names the document and the reason; decision letters carry the public
-- wording of a reason, never the private detail), and the composer turns several changes to one
-- application into one message, never sending the same one twice.
begin;
select plan(52);
-- The seed's own letters (demo submissions and decisions) are not this file's business.
update public.notification_events set composed_at = now() where composed_at is null;
select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();
update public.intakes set capacity = 10, reply_by = current_date + 90 where term = 'Tap Open Term';
update public.profiles set full_name = 'Olive <Owner>' where id = tests.user_id('owner');
create temp table tap (k text primary key, v uuid);
insert into public.document_requirements (course_id, kind, description, required)
  select i.course_id, 'transcript', 'tap', false from public.intakes i where i.term = 'Tap Open Term';
-- One owner, four applications: one per intake of the course, as the database allows.
insert into public.intakes (course_id, term, start_date, deadline, status, capacity, reply_by)
  select i.course_id, 'Tap Term ' || n, i.start_date, i.deadline, 'open', 10, i.reply_by
  from public.intakes i, generate_series(2, 4) n where i.term = 'Tap Open Term';
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, answers)
  select tests.user_id('owner'), i.course_id, i.id, 'under_review', ref, timestamptz '2026-11-20 09:30:00+00', '{"personal": {"full_name": "Olive Owner"}}'
  from public.intakes i join (values ('UP-2026-TAPL01', 'Tap Open Term'), ('UP-2026-TAPL02', 'Tap Term 2'),
    ('UP-2026-TAPL03', 'Tap Term 3'), ('UP-2026-TAPL04', 'Tap Term 4')) s (ref, term) on i.term = s.term;
insert into tap select lower(right(a.reference, 2)), a.id from public.applications a where a.reference like 'UP-2026-TAPL0%';
insert into storage.objects (bucket_id, name, owner, metadata)
  select 'application-documents', a.applicant_id || '/' || a.id || '/00000000-0000-4000-8000-00000000000' || right(a.reference, 1) || '-passport.pdf',
    a.applicant_id, '{"size": 2048, "mimetype": "application/pdf"}'
  from public.applications a where a.reference like 'UP-2026-TAPL0%';
insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type, status)
  select a.id, 'passport', o.name, 'passport.pdf', 2048, 'application/pdf', case when a.reference = 'UP-2026-TAPL01' then 'uploaded' else 'verified' end
  from public.applications a join storage.objects o on o.name like a.applicant_id || '/' || a.id || '/%'
  where a.reference like 'UP-2026-TAPL0%';
insert into tap select 'reject_reason', r.id from public.decision_reasons r where r.outcome = 'rejected' order by r.position limit 1;
insert into tap select 'passport', d.id from public.application_documents d where d.application_id = (select v from tap where k = '01');
grant select on tap to anon, authenticated, service_role;
create function pg_temp.app(key text) returns uuid language sql stable as $$ select v from pg_temp.tap where k = key $$;
create function pg_temp.ver(key text) returns integer language sql stable security definer as
  $$ select a.version from public.applications a where a.id = (select v from pg_temp.tap where k = key) $$;
create function pg_temp.event(key text, template text) returns jsonb language sql stable security definer as
  $$ select e.fields from public.notification_events e where e.application_id = (select v from pg_temp.tap where k = key)
     and e.template_key = template order by e.id desc limit 1 $$;
create function pg_temp.outbox(key text) returns bigint language sql stable security definer as
  $$ select count(*) from public.notification_outbox o where o.application_id = (select v from pg_temp.tap where k = key) $$;
grant execute on all functions in schema pg_temp to anon, authenticated, service_role;

-- Every letter ships with words in plain text and HTML, and uses only its own fields.
select is((select count(*) from public.message_templates where key in ('application_submitted', 'document_rejected',
  'application_action_required', 'decision_offer_conditional', 'decision_offer_unconditional', 'decision_waitlisted',
  'decision_rejected', 'decision_conditions_met', 'decision_conditions_not_met', 'decision_offer_withdrawn',
  'offer_accepted', 'offer_declined', 'application_enrolled', 'place_freed')), 14::bigint, 'every event has its template');
select is((select count(*) from public.message_templates t where exists (select 1 from unnest(public.merge_fields_in(t.subject || t.summary || t.body_text || t.body_html)) f where f <> all (t.fields))), 0::bigint, 'no template uses a field it does not have');
select is((select count(*) from public.message_template_versions where template_key = 'document_rejected'), 1::bigint, 'the shipped words are the first version');

-- The receipt.
select public.queue_submission_email(a) from public.applications a where a.id = pg_temp.app('01');
select is(pg_temp.event('01', 'application_submitted') ->> 'submitted_at', '2026-11-20 09:30', 'the receipt names when the application was submitted');
select is(pg_temp.event('01', 'application_submitted') ->> 'reference', 'UP-2026-TAPL01', 'and its reference');
select is(pg_temp.event('01', 'application_submitted') ->> 'recipient_name', 'Olive <Owner>', 'addressed to the applicant by name');
select is(public.compose_notifications(0), 1, 'the receipt is composed');
select is((select kind || ' / ' || subject from public.notification_outbox where application_id = pg_temp.app('01')), 'application_submitted / We received your application UP-2026-TAPL01', 'a single event keeps its template key as kind');
select ok((select body_html like '%Olive &lt;Owner&gt;%' and body not like '%{{%' from public.notification_outbox where application_id = pg_temp.app('01')), 'names are escaped in HTML and every field is filled');

-- Staff reject a document: the applicant is told which, why, and where to upload a new one.
select tests.authenticate_as('counsellor');
select is((public.review_document(pg_temp.app('passport'), 'rejected', pg_temp.ver('01'), 'The scan is blurred <b>; upload a sharper copy.')).status, 'rejected', 'a counsellor rejects the passport');
select tests.clear_authentication();
select is(pg_temp.event('01', 'document_rejected') ->> 'document', 'passport', 'the letter names the document');
select is(pg_temp.event('01', 'document_rejected') ->> 'reason', 'The scan is blurred <b>; upload a sharper copy.', 'and the reason');
select is(pg_temp.event('01', 'document_rejected') ->> 'reupload_url', 'http://127.0.0.1:4321/applications/' || pg_temp.app('01') || '#documents-' || pg_temp.app('01'), 'and links to the documents of the application page');
select tests.authenticate_as('counsellor');
select is((public.review_document(pg_temp.app('passport'), 'verified', pg_temp.ver('01'))).status, 'verified', 'verifying a document');
select tests.clear_authentication();
select is((select count(*) from public.notification_events where application_id = pg_temp.app('01') and template_key = 'document_rejected'), 1::bigint, 'sends no letter');
select tests.authenticate_as('counsellor');
select is((public.review_document(pg_temp.app('passport'), 'rejected', pg_temp.ver('01'), 'The scan is blurred <b>; upload a sharper copy.')).status, 'rejected', 'the passport is rejected again');

-- Action required lists what is needed: the request and the documents rejected or missing.
select tests.clear_authentication();
update public.document_requirements set required = true where kind = 'transcript' and description = 'tap';
select tests.authenticate_as('counsellor');
select is((public.transition_application(pg_temp.app('01'), 'action_required', pg_temp.ver('01'), 'Please send a sharper passport & your transcript.')).status, 'action_required', 'staff ask for action');
select tests.clear_authentication();
select is(pg_temp.event('01', 'application_action_required') ->> 'request', 'Please send a sharper passport & your transcript.', 'the letter quotes the request');
select is(pg_temp.event('01', 'application_action_required') ->> 'missing_items', E'- Passport: not accepted (The scan is blurred <b>; upload a sharper copy.). Upload a new one.\n- Academic transcript: not uploaded yet.', 'and lists each document needed, with the reason');
select is(pg_temp.event('01', 'application_action_required') ->> 'missing_items_html', '<ul><li>Passport: not accepted (The scan is blurred &lt;b&gt;; upload a sharper copy.). Upload a new one.</li><li>Academic transcript: not uploaded yet.</li></ul>', 'as an HTML list with what people typed escaped');

-- Several changes within the window become one message listing them.
select is(public.compose_notifications(0), 1, 'one group is composed');
select is(pg_temp.outbox('01'), 2::bigint, 'one message besides the receipt, not three');
select is((select kind || ' / ' || subject from public.notification_outbox where application_id = pg_temp.app('01') and kind <> 'application_submitted'), 'application_updates / 2 updates on your application UP-2026-TAPL01', 'listing the updates, the repeated rejection once');
select ok((select body like '%Please upload a new passport%The scan is blurred <b>%Action needed%Academic transcript: not uploaded yet%'
  and body_html like '%<ul><li>Passport: not accepted (The scan is blurred &lt;b&gt;%' and body_html not like '%<b>%'
  from public.notification_outbox where application_id = pg_temp.app('01') and kind = 'application_updates'), 'each with its words, in text and in escaped HTML');
select is(public.compose_notifications(0), 0, 'composing again sends nothing more');
select is(pg_temp.outbox('01'), 2::bigint, 'still two messages');

-- The same change twice (a repeated save) is one message, and the same words never go out twice.
select public.queue_event(tests.user_id('owner'), pg_temp.app('01'), 'document_rejected', '{"document": "passport", "reason": "Too dark.", "reupload_url": "http://x.test/"}');
select public.queue_event(tests.user_id('owner'), pg_temp.app('01'), 'document_rejected', '{"document": "passport", "reason": "Too dark.", "reupload_url": "http://x.test/"}');
select is(public.compose_notifications(0), 1, 'identical events are composed together');
select is((select count(*) from public.notification_outbox where application_id = pg_temp.app('01') and kind = 'document_rejected'), 1::bigint, 'as one message of their own kind');
select public.queue_event(tests.user_id('owner'), pg_temp.app('01'), 'document_rejected', '{"document": "passport", "reason": "Too dark.", "reupload_url": "http://x.test/"}');
select public.compose_notifications(0);
select is((select count(*) from public.notification_outbox where application_id = pg_temp.app('01') and kind = 'document_rejected'), 1::bigint, 'the same message is never sent twice');

update public.document_requirements set required = false where kind = 'transcript' and description = 'tap';

-- Decision letters: the conditions and the reply-by date; the public reason, never the private detail.
select tests.authenticate_as('admin');
select is((public.decide_application(pg_temp.app('02'), pg_temp.ver('02'), 'offer_conditional', conditions => 'IELTS 6.5 overall.', release => true)).state, 'released', 'a conditional offer is released');
select tests.clear_authentication();
select matches(pg_temp.event('02', 'decision_offer_conditional') ->> 'conditions', '^1\. IELTS 6\.5 overall\. \(by [0-9]{1,2} [A-Z][a-z]+ [0-9]{4}\)$', 'its letter has the conditions, each with its deadline');
select is(pg_temp.event('02', 'decision_offer_conditional') ->> 'reply_by', to_char(current_date + 90, 'FMDD FMMonth YYYY'), 'and the reply-by date');
select tests.authenticate_as('admin');
select is((public.decide_application(pg_temp.app('03'), pg_temp.ver('03'), 'rejected', reason_id => pg_temp.app('reject_reason'), reason_detail => 'Secret: the agent vouched against them.', release => true)).state, 'released', 'an unsuccessful outcome is released with a private detail');
select tests.clear_authentication();
select is(pg_temp.event('03', 'decision_rejected') ->> 'reason', (select public_wording from public.decision_reasons where id = pg_temp.app('reject_reason')), 'its letter gives the public wording of the reason');
select is((select count(*) from public.notification_events where application_id = pg_temp.app('03') and fields::text like '%agent%'), 0::bigint, 'never the private detail');
select public.compose_notifications(0);
select ok((select body like '%' || (select public_wording from public.decision_reasons where id = pg_temp.app('reject_reason')) || '%' and body not like '%agent%' and body_html not like '%agent%' from public.notification_outbox where application_id = pg_temp.app('03') and kind = 'decision_rejected'), 'the letter sent has the public wording only');

-- Replies to an offer are confirmed; conditions met and enrolment have their letters.
select tests.authenticate_as('owner');
select is((public.respond_to_offer(pg_temp.app('02'), true)).status, 'conditions_pending', 'the applicant accepts the conditional offer');
select tests.clear_authentication();
select ok(pg_temp.event('02', 'offer_accepted') ->> 'next_step' like '%IELTS 6.5 overall.%', 'the confirmation repeats the conditions still to meet');
select tests.authenticate_as('admin');
select is((public.decide_application(pg_temp.app('02'), pg_temp.ver('02'), 'conditions_met', release => true)).state, 'released', 'the conditions are met');
select is((public.transition_application(pg_temp.app('02'), 'enrolled', pg_temp.ver('02'))).status, 'enrolled', 'and the applicant enrolled');
select tests.clear_authentication();
select is(pg_temp.event('02', 'decision_conditions_met') ->> 'next_step', 'Your place is confirmed. Admissions will send your enrolment instructions.', 'the conditions-met letter says the place is confirmed');
select ok(pg_temp.event('02', 'application_enrolled') is not null, 'enrolment is confirmed by letter');
select tests.authenticate_as('admin');
select is((public.decide_application(pg_temp.app('04'), pg_temp.ver('04'), 'offer_unconditional', release => true)).state, 'released', 'an unconditional offer is released');
select tests.authenticate_as('owner');
select is((public.respond_to_offer(pg_temp.app('04'), false)).status, 'declined', 'and declined');
select tests.clear_authentication();
select ok(pg_temp.event('04', 'offer_declined') is not null, 'the applicant gets a confirmation of declining');

-- Nobody reads the events through the API but administrators.
select tests.authenticate_as('other');
select is(tests.row_count($$select 1 from public.notification_events$$), 0, 'another applicant reads no event');
select tests.authenticate_as('owner');
select is(tests.row_count($$select 1 from public.notification_events$$), 0, 'nor does the applicant, even their own');

-- Administrators preview a template on a real application; nobody else does.
select throws_ok($$select * from public.preview_message_template('document_rejected', 'UP-2026-TAPL01')$$, '42501', null, 'an applicant cannot preview templates');
select tests.authenticate_as('counsellor');
select throws_ok($$select * from public.preview_message_template('document_rejected', 'UP-2026-TAPL01')$$, '42501', null, 'nor can a counsellor');
select tests.authenticate_as('admin');
select is((select subject from public.preview_message_template('document_rejected', 'up-2026-tapl01 ')), 'Please upload a new passport: UP-2026-TAPL01', 'an administrator previews on a real application, by its reference');
select ok((select body_html like '%Olive &lt;Owner&gt;%' from public.preview_message_template('document_rejected', 'UP-2026-TAPL01')), 'with the applicant''s name escaped in HTML');
select throws_ok($$select * from public.preview_message_template('document_rejected', 'UP-2026-NOPE00')$$, 'P0001', 'No submitted application has the reference UP-2026-NOPE00.', 'an unknown reference is refused, naming it');

select * from finish();
rollback;
