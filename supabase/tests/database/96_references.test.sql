-- References: public.reference_requests, public.reference_tokens, public.reference_letters and
-- public.reference_reminders_sent. The applicant asks, reminds, replaces, withdraws and reuses; the
-- referee acts only through the link's token; staff read every letter, the applicant only one they did
-- not waive; tokens exist only as hashes; reminders go once per step and stop when the letter is in.
begin;
select plan(128);
select tests.create_user('owner1');
select tests.create_user('owner2');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();

update public.intakes set references_min = 1, references_max = 2 where term = 'Tap Open Term';
insert into public.intakes (course_id, term, start_date, deadline, status, references_min, references_max)
  select i.course_id, 'Tap Reference Term', current_date + 150, current_date + 90, 'open', 1, 1
  from public.intakes i where i.term = 'Tap Open Term';
create temp table tap (k text primary key, v uuid);
create temp table tok (k text primary key, t text);
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id(x.owner), i.course_id, i.id, 'under_review', x.ref, now()
  from (values ('owner1', 'Tap Open Term', 'UP-2026-TAPR01'), ('owner2', 'Tap Open Term', 'UP-2026-TAPR02'),
    ('owner1', 'Tap Reference Term', 'UP-2026-TAPR03')) x (owner, term, ref)
  join public.intakes i on i.term = x.term;
insert into tap select 'a' || right(a.reference, 1), a.id from public.applications a where a.reference like 'UP-2026-TAPR0%';
grant select on tap, tok to anon, authenticated, service_role;
create or replace function pg_temp.app(n integer) returns uuid language sql as $$ select v from pg_temp.tap where k = 'a' || n $$;
create or replace function pg_temp.req(email text) returns uuid language sql security definer as $$
  select r.id from public.reference_requests r where r.referee_email = email order by r.sent_at desc limit 1 $$;
create or replace function pg_temp.token(k text) returns text language sql as $$ select t from pg_temp.tok where tok.k = token.k $$;
-- The link in the newest e-mail of `kind` to `email`, as the referee receives it.
create or replace function pg_temp.grab(k text, email text, kind text) returns void language sql as $$
  insert into pg_temp.tok select k, substring(o.body from '/reference/([A-Za-z0-9_-]{32})')
  from public.notification_outbox o where o.recipient = email and o.kind = grab.kind
  order by o.created_at desc, o.idempotency_key desc limit 1
  on conflict on constraint tok_pkey do update set t = excluded.t $$;

-- Asking.
select tests.authenticate_as('owner1');
select throws_ok($$select public.request_reference(pg_temp.app(1), 'Ada Marsh', 'owner1@tap.test', 'Teacher', null, true)$$,
  '22023', 'A referee must be someone else: that is the applicant''s own e-mail address.', 'an applicant cannot be their own referee');
select throws_ok($$select public.request_reference(pg_temp.app(1), 'Ada Marsh', 'ada', 'Teacher', null, true)$$,
  '22023', null, 'an address that is not one is refused');
select throws_ok($$select public.request_reference(pg_temp.app(1), 'Ada Marsh', 'ada@ref.test', 'Teacher', null, null)$$,
  '22023', 'Choose whether you waive the right to read the letter.', 'the waiver is a choice the applicant makes');
select lives_ok($$select public.request_reference(pg_temp.app(1), 'Ada Marsh', 'Ada@Ref.test', 'Teacher', 'Thank you!', true)$$,
  'the applicant asks a referee, waiving the right to read the letter');
select throws_ok($$select public.request_reference(pg_temp.app(1), 'Ada Again', 'ada@ref.test', 'Teacher', null, true)$$,
  'P0001', 'ada@ref.test has already been asked on this application.', 'the same referee is asked once per application');
select throws_ok($$insert into public.reference_requests (application_id, applicant_id, referee_name, referee_email,
  relationship, waived, due_on) values (pg_temp.app(1), auth.uid(), 'Xy', 'x@ref.test', 'Xy', false, current_date)$$,
  '42501', null, 'nobody writes requests directly');
