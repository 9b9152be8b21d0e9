-- Interviews: public.interview_slots, public.interview_invitations and public.interview_bookings.
-- Staff offer times and invite; an invited applicant books one seat, moves or cancels before the
-- cut-off; a full slot takes nobody more; the interviewer scores. Nobody writes the tables directly.
begin;
select plan(42);
select tests.create_user('owner1');
select tests.create_user('owner2');
select tests.create_user('stranger');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('interviewer', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();

create temp table tap (k text primary key, v uuid);
insert into tap select 'intake', i.id from public.intakes i where i.term = 'Tap Open Term';
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id('owner' || n), i.course_id, i.id, 'under_review', 'UP-2026-TAPI0' || n, now()
  from public.intakes i, generate_series(1, 2) n where i.id = (select v from tap where k = 'intake');
insert into tap select 'a' || n, a.id from generate_series(1, 2) n
  join public.applications a on a.applicant_id = tests.user_id('owner' || n);
create or replace function pg_temp.app(n integer) returns uuid language sql as $$ select v from pg_temp.tap where k = 'a' || n $$;
create or replace function pg_temp.slot(at text) returns uuid language sql security definer as $$
  select s.id from public.interview_slots s where s.intake_id = (select v from pg_temp.tap where k = 'intake')
    and s.starts_at at time zone 'Europe/London' = (current_date + 10)::timestamp + at::time $$;
grant select, insert on tap to anon, authenticated, service_role;

-- Offering times.
select tests.authenticate_as('owner1');
select throws_ok($$select public.create_interview_slots((select v from pg_temp.tap where k = 'intake'),
  array[(current_date + 10)::timestamp + time '09:00'], 30, 'Europe/London', 'Room 4', false, null, 1, 24)$$,
  '42501', null, 'an applicant cannot offer interview times');
select throws_ok($$insert into public.interview_slots (intake_id, starts_at, location) values ((select v from pg_temp.tap where k = 'intake'), now(), 'x')$$,
  '42501', null, 'nobody writes slots directly');
select tests.authenticate_as('counsellor');
select throws_ok($$select public.create_interview_slots((select v from pg_temp.tap where k = 'intake'),
  array[(current_date + 10)::timestamp + time '09:00'], 30, 'Mars/Olympus', 'Room 4', false, null, 1, 24)$$,
  '22023', 'Choose a time zone from the list (for example Europe/London).', 'an unknown time zone is refused');
select throws_ok($$select public.create_interview_slots((select v from pg_temp.tap where k = 'intake'),
  array[(current_date - 1)::timestamp + time '09:00'], 30, 'Europe/London', 'Room 4', false, null, 1, 24)$$,
  '22023', 'Interview times must be in the future.', 'a time in the past is refused');
select throws_ok($$select public.create_interview_slots((select v from pg_temp.tap where k = 'intake'),
  array[(current_date + 10)::timestamp + time '09:00'], 30, 'Europe/London', 'Room 4', true, null, 1, 24)$$,
  '22023', 'An online interview needs its link, starting with https://.', 'an online interview needs its link');
select is(public.create_interview_slots((select v from pg_temp.tap where k = 'intake'),
  array[(current_date + 10)::timestamp + time '09:00', (current_date + 10)::timestamp + time '10:00'], 30,
  'Europe/London', 'Room 4', false, tests.user_id('interviewer'), 1, 24), 2, 'staff offer two one-seat times');
select is(public.create_interview_slots((select v from pg_temp.tap where k = 'intake'),
  array[now()::timestamp at time zone 'UTC' at time zone 'Europe/London' + interval '2 hours'], 30,
  'Europe/London', 'https://meet.example.test/x', true, tests.user_id('interviewer'), 5, 24), 1,
  'and one online time too soon to book (inside its 24-hour cut-off)');
select is((select to_char(starts_at at time zone 'Europe/London', 'HH24:MI') from public.interview_slots
  where id = pg_temp.slot('09:00')), '09:00', 'a time is kept as the office''s wall-clock time in its zone');

-- Who sees slots before anyone is invited.
select tests.authenticate_as('owner1');
select is(tests.row_count($$select 1 from public.interview_slots$$), 0, 'an applicant not invited sees no times');
select is(tests.row_count($$select 1 from public.my_interview(pg_temp.app(1))$$), 0, 'and has no interview');
select throws_ok($$select public.book_interview(pg_temp.app(1), pg_temp.slot('09:00'))$$, 'P0001',
  'This application has not been invited to interview.', 'an applicant not invited cannot book');

-- Inviting.
select tests.authenticate_as('owner1');
select throws_ok($$select public.invite_to_interview(array[pg_temp.app(1)])$$, '42501', null, 'an applicant cannot invite');
select tests.authenticate_as('counsellor');
select is(public.invite_to_interview(array[pg_temp.app(1), pg_temp.app(2)]), 2, 'staff invite two applications');
select is(public.invite_to_interview(array[pg_temp.app(1)]), 0, 'inviting again invites nobody twice');
select tests.clear_authentication();
select is((select count(*)::integer from public.notification_events where template_key = 'interview_invitation'
  and application_id in (pg_temp.app(1), pg_temp.app(2))), 2, 'each invited applicant is told once');

-- Booking, one seat each.
select tests.authenticate_as('owner1');
select is(tests.row_count($$select 1 from public.interview_slots$$), 3, 'an invited applicant sees the intake''s times');
select is(tests.row_count($$select 1 from public.interview_bookings$$), 0, 'but no booking rows (they carry scores)');
select is(tests.row_count($$select 1 from public.interview_invitations$$), 1, 'and only their own invitation');
select lives_ok($$select public.book_interview(pg_temp.app(1), pg_temp.slot('09:00'))$$, 'the first applicant books 09:00');
select is((select booking_id is not null from public.my_interview(pg_temp.app(1)) limit 1), true, 'their interview shows the booking');
select is((select seats_left from public.my_interview(pg_temp.app(1)) where slot_id = pg_temp.slot('09:00')), 0, 'the slot has no seat left');
select throws_ok($$select public.book_interview(pg_temp.app(2), pg_temp.slot('09:00'))$$, '42501', null,
  'an applicant cannot book for someone else''s application');
select tests.authenticate_as('owner2');
select throws_ok($$select public.book_interview(pg_temp.app(2), pg_temp.slot('09:00'))$$, 'P0001',
  'Someone has just taken the last seat at this time. Choose another time.', 'a full slot takes nobody more');
select throws_ok($$select public.book_interview(pg_temp.app(2), (select id from public.interview_slots where online))$$, 'P0001',
  'Booking for this time closed 24 hours before it starts. Choose a later time.', 'a time inside its cut-off cannot be booked');
select lives_ok($$select public.book_interview(pg_temp.app(2), pg_temp.slot('10:00'))$$, 'the second applicant books 10:00');
select tests.authenticate_as('stranger');
select is(tests.row_count($$select 1 from public.my_interview(pg_temp.app(2))$$), 0, 'a stranger sees nothing of another''s interview');
select throws_ok($$select public.cancel_interview_booking(pg_temp.app(2))$$, '42501', null, 'and cannot cancel it');

-- Moving and cancelling.
select tests.authenticate_as('owner1');
select throws_ok($$select public.book_interview(pg_temp.app(1), pg_temp.slot('10:00'))$$, 'P0001', null,
  'moving to a full slot is refused and keeps the booking');
select is((select booked_slot from public.my_interview(pg_temp.app(1)) limit 1), pg_temp.slot('09:00'), 'the booking stays at 09:00');
select lives_ok($$select public.cancel_interview_booking(pg_temp.app(1))$$, 'the applicant cancels');
select is((select seats_left from public.my_interview(pg_temp.app(1)) where slot_id = pg_temp.slot('09:00')), 1, 'the seat is free again');
select tests.clear_authentication();
select is((select count(*)::integer from public.notification_events where template_key = 'interview_booked'
  and application_id in (pg_temp.app(1), pg_temp.app(2))), 2, 'each booking is confirmed by e-mail');

-- The reminder the day before, once.
select tests.authenticate_as('counsellor');
select is(public.create_interview_slots((select v from pg_temp.tap where k = 'intake'),
  array[date_trunc('minute', now() at time zone 'Europe/London') + interval '30 hours'], 30,
  'Europe/London', 'Room 9', false, tests.user_id('interviewer'), 1, 0), 1, 'a time a day and a bit away, bookable to the last minute');
select tests.authenticate_as('owner1');
select lives_ok($$select public.book_interview(pg_temp.app(1), (select id from public.interview_slots where location = 'Room 9'))$$,
  'the first applicant books it');
select tests.clear_authentication();
select is((select count(*)::integer from public.notification_events where template_key = 'reminder_interview'), 0, 'no reminder yet');
select ok(public.queue_reminders(now() + interval '7 hours') >= 1, 'within a day of it, the hourly job queues a reminder');
select ok(public.queue_reminders(now() + interval '8 hours') >= 0, 'the next run goes by');
select is((select count(*)::integer from public.notification_events where template_key = 'reminder_interview'
  and application_id = pg_temp.app(1)), 1, 'the applicant is reminded once');

-- Scoring.
select tests.authenticate_as('admin');
select lives_ok($$select public.save_scoresheet(null, null, 'interview', null, null, 'Interview',
  '[{"key": "communication", "label": "Communication", "weight": 1, "min": 1, "max": 5, "levels": ["a","b","c","d","e"]}]')$$,
  'an administrator defines the interview scoresheet');
create or replace function pg_temp.booking(n integer) returns uuid language sql security definer as $$
  select b.id from public.interview_bookings b where b.application_id = pg_temp.app(n) and b.cancelled_at is null $$;
select tests.authenticate_as('counsellor');
select throws_ok($$select public.score_interview(pg_temp.booking(2), 1, '{"communication": 4}', '{}', 'recommend', '', true)$$,
  '42501', 'Only the interviewer scores this interview.', 'another counsellor cannot score it');
select tests.authenticate_as('interviewer');
select is((select total from public.score_interview(pg_temp.booking(2), 1, '{"communication": 4}', '{}', 'recommend', 'Clear answers', true)),
  75.00::numeric, 'the interviewer scores it on the interview scoresheet');
select throws_ok($$select public.score_interview(pg_temp.booking(2), 2, '{"communication": 1}', '{}', 'recommend', '', true)$$,
  'P0001', null, 'a sent interview score is final');

select * from finish();
rollback;
