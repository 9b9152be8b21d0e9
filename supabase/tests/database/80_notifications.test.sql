-- Messages: public.message_templates and public.message_template_versions (admins edit the words,
-- never the fields), public.notification_events (written by the database only), the composer that
-- makes one message per person and application, public.email_preferences and
-- public.staff_notification_settings, and the outbox's retries.
begin;
select plan(65);
-- The seed's own letters (demo submissions and decisions) are not this file's business.
update public.notification_events set composed_at = now() where composed_at is null;
select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id('owner'), i.course_id, i.id, 'under_review', 'UP-2026-TAPF01', now()
  from public.intakes i where i.term = 'Tap Open Term';
create temp table tap (k text primary key, v text);
insert into tap select 'app', a.id::text from public.applications a where a.reference = 'UP-2026-TAPF01';
insert into public.message_templates (key, audience, essential, description, fields, subject, summary, body_text, body_html) values
  ('tap_note', 'applicant', true, 'A test event.', '{recipient_name,reference,detail}', 'About {{reference}}',
    'Note on {{reference}}', E'Hello {{recipient_name}},\n{{detail}}', '<p>Hello {{recipient_name}}, {{detail}}</p>'),
  ('tap_nudge', 'applicant', false, 'A reminder.', '{reference}', 'Reminder for {{reference}}', 'Reminder',
    'Do it.', '<p>Do it.</p>'),
  ('tap_staff', 'staff', true, 'A staff event.', '{reference}', 'Staff: {{reference}}', 'Staff note {{reference}}',
    'Look at {{reference}}.', '<p>Look at {{reference}}.</p>');
grant select on tap to anon, authenticated, service_role;
create function pg_temp.outbox(person text) returns bigint language sql stable security definer as
  $$ select count(*) from public.notification_outbox o where o.recipient = person || '@tap.test' $$;
grant execute on all functions in schema pg_temp to anon, authenticated, service_role;

-- Who reads and writes what.
select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.message_templates$$, '42501', null, 'anon cannot read templates');
select throws_ok($$select 1 from public.notification_events$$, '42501', null, 'anon cannot read events');
select throws_ok($$select 1 from public.email_preferences$$, '42501', null, 'anon cannot read preferences');
select is(public.unsubscribe_reminders('not-a-token'), false, 'a malformed unsubscribe token does nothing');

select tests.authenticate_as('owner');
select is(tests.row_count($$select 1 from public.message_templates$$), 0, 'an applicant reads no template');
select is(tests.row_count($$select 1 from public.message_template_versions$$), 0, 'nor their versions');
select is(tests.row_count($$select 1 from public.notification_events$$), 0, 'nor any event');
select is((select reminders from public.my_email_preferences()), true, 'reminders are on until turned off');
select is(tests.row_count($$select 1 from public.email_preferences$$), 1, 'the applicant reads their own preferences');
select is(tests.row_count($$update public.email_preferences set reminders = false$$), 1, 'and turns reminders off');
select throws_ok($$select unsubscribe_token from public.email_preferences$$, '42501', null, 'the unsubscribe token stays out of the API');
select is(tests.row_count($$update public.message_templates set subject = 'Hacked', version = version$$), 0, 'an applicant changes no template');
select throws_ok($$insert into public.staff_notification_settings (user_id, delivery) values (auth.uid(), 'daily')$$, '42501', null, 'an applicant has no staff notification settings');

select tests.authenticate_as('other');
select is(tests.row_count($$select 1 from public.email_preferences$$), 0, 'another applicant reads no one else''s preferences');
select is(tests.row_count($$update public.email_preferences set reminders = true$$), 0, 'nor changes them');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.message_templates$$), 0, 'a counsellor reads no template');
select is(tests.row_count($$insert into public.staff_notification_settings (user_id, delivery) values (auth.uid(), 'daily')$$), 1, 'a counsellor chooses a daily digest');
select is(tests.row_count($$update public.staff_notification_settings set delivery = 'immediate' where user_id <> auth.uid()$$), 0, 'for themselves only');

