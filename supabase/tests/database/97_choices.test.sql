-- Choices: one application, several ranked choices. Adding (room, the course's own cap, one choice
-- per intake, open intakes only), ordering, submitting all at once with shared answers and documents,
-- offices that see only their own universities' choices, and accepting one offer letting the others
-- go in the same transaction, a freed place reaching the waiting list.
begin;
select plan(51);
select tests.create_user('owner1');
select tests.create_user('owner2');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('first_office', 'counsellor');
select tests.create_user('second_office', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();

insert into public.universities (slug, name, country_code, city, currency, published)
  values ('tap-uni-second', 'Tap Second University', 'GB', 'Leeds', 'GBP', true);
insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount, tuition_currency, published)
  select 'tap-course-second', u.id, 'Tap Second Course', 'master', 'Computing', 12, 15000, 'GBP', true
  from public.universities u where u.slug = 'tap-uni-second';
insert into public.document_requirements (course_id, kind, description)
  select c.id, 'passport', 'tap' from public.courses c where c.slug = 'tap-course-second';
insert into public.intakes (course_id, term, start_date, deadline, status, capacity)
  select c.id, x.term, current_date + 120, current_date + x.days, x.status, 1
  from public.courses c, (values ('Tap Second Term', 60, 'open'), ('Tap Second Spring', 90, 'open'),
    ('Tap Second Closed', 60, 'closed')) x (term, days, status)
  where c.slug = 'tap-course-second';
insert into public.intakes (course_id, term, start_date, deadline, status)
  select c.id, 'Tap Third Term', current_date + 200, current_date + 100, 'open' from public.courses c where c.slug = 'tap-course-pub';

create temp table tap (k text primary key, v uuid);
grant select, insert on tap to anon, authenticated, service_role;
create function pg_temp.app(key text) returns uuid language sql stable as $$ select v from pg_temp.tap where k = key $$;
create function pg_temp.intake(term text) returns uuid language sql stable security definer as
  $$ select i.id from public.intakes i where i.term = intake.term $$;
create function pg_temp.status(key text) returns text language sql stable security definer as
  $$ select a.status from public.applications a where a.id = pg_temp.app(key) $$;

-- owner1's first choice: complete answers and the passport every course here asks for.
insert into public.applications (applicant_id, course_id, intake_id, answers)
  select tests.user_id('owner1'), i.course_id, i.id, jsonb_build_object(
    'personal', jsonb_build_object('full_name', 'Amara Okafor', 'date_of_birth', '2004-03-14', 'nationality', 'NG'),
    'academic', jsonb_build_array(jsonb_build_object('institution', 'Kings Crest', 'qualification', 'WAEC', 'end_year', 2022)),
    'english_test', jsonb_build_object('test', 'ielts', 'score', 7, 'taken_on', '2026-06-20'),
    'statement', repeat('I want to study computing because it builds things. ', 10))
  from public.intakes i where i.term = 'Tap Open Term';
insert into tap select 'one', a.id from public.applications a where a.applicant_id = tests.user_id('owner1');
insert into storage.objects (bucket_id, name, owner, metadata)
  values ('application-documents', tests.user_id('owner1') || '/' || pg_temp.app('one') || '/3f2b6a7e-1c4d-4e8a-9b0f-5d6c7e8f9a0b-passport.pdf',
    tests.user_id('owner1'), '{"size": 2048, "mimetype": "application/pdf"}');
insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type)
  values (pg_temp.app('one'), 'passport', tests.user_id('owner1') || '/' || pg_temp.app('one') || '/3f2b6a7e-1c4d-4e8a-9b0f-5d6c7e8f9a0b-passport.pdf',
    'passport.pdf', 2048, 'application/pdf');

select is((select group_id from public.applications where id = pg_temp.app('one')), pg_temp.app('one'),
  'an application is a group of its own first choice');
select is((select choice_rank from public.applications where id = pg_temp.app('one')), 1::smallint, 'ranked first');

-- Adding.
select tests.authenticate_as('owner1');
insert into tap select 'two', (public.add_choice(pg_temp.app('one'), pg_temp.intake('Tap Second Term'))).id;
select is((select choice_rank from public.applications where id = pg_temp.app('two')), 2::smallint, 'a new choice is ranked next');
select is((select group_id from public.applications where id = pg_temp.app('two')), pg_temp.app('one'), 'in the same application');
select is((select status from public.applications where id = pg_temp.app('two')), 'draft', 'as a draft');
select is((select answers ->> 'statement' from public.applications where id = pg_temp.app('two')),
  (select answers ->> 'statement' from public.applications where id = pg_temp.app('one')), 'with the application''s answers');
select throws_ok($$select public.add_choice(pg_temp.app('one'), pg_temp.intake('Tap Second Term'))$$, 'P0001',
  'Tap Second Course (Tap Second Term) is already one of your choices.', 'an intake is one choice once');