select tests.authenticate_as('owner2');
select throws_ok($$select public.request_reference(pg_temp.app(1), 'Eve', 'eve@ref.test', 'Friend', null, false)$$,
  'P0001', 'Application not found.', 'nobody asks on another applicant''s application');

select tests.clear_authentication();
select pg_temp.grab('ada', 'ada@ref.test', 'referee_request');
select is((select count(*)::integer from public.notification_outbox where recipient = 'ada@ref.test' and kind = 'referee_request'
  and body like '%Thank you!%'), 1, 'the referee is e-mailed once, with the applicant''s note');
select is(char_length(pg_temp.token('ada')), 32, 'the e-mail carries a link with a 192-bit token');
select is((select count(*)::integer from public.reference_tokens t where t.token_hash = pg_temp.token('ada')), 0,
  'the token itself is stored nowhere');
select is((select count(*)::integer from public.reference_tokens t where t.token_hash = public.reference_token_hash(pg_temp.token('ada'))
  and t.expires_at = ((select due_on from public.reference_requests where id = pg_temp.req('ada@ref.test')) + 1)::timestamp at time zone 'UTC'),
  1, 'only its hash is kept, ending with the request''s last day');

-- Who reads what.
select tests.authenticate_as('owner1');
select is(tests.row_count($$select 1 from public.reference_requests$$), 1, 'the applicant sees their request');
select throws_ok($$select 1 from public.reference_tokens$$, '42501', null, 'no signed-in person reads the token hashes');
select throws_ok($$select 1 from public.reference_reminders_sent$$, '42501', null, 'or the reminders sent to referees');
select throws_ok($$update public.reference_requests set waived = false$$, '42501', null, 'the applicant cannot change the waiver');
select tests.authenticate_as('owner2');
select is(tests.row_count($$select 1 from public.reference_requests$$), 0, 'another applicant sees none of it');
select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.reference_requests$$), 1, 'a counsellor sees it');
select is(tests.row_count($$select 1 from public.notification_outbox where kind ~ '^referee_'$$), 0,
  'but not the unsent e-mail holding the referee''s link');
select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.reference_requests$$), 1, 'an administrator sees it');
select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.reference_requests$$, '42501', null, 'anonymous callers read no request');
select tests.clear_authentication();
select throws_ok($$update public.reference_requests set waived = false where id = pg_temp.req('ada@ref.test')$$,
  '42501', 'The waiver was recorded when the request was sent and cannot be changed.', 'the waiver is fixed once sent, whoever tries');

-- The referee, through the link.
select tests.authenticate_as_anon();
select is(public.referee_view('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), null, 'a made-up token shows nothing');
select is(public.referee_respond('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', true), null, 'and does nothing');
select is(public.referee_view(pg_temp.token('ada')) ->> 'course', 'Tap Published Course', 'the link shows the course');
select is((select array_agg(k order by k) from jsonb_object_keys(public.referee_view(pg_temp.token('ada'))) k),
  array['applicant_name', 'course', 'due_on', 'letter', 'note', 'referee_name', 'relationship', 'request_id', 'reuse_of',
    'status', 'university'], 'and nothing about the applicant beyond their name');
select is(public.referee_view(pg_temp.token('ada')) ->> 'status', 'opened', 'opening the link marks the request opened');
select is(public.referee_respond(pg_temp.token('ada'), true), 'accepted', 'the referee accepts');
select throws_ok($$select public.referee_submit_form(pg_temp.token('ada'), 'Teacher for two years', 'Good.', null, 'Suited to it.')$$,
  '22023', 'Write your general statement (50 to 4,000 characters).', 'a letter too short is refused');
select is(public.referee_submit_form(pg_temp.token('ada'), 'Teacher for two years',
  'A careful, curious student who finishes what they start and helps others do the same.', null,
  'They build models every week.'), 'received', 'the referee sends the short form');
select tests.clear_authentication();
select is((select status from public.reference_requests where id = pg_temp.req('ada@ref.test')), 'received', 'the request is received');
select is((select count(*)::integer from public.notification_events where template_key = 'reference_received'
  and recipient_id = tests.user_id('owner1')), 1, 'the applicant is told by e-mail');
select is((select count(*)::integer from public.application_messages where application_id = pg_temp.app(1)
  and body = 'Ada Marsh has submitted their reference.'), 1, 'and in the conversation');

select tests.authenticate_as('owner1');
select is(tests.row_count($$select 1 from public.reference_letters$$), 0, 'an applicant who waived does not read the letter');
select throws_ok($$select public.remind_referee(pg_temp.req('ada@ref.test'))$$, 'P0001', null,
  'a referee whose letter arrived is not reminded');
select tests.authenticate_as('owner2');
select is(tests.row_count($$select 1 from public.reference_letters$$), 0, 'nor does another applicant');
select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.reference_letters$$), 1, 'staff read it');

