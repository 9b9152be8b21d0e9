-- The review queue's figures per status: review_queue_counts counts submitted applications under the
-- queue's filters for staff who finished signing in, and answers nobody else.
begin;
select plan(18);
select tests.create_user('owner');
select tests.create_user('second');
select tests.create_user('drafter');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('guarded', 'admin');
select tests.create_catalogue();
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
  values (gen_random_uuid(), tests.user_id('guarded'), 'Phone', 'totp', 'verified', now(), now());
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, answers, assigned_to)
  select tests.user_id('owner'), i.course_id, i.id, 'submitted', 'UP-2026-TAPF01', now(),
    '{"personal": {"full_name": "Amara Okafor"}}'::jsonb, null::uuid
  from public.intakes i where i.term = 'Tap Open Term'
  union all
  select tests.user_id('second'), i.course_id, i.id, 'under_review', 'UP-2026-TAPF02', now(),
    '{"personal": {"full_name": "Bola 100%_Ade"}}'::jsonb, tests.user_id('counsellor')
  from public.intakes i where i.term = 'Tap Open Term';
insert into public.applications (applicant_id, course_id, intake_id, answers)
  select tests.user_id('drafter'), i.course_id, i.id, '{"personal": {"full_name": "Amara Draft"}}'
  from public.intakes i where i.term = 'Tap Open Term';

select tests.authenticate_as_anon();
select throws_ok($$select * from public.review_queue_counts()$$, '42501', null, 'anon counts nothing');

select tests.authenticate_as('owner');
select throws_ok($$select * from public.review_queue_counts()$$, '42501', 'Only admissions staff count the review queue.', 'an applicant counts nothing');

select tests.authenticate_as('guarded');
select throws_ok($$select * from public.review_queue_counts()$$, '42501', 'Only admissions staff count the review queue.', 'an administrator with a verified factor at aal1 counts nothing');
select set_config('request.jwt.claims', (current_setting('request.jwt.claims')::jsonb || '{"aal": "aal2"}')::text, true);
select results_eq($$select status, total from public.review_queue_counts(course_search => 'tap published')$$,
  $$values ('submitted', 1::bigint), ('under_review', 1::bigint)$$, 'at aal2 they count the submitted applications by status, never the draft');

select tests.authenticate_as('counsellor');
select results_eq($$select status, total from public.review_queue_counts(course_search => 'Tap Published University')$$,
  $$values ('submitted', 1::bigint), ('under_review', 1::bigint)$$, 'a counsellor counts by the university''s name');
select ok((select sum(total) from public.review_queue_counts()) >= 2, 'without filters every submitted application counts');
select results_eq($$select status, total from public.review_queue_counts(search => 'tapf01', course_search => 'tap')$$,
  $$values ('submitted', 1::bigint)$$, 'the search finds a reference, ignoring case');
select results_eq($$select status, total from public.review_queue_counts(search => ' okafor ', course_search => 'tap')$$,
  $$values ('submitted', 1::bigint)$$, 'and the name given in the answers');
select results_eq($$select status, total from public.review_queue_counts(search => 'nobody by this name', applicant_ids => array[tests.user_id('second'), tests.user_id('drafter')], course_search => 'tap')$$,
  $$values ('under_review', 1::bigint)$$, 'and the applicants found elsewhere, by id');
select is(tests.row_count($$select 1 from public.review_queue_counts(search => 'amara%okafor', course_search => 'tap')$$), 0, 'a % is a character, not a wildcard');
select is(tests.row_count($$select 1 from public.review_queue_counts(search => '1_0', course_search => 'tap')$$), 0, 'nor is an _');
select results_eq($$select status, total from public.review_queue_counts(search => '100%_', course_search => 'tap')$$,
  $$values ('under_review', 1::bigint)$$, 'both are found where they stand');
select results_eq($$select status, total from public.review_queue_counts(course_search => 'tap', intake_search => 'OPEN term')$$,
  $$values ('submitted', 1::bigint), ('under_review', 1::bigint)$$, 'the intake filter matches part of the term');
select is(tests.row_count($$select 1 from public.review_queue_counts(course_search => 'tap', intake_search => 'Winter 1999')$$), 0, 'and nothing else');
select results_eq($$select status, total from public.review_queue_counts(course_search => 'tap', assignee => tests.user_id('counsellor'))$$,
  $$values ('under_review', 1::bigint)$$, 'the assignee filter counts one reviewer''s applications');
select results_eq($$select status, total from public.review_queue_counts(course_search => 'tap', unassigned => true)$$,
  $$values ('submitted', 1::bigint)$$, 'and the unassigned ones');
select results_eq($$select status, total from public.review_queue_counts(search => '', course_search => '  ', intake_search => null) where status in ('submitted', 'under_review')$$,
  $$select a.status, count(*) from public.applications a where a.status in ('submitted', 'under_review') group by 1 order by 1$$,
  'blank filters are no filters');

select tests.clear_authentication();
delete from public.user_roles where user_id = tests.user_id('counsellor');
select tests.authenticate_as('counsellor');
select throws_ok($$select * from public.review_queue_counts()$$, '42501', null, 'a former counsellor counts nothing');

select * from finish();
rollback;