select throws_ok($$select public.add_choice(pg_temp.app('one'), pg_temp.intake('Tap Second Closed'))$$, 'P0001',
  'That intake is not open for applications.', 'a closed intake is refused');
select throws_ok($$select public.add_choice(pg_temp.app('one'), pg_temp.intake('Tap Draft Term'))$$, 'P0001',
  'That intake is not open for applications.', 'an intake not yet open is refused');
select throws_ok($$insert into public.applications (course_id, intake_id, group_id)
  select i.course_id, i.id, pg_temp.app('one') from public.intakes i where i.term = 'Tap Third Term'$$,
  '42501', null, 'nobody joins an application by writing the row');
select throws_ok($$select public.set_max_choices(2)$$, '42501', null, 'only administrators set the number of choices');
select throws_ok($$delete from public.applications where id = pg_temp.app('one')$$, 'P0001',
  'This is your first choice: it holds the answers and documents your other choices share. Remove the other choices first.',
  'the first choice stays while others share it');
select tests.authenticate_as('owner2');
select throws_ok($$select public.add_choice(pg_temp.app('one'), pg_temp.intake('Tap Third Term'))$$, 'P0001',
  'Application not found.', 'nobody adds a choice to another applicant''s application');

select tests.authenticate_as('admin');
select is((public.set_max_choices(2)).max_choices, 2, 'an administrator sets two choices an application');
select tests.authenticate_as('owner1');
select throws_ok($$select public.add_choice(pg_temp.app('one'), pg_temp.intake('Tap Third Term'))$$, 'P0001',
  'An application holds at most 2 choices, and yours has 2.', 'a choice beyond the number is refused');
select tests.clear_authentication();
update public.admissions_settings set max_choices = 5;
update public.courses set max_choices = 1 where slug = 'tap-course-pub';
select tests.authenticate_as('owner1');
select throws_ok($$select public.add_choice(pg_temp.app('one'), pg_temp.intake('Tap Third Term'))$$, 'P0001',
  'Tap Published Course takes at most 1 of an application''s choices.', 'a course''s own cap is held');
select tests.clear_authentication();
update public.courses set max_choices = 2 where slug = 'tap-course-pub';
select tests.authenticate_as('owner1');
insert into tap select 'three', (public.add_choice(pg_temp.app('two'), pg_temp.intake('Tap Third Term'))).id;
select is((select choice_rank from public.applications where id = pg_temp.app('three')), 3::smallint,
  'a choice added from any choice joins the same application');

-- Ordering.
select is((public.move_choice(pg_temp.app('three'), 'up')).choice_rank, 2::smallint, 'a draft choice moves up');
select is((select choice_rank from public.applications where id = pg_temp.app('two')), 3::smallint, 'and its neighbour down');
select throws_ok($$select public.move_choice(pg_temp.app('one'), 'up')$$, 'P0001', 'That choice is already first.',
  'the first cannot go higher');

-- Submitting all at once.
select tests.clear_authentication();
insert into public.document_requirements (course_id, kind, description)
  select c.id, 'cv', 'tap' from public.courses c where c.slug = 'tap-course-second';
select tests.authenticate_as('owner1');
select throws_like($$select public.submit_choices(pg_temp.app('one'))$$,
  'Your choice Tap Second Course (Tap Second Term): The application is incomplete. Missing: the cv document%',
  'a choice that lacks its own course''s document stops the submission, and says which');
select is(pg_temp.status('one'), 'draft', 'and nothing is submitted');
select tests.clear_authentication();
delete from public.document_requirements where kind = 'cv' and description = 'tap';
select tests.authenticate_as('owner1');
select is((public.submit_choices(pg_temp.app('one'))).status, 'submitted', 'the application is submitted');
select is((select count(*)::integer from public.applications where group_id = pg_temp.app('one') and status = 'submitted'
  and reference is not null), 3, 'every choice with it, each with its own reference, sharing one passport');
select throws_ok($$select public.move_choice(pg_temp.app('three'), 'down')$$, 'P0001',
  'Only choices not yet submitted change places.', 'submitted choices keep their order');
insert into tap select 'four', (public.add_choice(pg_temp.app('one'), pg_temp.intake('Tap Second Spring'))).id;
select is(pg_temp.status('four'), 'draft', 'a choice added after submission waits for its own submission');

-- Offices.
select tests.authenticate_as('admin');
select is(public.set_staff_universities(tests.user_id('first_office'),
  array[(select id from public.universities where slug = 'tap-uni-pub')]), 1, 'a counsellor is given one university');
select public.set_staff_universities(tests.user_id('second_office'),
  array[(select id from public.universities where slug = 'tap-uni-second')]);
select throws_ok($$select public.set_staff_universities(tests.user_id('owner2'), '{}')$$, 'P0001',
  'Only a counsellor works for particular universities.', 'an applicant is no office');