-- A referee who declines, and a replacement.
select tests.authenticate_as('owner1');
select lives_ok($$select public.request_reference(pg_temp.app(1), 'Ben Okafor', 'ben@ref.test', 'Employer', null, false)$$,
  'the applicant asks a second referee, keeping the right to read');
select throws_ok($$select public.remind_referee(pg_temp.req('ben@ref.test'))$$, 'PT429', null,
  'a reminder waits a week after the request');
select throws_ok($$select public.request_reference(pg_temp.app(1), 'Cleo', 'cleo@ref.test', 'Coach', null, false)$$,
  'P0001', 'This course takes at most 2 references. Withdraw or replace one to ask someone else.', 'the intake''s maximum holds');
select tests.clear_authentication();
select pg_temp.grab('ben', 'ben@ref.test', 'referee_request');
select tests.authenticate_as_anon();
select is(public.referee_respond(pg_temp.token('ben'), false, 'Away until summer.'), 'declined', 'the referee declines with a reason');
select tests.clear_authentication();
select is((select count(*)::integer from public.notification_events where template_key = 'reference_declined'
  and fields ->> 'reason_line' like '%Away until summer.%'), 1, 'the applicant hears why');
select tests.authenticate_as('owner1');
select lives_ok($$select public.replace_reference_request(pg_temp.req('ben@ref.test'), 'Cleo Park', 'cleo@ref.test', 'Coach', null, false)$$,
  'the applicant asks someone else instead');
select tests.clear_authentication();
select pg_temp.grab('cleo', 'cleo@ref.test', 'referee_request');
select tests.authenticate_as_anon();
select is(public.referee_view(pg_temp.token('ben')), null, 'the replaced referee''s link no longer works');
select tests.authenticate_as('owner1');
select lives_ok($$select public.withdraw_reference_request(pg_temp.req('cleo@ref.test'))$$, 'the applicant withdraws a request');
select tests.authenticate_as_anon();
select is(public.referee_view(pg_temp.token('cleo')), null, 'and its link stops working');

-- The same letter for a second application.
select tests.authenticate_as('owner1');
select lives_ok($$select public.reuse_reference(pg_temp.req('ada@ref.test'), pg_temp.app(3))$$,
  'the applicant asks that the letter stand for another application');
select tests.clear_authentication();
select pg_temp.grab('reuse', 'ada@ref.test', 'referee_reuse');
select tests.authenticate_as_anon();
select is(public.referee_confirm_reuse(pg_temp.token('reuse')), 'received', 'the referee confirms with one click');
select tests.clear_authentication();
select is((select l.form ->> 'suitability' from public.reference_letters l join public.reference_requests r on r.id = l.request_id
  where r.application_id = pg_temp.app(3)), 'They build models every week.', 'the letter is there for the second application');
select is((select r.waived from public.reference_requests r where r.application_id = pg_temp.app(3)), true,
  'under the waiver it was written with');

-- Reminders, staff and the decision gate.
select tests.authenticate_as('owner2');
select lives_ok($$select public.request_reference(pg_temp.app(2), 'Dan Reyes', 'dan@ref.test', 'Tutor', null, true)$$,
  'another applicant asks a referee');
select tests.clear_authentication();
select ok((select bool_or(p like 'An offer needs the references the intake asks for: 0 of 1 reference received.%')
  from public.applications a, unnest(public.decision_problems(a, 'offer_unconditional')) p where a.id = pg_temp.app(2)),
  'an offer waits for the references the intake needs');
