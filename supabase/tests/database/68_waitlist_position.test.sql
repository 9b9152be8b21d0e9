-- Where an application stands on its intake's waiting list: its applicant and staff read the place
-- in line and how many wait; nobody else reads anything, and leaving the list moves the others up.
begin;
select plan(7);
select tests.create_user('w1');
select tests.create_user('w2');
select tests.create_user('w3');
select tests.create_user('stranger');
select tests.create_user('counsellor', 'counsellor');
select tests.create_catalogue();
create temp table tap (k text primary key, v uuid);
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id(who), i.course_id, i.id, 'waitlisted', ref, now()
  from public.intakes i, (values ('w1', 'UP-2026-WAIT01'), ('w2', 'UP-2026-WAIT02'), ('w3', 'UP-2026-WAIT03')) s (who, ref)
  where i.term = 'Tap Open Term';
insert into tap select lower(right(a.reference, 2)), a.id from public.applications a where a.reference like 'UP-2026-WAIT0%';
grant select on tap to anon, authenticated, service_role;
create function pg_temp.app(key text) returns uuid language sql stable as $$ select v from pg_temp.tap where k = key $$;
create function pg_temp.spot(key text) returns text language sql stable as $$
  select p.place || ' of ' || p.waiting from public.waitlist_position(pg_temp.app(key)) p $$;

select tests.authenticate_as('w2');
select is(pg_temp.spot('02'), '2 of 3', 'the applicant reads their place in line and how many wait');
select is(pg_temp.spot('01'), null, 'but not where another applicant stands');
select tests.authenticate_as('stranger');
select is(pg_temp.spot('02'), null, 'a stranger reads nothing');
select tests.authenticate_as('counsellor');
select is(pg_temp.spot('01'), '1 of 3', 'staff read any place');
select tests.clear_authentication();
update public.applications set status = 'offer_unconditional', decided_at = now() where id = pg_temp.app('01');
select tests.authenticate_as('w2');
select is(pg_temp.spot('02'), '1 of 2', 'when the first leaves the list, the next moves up');
select tests.authenticate_as('w1');
select is(pg_temp.spot('01'), null, 'an application no longer waiting has no place');
select tests.authenticate_as_anon();
select throws_ok($$select * from public.waitlist_position(pg_temp.app('02'))$$, '42501', null, 'visitors cannot ask');

select * from finish();
rollback;