select tests.authenticate_as('admin');
select ok(tests.row_count($$select 1 from public.message_templates$$) >= 6, 'an administrator reads the templates');
select is(tests.row_count($$update public.message_templates set subject = 'News about {{reference}}', version = 1 where key = 'tap_note'$$), 1, 'and edits one, naming the version read');
select is(tests.row_count($$select 1 from public.message_template_versions where template_key = 'tap_note'$$), 2, 'every edit is kept as a version');
select is((select entity_id from public.audit_log where entity = 'message_templates' order by id desc limit 1), 'tap_note', 'the audit log names the template by its key');
select is((select count(*) from public.audit_log where entity = 'message_templates' and actor = tests.user_id('admin')), 1::bigint, 'and records the edit');
select throws_ok($$update public.message_templates set subject = 'Old page', version = 1 where key = 'tap_note'$$, 'PT409', null, 'an edit from an old page is refused');
select throws_like($$update public.message_templates set body_text = 'Hi {{first_name}}', version = 2 where key = 'tap_note'$$, 'The plain-text body uses unknown merge field(s) {{first_name}}.%', 'an unknown merge field is refused, naming it');
select throws_like($$update public.message_templates set subject = 'Hi {{recipient name}}', version = 2 where key = 'tap_note'$$, 'The subject has a broken merge field%', 'a broken merge field is refused');
select throws_like($$update public.message_templates set body_html = '<p onclick="x()">Hi</p>', version = 2 where key = 'tap_note'$$, 'The HTML body may not use the onclick attribute on <p>%', 'HTML that could run code is refused, naming what');
select throws_like($$update public.message_templates set body_html = '<p>Hi <script>alert(1)</script></p>', version = 2 where key = 'tap_note'$$, 'The HTML body may not use <script>%', 'a script is refused');
select is((select count(*) from unnest(array[
    '<script>alert(1)</script>', '<SCRIPT SRC=//x.test/a.js></SCRIPT>', '<svg/onload=alert(1)>', '<svg><g onload="x"/></svg>',
    '<img src="x" onerror="alert(1)">', '<iframe src="https://x.test"></iframe>', '<form action="https://x.test"><input name="password"></form>',
    '<meta http-equiv="refresh" content="0;url=https://x.test">', '<base href="https://x.test/">', '<a href="javascript:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>', E'<a href="java\tscript:alert(1)">x</a>', '<a href=" JaVaScRiPt:alert(1)">x</a>',
    '<p style="background:url(javascript:alert(1))">x</p>', '<style>p{}</style>', '<!--[if mso]><script>x</script><![endif]-->',
    '<object data="x"></object>', '<a href="data:text/html,<script>x</script>">x</a>', '<p>unclosed', '<x:script xmlns:x="http://www.w3.org/1999/xhtml">1</x:script>'
  ]) payload where public.html_refusal(payload) is null), 0::bigint, 'every kind of active HTML is refused');
select is(public.html_refusal('<h2>Hello {{recipient_name}},</h2><p>See <a href="{{application_url}}">your application</a>&nbsp;now.<br>Or write to <a href="mailto:admissions@example.edu">us</a>.</p><hr><ul><li>One</li></ul>'), null, 'a plain letter with links, breaks and entities is accepted');
select throws_ok($$update public.message_templates set fields = '{recipient_name,reference,detail,secret}', version = 2 where key = 'tap_note'$$, '42501', null, 'the fields are not an administrator''s to change');
select is((select subject from public.message_templates where key = 'tap_note'), 'News about {{reference}}', 'nothing refused was saved');

-- Rendering.
select tests.clear_authentication();
select is((select body_html from public.render_template('tap_note', '{"recipient_name": "Zoë <b>", "detail": "line one\nline two"}')), '<p>Hello Zoë &lt;b&gt;, line one<br>line two</p>', 'HTML escapes what people typed and keeps their line breaks');
select is((select body_text from public.render_template('tap_note', '{"recipient_name": "Zoë <b>", "detail": "x"}')), E'Hello Zoë <b>,\nx', 'plain text keeps it as typed');

-- Composing: one message per person and application once the events are quiet.
select public.queue_event(tests.user_id('owner'), (select v::uuid from tap where k = 'app'), 'tap_note', '{"detail": "Your passport was rejected."}');
select public.queue_event(tests.user_id('owner'), (select v::uuid from tap where k = 'app'), 'tap_note', '{"detail": "Your passport was rejected."}');
select public.queue_event(tests.user_id('owner'), (select v::uuid from tap where k = 'app'), 'tap_note', '{"detail": "Send a new transcript."}');
select is(public.compose_notifications(120), 0, 'nothing goes out while the events are fresh');
select is(public.compose_notifications(0), 1, 'once quiet, the events become one message');
select is(pg_temp.outbox('owner'), 1::bigint, 'one message, not three');
select is((select subject from public.notification_outbox where recipient = 'owner@tap.test'), '2 updates on your application UP-2026-TAPF01', 'listing the two different updates');
select is((select count(*) from public.notification_events where skipped = 'duplicate'), 1::bigint, 'the repeated event is recorded as a duplicate');
select ok((select body like '%passport was rejected%transcript%' and body_html like '%<hr>%' from public.notification_outbox where recipient = 'owner@tap.test'), 'with the words of each, in text and HTML');
select is(public.compose_notifications(0), 0, 'composing again sends nothing twice');

