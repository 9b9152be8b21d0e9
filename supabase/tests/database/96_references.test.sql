-- References: public.reference_requests, public.reference_tokens, public.reference_letters and
-- public.reference_reminders_sent. The applicant asks, reminds, replaces, withdraws and reuses; the
-- referee acts only through the link's token; staff read every letter, the applicant only one they did
-- not waive; tokens exist only as hashes; reminders go once per step and stop when the letter is in.
begin;
select plan(67);
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
  '22023', 'A referee must be someone else: that is your own e-mail address.', 'an applicant cannot be their own referee');
select throws_ok($$select public.request_reference(pg_temp.app(1), 'Ada Marsh', 'ada', 'Teacher', null, true)$$,
  '22023', null, 'an address that is not one is refused');
select throws_ok($$select public.request_reference(pg_temp.app(1), 'Ada Marsh', 'ada@ref.test', 'Teacher', null, null)$$,
  '22023', 'Choose whether you waive the right to read the letter.', 'the waiver is a choice the applicant makes');
select lives_ok($$select public.request_reference(pg_temp.app(1), 'Ada Marsh', 'Ada@Ref.test', 'Teacher', 'Thank you!', true)$$,
  'the applicant asks a referee, waiving the right to read the letter');
select throws_ok($$select public.request_reference(pg_temp.app(1), 'Ada Again', 'ada@ref.test', 'Teacher', null, true)$$,
  'P0001', 'You have already asked ada@ref.test on this application.', 'the same referee is asked once per application');
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

select * from finish();
rollback;