update public.reference_requests set sent_at = now() - interval '8 days' where id = pg_temp.req('dan@ref.test');
select is(public.queue_referee_reminders(current_date) + public.queue_referee_reminders(current_date), 1,
  'a week on, the referee is reminded once');
update public.reference_requests set due_on = current_date + 3 where id = pg_temp.req('dan@ref.test');
select is(public.queue_referee_reminders(current_date), 1, 'and again three days before the deadline');
select tests.authenticate_as('owner2');
select throws_ok($$select public.correct_referee_email(pg_temp.req('dan@ref.test'), 'dan@tutor.test')$$, '42501', null,
  'an applicant cannot redirect a request');
select tests.authenticate_as('counsellor');
select lives_ok($$select public.correct_referee_email(pg_temp.req('dan@ref.test'), 'dan@tutor.test')$$,
  'staff correct the referee''s address');
select tests.clear_authentication();
select pg_temp.grab('dan', 'dan@ref.test', 'referee_request');
select pg_temp.grab('dan2', 'dan@tutor.test', 'referee_request');
select tests.authenticate_as_anon();
select is(public.referee_view(pg_temp.token('dan')), null, 'the link sent to the old address stops working');
select throws_ok($$select public.referee_attach_file(pg_temp.token('dan2'),
  pg_temp.req('dan@tutor.test') || '/00000000-0000-4000-8000-000000000000-x.pdf', 'x.pdf')$$,
  'P0001', 'The letter was not stored. Please upload it again.', 'a file that was never stored is not attached');
select throws_ok($$select public.referee_attach_file(pg_temp.token('dan2'),
  pg_temp.req('ada@ref.test') || '/00000000-0000-4000-8000-000000000000-x.pdf', 'x.pdf')$$,
  '22023', 'The letter must be a PDF stored for this request.', 'nor one in another request''s folder');
select is(public.referee_submit_form(pg_temp.token('dan2'), 'Tutor for a year',
  'A steady, thoughtful student whose written work improved every term I taught them.', 'A long illness in year one.',
  'Their design portfolio is strong.'), 'received', 'the referee writes through the new link');
select tests.clear_authentication();
update public.reference_requests set due_on = current_date + 1 where id = pg_temp.req('dan@tutor.test');
select is(public.queue_referee_reminders(current_date), 0, 'no reminder goes once the letter is in');
select is((select count(*)::integer from public.notification_outbox where kind = 'referee_reminder'), 2,
  'two reminders in all');
select ok(not exists (select 1 from public.applications a, unnest(public.decision_problems(a, 'offer_unconditional')) p
  where a.id = pg_temp.app(2) and p like 'An offer needs the references%'), 'with its reference in, the offer no longer waits for it');

-- A request past its deadline expires, and sent e-mails lose the link.
select tests.authenticate_as('owner2');
select lives_ok($$select public.request_reference(pg_temp.app(2), 'Eve Stone', 'eve@ref.test', 'Coach', null, false)$$,
  'a second referee is asked');
select tests.clear_authentication();
select pg_temp.grab('eve', 'eve@ref.test', 'referee_request');
update public.reference_requests set due_on = current_date - 1 where id = pg_temp.req('eve@ref.test');
update public.reference_tokens set expires_at = now() - interval '1 second' where request_id = pg_temp.req('eve@ref.test');
select is(public.queue_referee_reminders(current_date), 0, 'a request past its deadline is not reminded');
select is((select status from public.reference_requests where id = pg_temp.req('eve@ref.test')), 'expired', 'it is expired');
select tests.authenticate_as_anon();
select is(public.referee_view(pg_temp.token('eve')), null, 'and its link shows nothing');
select tests.clear_authentication();
select public.mark_notification_sent(o.id) from public.notification_outbox o where o.recipient = 'eve@ref.test';
select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.notification_outbox where recipient = 'eve@ref.test' and body !~ '/reference/[A-Za-z0-9_-]{32}'$$),
  1, 'once sent, staff see the e-mail with the link blotted out');