select is(tests.row_count($$select 1 from public.staff_universities$$), 2, 'an administrator reads every office');
select tests.authenticate_as('first_office');
select is(tests.row_count($$select 1 from public.staff_universities$$), 1, 'a counsellor reads their own');
select throws_ok($$insert into public.staff_universities (user_id, university_id)
  select auth.uid(), id from public.universities where slug = 'tap-uni-second'$$, '42501', null,
  'and cannot give themselves another university');
select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.staff_universities$$), 0, 'a counsellor without offices reads none');
select throws_ok($$select public.set_staff_universities(tests.user_id('first_office'), '{}')$$, '42501', null,
  'a counsellor does not choose offices');
select is(tests.row_count($$select 1 from public.applications where group_id = pg_temp.app('one') and status <> 'draft'$$), 3,
  'a counsellor with no university sees every submitted choice');
select tests.authenticate_as('first_office');
select is(tests.row_count($$select 1 from public.applications where group_id = pg_temp.app('one') and status <> 'draft'$$), 2,
  'an office sees only its own university''s choices');
select is(tests.row_count($$select 1 from public.application_status_history where application_id = pg_temp.app('two')$$), 0,
  'and none of another''s history');
select is(tests.row_count($$select 1 from public.staff_application_choices(pg_temp.app('one')) where covered$$), 2,
  'the other choices panel shows its own in full');
select is(tests.row_count($$select 1 from public.staff_application_choices(pg_temp.app('one'))
  where not covered and status is null and course_title is null and reference is null$$), 1,
  'and another university''s choice only as one, without course or status');
select throws_ok($$select public.transition_application(pg_temp.app('two'), 'under_review', 1)$$, 'P0001',
  'Application not found.', 'an office cannot move another university''s choice');
select tests.authenticate_as('second_office');
select is((public.transition_application(pg_temp.app('two'), 'under_review',
  (select version from public.applications where id = pg_temp.app('two')))).status, 'under_review', 'its own office can');
select is(tests.row_count($$select 1 from public.staff_application_choices(pg_temp.app('one'))$$), 0,
  'an office reads nothing through a choice it does not cover');

-- Accepting one offer lets the others go.
select tests.clear_authentication();
update public.applications set status = 'offer_unconditional', reply_by = current_date + 14 where id = pg_temp.app('one');
update public.applications set status = 'offer_conditional', reply_by = current_date + 14, offer_conditions = 'Pass.'
  where id = pg_temp.app('two');
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, waitlist_rank)
  select tests.user_id('owner2'), i.course_id, i.id, 'waitlisted', 'UP-2026-TAPW01', now(), 1
  from public.intakes i where i.term = 'Tap Second Term';
select tests.authenticate_as('owner2');
select is(tests.row_count($$select 1 from public.preview_accept_offer(pg_temp.app('one'))$$), 0,
  'nobody previews another applicant''s choices');
select tests.authenticate_as('owner1');
select is((select array_agg(becomes order by course_title, term) from public.preview_accept_offer(pg_temp.app('one'))),
  array['withdrawn', 'removed', 'declined'], 'the confirmation lists what accepting lets go, and how');
select tests.clear_authentication();
create function pg_temp.refuse_decline() returns trigger language plpgsql as $$
begin raise exception 'refused for the test'; end $$;
create trigger tap_refuse_decline before update on public.applications for each row
  when (new.status = 'declined') execute function pg_temp.refuse_decline();
select tests.authenticate_as('owner1');
select throws_ok($$select public.respond_to_offer(pg_temp.app('one'), true)$$, 'P0001', 'refused for the test',
  'when one choice cannot be let go');
select is(pg_temp.status('one'), 'offer_unconditional', 'the acceptance does not happen either');
select tests.clear_authentication();
drop trigger tap_refuse_decline on public.applications;
select tests.authenticate_as('owner1');
select is((public.respond_to_offer(pg_temp.app('one'), true)).status, 'accepted', 'the applicant accepts one offer');
select is(array[pg_temp.status('two'), pg_temp.status('three')], array['declined', 'withdrawn'],
  'the other offer is declined and the open choice withdrawn');
select tests.clear_authentication();
select is((select count(*)::integer from public.applications where id = pg_temp.app('four')), 0, 'the draft choice is removed');
select is((select count(*)::integer from public.place_alerts where application_id = pg_temp.app('two')), 1,
  'the freed place reaches its waiting list');
select matches((select e.fields ->> 'next_step' from public.notification_events e
  where e.template_key = 'offer_accepted' and e.application_id = pg_temp.app('one')),
  'Your other choices were let go:.*Tap Second Course, Tap Second University \(Tap Second Term\): offer declined',
  'the confirmation the applicant is sent lists what was let go');
select tests.authenticate_as('owner1');
select throws_ok($$select public.add_choice(pg_temp.app('one'), pg_temp.intake('Tap Second Spring'))$$, 'P0001',
  'You have accepted an offer on this application, so it takes no more choices.', 'an accepted application takes no more choices');

select * from finish();
rollback;