-- Preferences and digests.
select public.queue_event(tests.user_id('owner'), (select v::uuid from tap where k = 'app'), 'tap_nudge', '{}');
select is(public.compose_notifications(0), 1, 'a reminder is composed');
select is((select skipped from public.notification_events where template_key = 'tap_nudge'), 'unsubscribed', 'and dropped: the applicant turned reminders off');
select public.queue_event(tests.user_id('counsellor'), (select v::uuid from tap where k = 'app'), 'tap_staff', '{}');
select is(public.compose_notifications(0), 0, 'staff who chose a digest get nothing at once');
select is(public.compose_staff_digests(), 1, 'their daily digest gathers it');
select is((select subject from public.notification_outbox where recipient = 'counsellor@tap.test'), 'Staff: UP-2026-TAPF01', 'as one message');
select is(public.compose_staff_digests(), 0, 'and not again the same day');

-- Sending: retries with back-off, then a failure administrators can see and resend.
select is((select count(*) from public.claim_notifications(100) where recipient = 'owner@tap.test'), 1::bigint, 'a sender claims the message');
select public.release_notification((select id from public.notification_outbox where recipient = 'owner@tap.test'), 'connection refused', 2);
select ok((select next_attempt_at > now() and failed_at is null and sent_at is null from public.notification_outbox where recipient = 'owner@tap.test'), 'a failed send waits before the next attempt');
update public.notification_outbox set next_attempt_at = now() where recipient = 'owner@tap.test';
select is((select count(*) from public.claim_notifications(100) where recipient = 'owner@tap.test'), 1::bigint, 'and is claimed again when due');
select public.release_notification((select id from public.notification_outbox where recipient = 'owner@tap.test'), 'connection refused', 2);
select ok((select failed_at is not null from public.notification_outbox where recipient = 'owner@tap.test'), 'after the last attempt it is marked failed');
select tests.authenticate_as('admin');
select is((public.retry_notification((select id from public.notification_outbox where recipient = 'owner@tap.test'))).attempts, 0, 'an administrator sends it again');


-- One group that cannot be composed is set aside; the others go out, and administrators see why.
select tests.clear_authentication();
update public.notification_events set composed_at = now() where composed_at is null;
select public.queue_event(tests.user_id('other'), null, 'tap_note', jsonb_build_object('detail', repeat('x', 40001)));
select public.queue_event(tests.user_id('owner'), (select v::uuid from tap where k = 'app'), 'tap_note', '{"detail": "Fine."}');
select is(public.compose_notifications(0), 1, 'the composer goes past a group that raises');
select is((select count(*) from public.notification_outbox where recipient = 'owner@tap.test' and body like '%Fine.%'), 1::bigint, 'and composes the others');
select is((select skipped from public.notification_events where recipient_id = tests.user_id('other') order by id desc limit 1), 'failed', 'the failed events are marked so');
select is((select job || ' ' || failures from public.job_failures where recipient_id = tests.user_id('other')), 'compose 1', 'and recorded once');
select ok((select error like '%notification_outbox_body_check%' from public.job_failures where recipient_id = tests.user_id('other')), 'with the error');
select is(public.compose_notifications(0), 0, 'a failed group is not tried again on every sweep');
-- A subject made long by what someone typed is cut to fit, not refused.
select public.queue_event(tests.user_id('owner'), null, 'tap_note', jsonb_build_object('reference', repeat('R', 240)));
select is(public.compose_notifications(0), 1, 'a subject longer than the outbox keeps is composed');
select is((select char_length(subject) || ' ' || right(subject, 1) from public.notification_outbox where recipient = 'owner@tap.test' and subject like '%RRRR%'), '200 …', 'cut to 200 characters with an ellipsis');

select tests.authenticate_as('owner');
select is(tests.row_count($$select 1 from public.job_failures$$), 0, 'an applicant sees no background failure');
select throws_ok($$select public.retry_job_failure((select min(id) from public.job_failures))$$, '42501', null, 'nor retries one');
select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.job_failures$$), 0, 'nor does a counsellor');
select tests.authenticate_as('admin');
select is((public.retry_job_failure((select id from public.job_failures where recipient_id = tests.user_id('other')))).job, 'compose', 'an administrator retries it');
select tests.clear_authentication();
select is((select count(*) from public.notification_events where recipient_id = tests.user_id('other') and composed_at is null), 1::bigint, 'its events wait for the composer again');

select * from finish();
rollback;