-- Each role, once more, with every table: the hashes and the reminder log are nobody's to read.
select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.reference_letters$$, '42501', null, 'anonymous callers read no letter');
select throws_ok($$select 1 from public.reference_tokens$$, '42501', null, 'nor the token hashes');
select throws_ok($$select 1 from public.reference_reminders_sent$$, '42501', null, 'nor the reminders sent');
select tests.authenticate_as('counsellor');
select throws_ok($$select 1 from public.reference_tokens$$, '42501', null, 'a counsellor reads no token hash');
select throws_ok($$select 1 from public.reference_reminders_sent$$, '42501', null, 'nor the reminders sent');
select tests.authenticate_as('admin');
select throws_ok($$select 1 from public.reference_tokens$$, '42501', null, 'nor does an administrator');
select throws_ok($$select 1 from public.reference_reminders_sent$$, '42501', null, 'or the reminders sent, as an administrator');
select is(tests.row_count($$select 1 from public.notification_outbox where kind ~ '^referee_' and sent_at is null$$), 0,
  'an administrator reads no unsent e-mail holding a referee''s link either');
select tests.clear_authentication();
select ok((select opened_at is not null from public.reference_requests where application_id = pg_temp.app(1)
  and referee_email = 'ada@ref.test'), 'the first visit to the link recorded when it was opened');
select tests.authenticate_as_anon();
select is(public.referee_view(pg_temp.token('ada')) ->> 'applicant_name', 'owner1', 'the link names the applicant');
select is(public.referee_view(pg_temp.token('ada')) #>> '{letter,form,suitability}', 'They build models every week.',
  'and shows the referee the letter they sent');
select tests.authenticate_as('owner1');
select is(tests.row_count($$select 1 from public.application_messages where body =
  'Ben Okafor cannot write a reference for this application. You can ask someone else from your application page.'$$),
  1, 'the applicant reads in the conversation that a referee declined');
select is(tests.row_count($$select 1 from public.reference_requests where status = 'declined' and decline_reason = 'Away until summer.'$$),
  0, 'the declined request, since replaced, is no longer declined');
select is(tests.row_count($$select 1 from public.reference_requests where status = 'replaced' and replaced_by is not null$$),
  1, 'it records what replaced it');

-- An intake that takes no references, and a closed application.
select tests.clear_authentication();
insert into public.intakes (course_id, term, start_date, deadline, status)
  select i.course_id, 'Tap Plain Term', current_date + 150, current_date + 90, 'open'
  from public.intakes i where i.term = 'Tap Open Term';
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id(x.owner), i.course_id, i.id, 'under_review', x.ref, now()
  from (values ('owner2', 'Tap Plain Term', 'UP-2026-TAPR04'), ('owner2', 'Tap Reference Term', 'UP-2026-TAPR05')) x (owner, term, ref)
  join public.intakes i on i.term = x.term;
insert into tap select 'a' || right(a.reference, 1), a.id from public.applications a where a.reference in ('UP-2026-TAPR04', 'UP-2026-TAPR05');
select tests.authenticate_as('owner2');
select throws_ok($$select public.request_reference(pg_temp.app(4), 'Gil Ford', 'gil@ref.test', 'Tutor', null, false)$$,
  'P0001', 'This course does not ask for references.', 'an intake that asks for none takes no request');
select throws_ok($$select public.request_reference(pg_temp.app(5), 'G', 'gil@ref.test', 'Tutor', null, false)$$,
  '22023', 'Give the referee''s name (2 to 120 characters).', 'a referee has a name');
select throws_ok($$select public.request_reference(pg_temp.app(5), 'Gil Ford', 'gil@ref.test', 'Tutor', repeat('x', 1001), false)$$,
  '22023', 'The note to the referee is 1,000 characters at most.', 'the note has a limit');
select tests.clear_authentication();
update public.applications set status = 'withdrawn' where id = pg_temp.app(4);
update public.intakes set references_max = 1 where term = 'Tap Plain Term';
select tests.authenticate_as('owner2');
select throws_ok($$select public.request_reference(pg_temp.app(4), 'Gil Ford', 'gil@ref.test', 'Tutor', null, false)$$,
  'P0001', 'This application is closed, so it takes no more references.', 'a closed application takes no request');

-- Staff see the missing reference before an offer; only an administrator overrides it.
select tests.authenticate_as('counsellor');
select ok((select bool_or(p = 'An offer needs the references the intake asks for: 0 of 1 reference received. An administrator can override this with a reason.')
  from unnest(public.preview_decision(pg_temp.app(5), 'offer_conditional')) p), 'staff are told the offer waits for a reference');
select ok((select bool_or(p = 'Only an administrator can override the places, document or reference checks.')
  from unnest(public.preview_decision(pg_temp.app(5), 'offer_conditional', null, null, 'Referee abroad')) p),
  'a counsellor cannot override it');
select tests.authenticate_as('admin');
select ok(not exists (select 1 from unnest(public.preview_decision(pg_temp.app(5), 'offer_conditional', null, null, 'Referee abroad')) p
  where p like 'An offer needs the references%' or p like 'Only an administrator%'), 'an administrator overrides it with a reason');

-- The applicant's reminder, once a week; the automatic ones, once per step.
select tests.authenticate_as('owner2');
select lives_ok($$select public.request_reference(pg_temp.app(2), 'Fay Lund', 'fay@ref.test', 'Lecturer', null, false)$$,
  'an applicant asks a referee, keeping the right to read');
select tests.authenticate_as('owner1');
select lives_ok($$select public.request_reference(pg_temp.app(1), 'Gus Hale', 'gus@ref.test', 'Manager', null, true)$$,
  'another applicant asks a referee');
select tests.clear_authentication();
select pg_temp.grab('fay', 'fay@ref.test', 'referee_request');
select pg_temp.grab('gus', 'gus@ref.test', 'referee_request');
update public.reference_requests set sent_at = now() - interval '8 days' where id in (pg_temp.req('fay@ref.test'), pg_temp.req('gus@ref.test'));
select tests.authenticate_as('owner1');
select throws_ok($$select public.remind_referee(pg_temp.req('fay@ref.test'))$$, 'P0001', 'Reference request not found.',
  'nobody reminds another applicant''s referee');
select tests.authenticate_as('owner2');
select lives_ok($$select public.remind_referee(pg_temp.req('fay@ref.test'))$$, 'a week on, the applicant reminds the referee');
select throws_ok($$select public.remind_referee(pg_temp.req('fay@ref.test'))$$, 'PT429', null,
  'but not a second time within the week');
select is(tests.row_count($$select 1 from public.reference_requests where referee_email = 'fay@ref.test' and reminded_at is not null$$), 1,
  'the applicant sees when they reminded');
select tests.clear_authentication();
select is((select count(*)::integer from public.notification_outbox where recipient = 'fay@ref.test' and kind = 'referee_reminder'), 1,
  'one reminder went to the referee');
select is(public.queue_referee_reminders(current_date) + public.queue_referee_reminders(current_date), 2,
  'seven days on, each waiting referee is reminded once');
select is(public.queue_referee_reminders((select due_on from public.reference_requests where id = pg_temp.req('gus@ref.test')) - 3)
  + public.queue_referee_reminders((select due_on from public.reference_requests where id = pg_temp.req('gus@ref.test')) - 3), 2,
  'three days before the deadline, once each again');

-- A sent e-mail loses the link in its copy, not in the referee's mailbox.
select public.mark_notification_sent(o.id) from public.notification_outbox o where o.recipient = 'fay@ref.test' and o.kind = 'referee_request';
select is((select count(*)::integer from public.notification_outbox where recipient = 'fay@ref.test' and kind = 'referee_request'
  and position(pg_temp.token('fay') in body) = 0 and position(pg_temp.token('fay') in body_html) = 0
  and body like '%/reference/(private link)%'), 1, 'the sent copy keeps no token');
select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.notification_outbox where recipient = 'fay@ref.test'$$), 1,
  'staff read the sent request, not the unsent reminder');
select tests.authenticate_as_anon();
select is(public.referee_submit_form(pg_temp.token('fay'), 'Her lecturer for three years',
  'An able, independent student who asks the question nobody else in the room thought to ask.', null,
  'She already reads the course''s journals.'), 'received', 'the referee still writes through the link they were sent');
select tests.clear_authentication();
select is(public.queue_referee_reminders((select due_on from public.reference_requests where id = pg_temp.req('gus@ref.test')) - 1)
  + public.queue_referee_reminders((select due_on from public.reference_requests where id = pg_temp.req('gus@ref.test')) - 1), 1,
  'the day before the deadline, only the referee who has not written is reminded, once');
select is((select array_agg(step order by step) from public.reference_reminders_sent where request_id = pg_temp.req('gus@ref.test')),
  array['after:7', 'before:1', 'before:3'], 'each step went once to the referee who did not write');
select is((select array_agg(step order by step) from public.reference_reminders_sent where request_id = pg_temp.req('fay@ref.test')),
  array['after:7', 'before:3'], 'and none after the letter arrived');
select is((select count(*)::integer from public.notification_outbox where recipient = 'gus@ref.test' and kind = 'referee_reminder'), 3,
  'three reminders in the mailbox of the referee who did not write');
select pg_temp.grab('gus-reminder', 'gus@ref.test', 'referee_reminder');
select tests.authenticate_as_anon();
select is(public.referee_view(pg_temp.token('gus-reminder')) ->> 'referee_name', 'Gus Hale', 'a reminder''s own link works');
select tests.clear_authentication();
update public.reference_tokens set expires_at = now() - interval '1 second' where request_id = pg_temp.req('gus@ref.test');
select tests.authenticate_as_anon();
select is(public.referee_view(pg_temp.token('gus')), null, 'a link past its end shows nothing');
select is(public.referee_submit_form(pg_temp.token('gus-reminder'), 'Their manager for a year',
  'A dependable colleague who learns quickly and explains what they learned to everyone else.', null,
  'They want this course.'), null, 'and takes no letter');

-- Who reads a letter the applicant did not waive.
select tests.authenticate_as('owner2');
select is(tests.row_count($$select 1 from public.reference_letters where application_id = pg_temp.app(2)$$), 1,
  'the applicant reads the letter they did not waive, not the waived one');
select is((select form ->> 'suitability' from public.reference_letters where application_id = pg_temp.app(2)),
  'She already reads the course''s journals.', 'with what the referee wrote');
select tests.authenticate_as('owner1');
select is(tests.row_count($$select 1 from public.reference_letters where application_id = pg_temp.app(2)$$), 0,
  'another applicant reads neither');
select is(tests.row_count($$select 1 from public.reference_requests where application_id = pg_temp.app(2)$$), 0,
  'nor their requests');
select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.reference_letters where application_id = pg_temp.app(2)$$), 2, 'a counsellor reads both');
select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.reference_letters where application_id = pg_temp.app(2)$$), 2, 'so does an administrator');

-- Staff rights wait for the second factor when the account has one.
select tests.clear_authentication();
select tests.create_user('mfa_counsellor', 'counsellor');
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
  values (gen_random_uuid(), tests.user_id('mfa_counsellor'), 'Phone', 'totp', 'verified', now(), now());
select tests.authenticate_as('mfa_counsellor');
select is(tests.row_count($$select 1 from public.reference_requests where application_id = pg_temp.app(2)$$), 0,
  'a counsellor with an authenticator, signed in with the password alone, reads no request');
select is(tests.row_count($$select 1 from public.reference_letters where application_id = pg_temp.app(2)$$), 0, 'and no letter');
select set_config('request.jwt.claims', (current_setting('request.jwt.claims')::jsonb || '{"aal": "aal2"}')::text, true);
select is(tests.row_count($$select 1 from public.reference_requests where application_id = pg_temp.app(2)$$), 3,
  'at aal2 they read the requests');
select is(tests.row_count($$select 1 from public.reference_letters where application_id = pg_temp.app(2)$$), 2, 'and the letters');
select is(tests.row_count($$select 1 from public.notification_outbox where kind ~ '^referee_' and sent_at is null$$), 0,
  'but still no unsent e-mail to a referee');
select tests.clear_authentication();

-- What a closed application, a burst of requests and a redirected address may not do.
select tests.create_user('closer');
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id('closer'), i.course_id, i.id, 'under_review', 'UP-2026-TAPR09', now()
  from public.intakes i where i.term = 'Tap Open Term';
insert into tap select 'a9', a.id from public.applications a where a.reference = 'UP-2026-TAPR09';
select tests.authenticate_as('closer');
select lives_ok($$select public.request_reference(pg_temp.app(9), 'Hal Moss', 'hal@ref.test', 'Teacher', null, false)$$,
  'an applicant asks a referee');
do $$ begin
  for n in 1 .. 9 loop
    perform public.withdraw_reference_request((public.request_reference(pg_temp.app(9), 'Spam ' || n,
      'spam' || n || '@else.test', 'Nobody', 'Buy now', false)).id);
  end loop;
end $$;
select throws_ok($$select public.request_reference(pg_temp.app(9), 'Spam', 'spam10@else.test', 'Nobody', null, false)$$,
  'PT429', 'You have asked 10 referees in the last 24 hours. Please wait before asking another.',
  'asking and withdrawing over and over does not turn into a stream of e-mail to strangers');
select tests.authenticate_as('counsellor');
select throws_ok($$select public.correct_referee_email(pg_temp.req('hal@ref.test'), 'closer@tap.test')$$, '22023',
  'A referee must be someone else: that is the applicant''s own e-mail address.',
  'staff cannot send the referee''s link to the applicant');
select tests.clear_authentication();
select pg_temp.grab('hal', 'hal@ref.test', 'referee_request');
update public.notification_outbox set failed_at = now(), attempts = 8 where recipient = 'hal@ref.test';
insert into tap select 'halmail', o.id from public.notification_outbox o where o.recipient = 'hal@ref.test';
select tests.authenticate_as('admin');
select ok((select body !~ '/reference/[A-Za-z0-9_-]{32}' from public.retry_notification(
  (select v from pg_temp.tap where k = 'halmail'))),
  'retrying a failed e-mail to a referee does not show the administrator its link');
select tests.authenticate_as_anon();
select throws_ok($$select public.referee_respond(pg_temp.token('hal'), null)$$, '22023',
  'Say whether you will write the reference.', 'an answer that is neither yes nor no is not a decline');
select tests.clear_authentication();
select tests.create_user('closer2');
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id('closer2'), i.course_id, i.id, 'under_review', 'UP-2026-TAPR08', now()
  from public.intakes i where i.term = 'Tap Open Term';
insert into tap select 'a8', a.id from public.applications a where a.reference = 'UP-2026-TAPR08';
select tests.authenticate_as('closer2');
select lives_ok($$select public.request_reference(pg_temp.app(8), 'Ivy Lane', 'ivy@ref.test', 'Teacher', null, false)$$,
  'another applicant asks a referee');
select lives_ok($$select public.withdraw_application(pg_temp.app(8), 'Going elsewhere')$$, 'and withdraws the application');
select tests.clear_authentication();
select pg_temp.grab('ivy', 'ivy@ref.test', 'referee_request');
select tests.authenticate_as_anon();
select is(public.referee_view(pg_temp.token('ivy')), null, 'the referee''s link then shows nothing');
select is(public.referee_submit_form(pg_temp.token('ivy'), 'Their teacher for a year',
  'A dependable student who learns quickly and explains what they learned to everyone else.', null,
  'They want this course.'), null, 'and takes no letter');
select tests.clear_authentication();
update public.reference_requests set sent_at = now() - interval '8 days' where id = pg_temp.req('ivy@ref.test');
select public.queue_referee_reminders(current_date);
select is((select count(*)::integer from public.notification_outbox where recipient = 'ivy@ref.test' and kind = 'referee_reminder'),
  0, 'nor is the referee of a withdrawn application reminded');

select * from finish();
rollback;
