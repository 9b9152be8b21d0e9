-- Conditions as a checklist: a conditional offer's lines become conditions, each with its deadline;
-- the applicant (and only they) reads them and uploads evidence against one still open; staff mark
-- each met or not met and move deadlines; reminders come before a deadline with no evidence; the
-- last one met decides "Conditions met" through the approval rules. Reply-by dates set at decision time.
begin;
select plan(39);
select tests.create_user('admin', 'admin');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('stranger');
select tests.create_catalogue();
create temp table tap (k text primary key, v uuid);
insert into tap select 'intake', i.id from public.intakes i where i.term = 'Tap Open Term';
select tests.create_user(who) from unnest(array['ca', 'cb', 'cc']) who;
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id(who), i.course_id, i.id, 'under_review', 'UP-2026-COND' || upper(who), now()
  from public.intakes i, unnest(array['ca', 'cb', 'cc']) who
  where i.id = (select v from tap where k = 'intake');
insert into tap select lower(right(a.reference, 2)), a.id from public.applications a where a.reference like 'UP-2026-CONDC%';
insert into storage.objects (bucket_id, name, owner, metadata)
  select 'application-documents', a.applicant_id || '/' || a.id || '/' || gen_random_uuid() || '-passport.pdf',
    a.applicant_id, '{"size": 2048, "mimetype": "application/pdf"}'
  from public.applications a where a.reference like 'UP-2026-CONDC%';
insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type, status)
  select a.id, 'passport', o.name, 'passport.pdf', 2048, 'application/pdf', 'verified'
  from public.applications a join storage.objects o on o.name like a.applicant_id || '/' || a.id || '/%'
  where a.reference like 'UP-2026-CONDC%';
grant select on tap to anon, authenticated, service_role;
create function pg_temp.app(key text) returns uuid language sql stable as $$ select v from pg_temp.tap where k = key $$;
create function pg_temp.ver(key text) returns integer language sql stable security definer as
  $$ select a.version from public.applications a where a.id = (select v from pg_temp.tap where k = key) $$;
create function pg_temp.cond(key text, n integer) returns uuid language sql stable security definer as
  $$ select c.id from public.offer_conditions c where c.application_id = (select v from pg_temp.tap where k = key) and c.position = n $$;
create function pg_temp.status(key text) returns text language sql stable security definer as
  $$ select a.status from public.applications a where a.id = (select v from pg_temp.tap where k = key) $$;
create function pg_temp.events(key text, template text) returns bigint language sql stable security definer as
  $$ select count(*) from public.notification_events e where e.application_id = (select v from pg_temp.tap where k = key) and e.template_key = template $$;
-- A file in the applicant's folder, as the upload route leaves it before recording the document.
create function pg_temp.stored_file(key text) returns text language sql volatile security definer as $$
  insert into storage.objects (bucket_id, name, owner, metadata)
  select 'application-documents', a.applicant_id || '/' || a.id || '/' || gen_random_uuid() || '-evidence.pdf',
    a.applicant_id, '{"size": 4096, "mimetype": "application/pdf"}'
  from public.applications a where a.id = (select v from pg_temp.tap where k = key)
  returning name $$;

select tests.authenticate_as('admin');
select throws_like($$select public.decide_application(pg_temp.app('cb'), pg_temp.ver('cb'), 'offer_conditional',
  conditions => (select string_agg('Condition ' || n, E'\n') from generate_series(1, 11) n))$$,
  'A conditional offer lists 10 conditions at most, one per line.', 'eleven conditions are refused');
select throws_like($$select public.decide_application(pg_temp.app('cb'), pg_temp.ver('cb'), 'offer_unconditional', reply_by => current_date - 1)$$,
  'Choose a reply-by date from today on.', 'a reply-by date in the past is refused');
select throws_like($$select public.decide_application(pg_temp.app('cb'), pg_temp.ver('cb'), 'offer_conditional', conditions => 'A transcript', conditions_deadline => current_date - 1)$$,
  'Choose a deadline for the conditions from today on.', 'and so is a conditions deadline in the past');
select is((public.decide_application(pg_temp.app('ca'), pg_temp.ver('ca'), 'offer_conditional',
  conditions => E'- Final transcript showing AAB\n\n• IELTS 6.5 overall', conditions_deadline => current_date + 30,
  reply_by => current_date + 20, release => true)).state, 'released', 'a conditional offer with two conditions goes out');
select is((select string_agg(position || ':' || description || ':' || (deadline - current_date) || ':' || status, ' | ' order by position)
  from public.offer_conditions where application_id = pg_temp.app('ca')),
  '1:Final transcript showing AAB:30:pending | 2:IELTS 6.5 overall:30:pending', 'each line is a condition with the deadline chosen');
select is((select reply_by - current_date from public.applications where id = pg_temp.app('ca')), 20, 'the reply-by date chosen at decision time holds');
select matches((select fields ->> 'conditions' from public.notification_events where application_id = pg_temp.app('ca') and template_key = 'decision_offer_conditional'),
  '^1\. Final transcript showing AAB \(by .+\)\n2\. IELTS 6\.5 overall \(by .+\)$', 'the offer letter lists the conditions with their deadlines');

select tests.authenticate_as('ca');
select is(tests.row_count($$select 1 from public.offer_conditions$$), 2, 'the applicant reads their two conditions');
select tests.authenticate_as('stranger');
select is(tests.row_count($$select 1 from public.offer_conditions$$), 0, 'another person reads none');
select throws_ok($$select public.mark_offer_condition(pg_temp.cond('ca', 1), 1, true)$$, '42501', null, 'and cannot mark one');
select tests.authenticate_as('cc');
select is(tests.row_count($$select 1 from public.offer_conditions$$), 0, 'nor does an applicant of the same intake');

-- Evidence: against a condition of their own still open, nothing else.
select tests.authenticate_as('ca');
select lives_ok($$insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type, condition_id)
  values (pg_temp.app('ca'), 'condition_evidence', pg_temp.stored_file('ca'), 'transcript.pdf', 4096, 'application/pdf', pg_temp.cond('ca', 1))$$,
  'the applicant uploads evidence for the first condition');
select throws_like($$insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type)
  values (pg_temp.app('ca'), 'condition_evidence', pg_temp.stored_file('ca'), 'loose.pdf', 4096, 'application/pdf')$$,
  'This condition no longer takes evidence%', 'evidence must name a condition');
select throws_ok($$insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type)
  values (pg_temp.app('ca'), 'cv', pg_temp.stored_file('ca'), 'cv.pdf', 4096, 'application/pdf')$$,
  '42501', null, 'an offer takes no other kind of document');
select tests.authenticate_as('cb');
select throws_ok($$insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type, condition_id)
  values (pg_temp.app('ca'), 'condition_evidence', pg_temp.stored_file('ca'), 'x.pdf', 4096, 'application/pdf', pg_temp.cond('ca', 2))$$,
  '42501', null, 'nobody else uploads evidence to it');

-- Reminders: only the condition with no evidence, once, from two days before its moved deadline.
select tests.authenticate_as('counsellor');
select is((public.set_offer_condition_deadline(pg_temp.cond('ca', 2), pg_temp.ver('ca'), current_date + 5)).deadline - current_date, 5, 'staff move the second deadline earlier');
select is(pg_temp.events('ca', 'offer_condition_updated'), 1::bigint, 'the applicant is told of the new deadline');
select throws_like($$select public.set_offer_condition_deadline(pg_temp.cond('ca', 2), pg_temp.ver('ca'), current_date - 2)$$, 'Choose a deadline from today on.', 'never into the past');
select tests.clear_authentication();
select is(public.queue_reminders(now() + interval '3 days'), 1, 'two days before, one reminder goes out');
select is((select fields ->> 'condition' from public.notification_events where application_id = pg_temp.app('ca') and template_key = 'reminder_condition_deadline'), 'IELTS 6.5 overall', 'for the condition with no evidence');
select is(public.queue_reminders(now() + interval '3 days'), 0, 'and only once');

-- Marking: a stale version is refused, "not met" needs a note, the last one met asks for approval.
select tests.authenticate_as('counsellor');
select throws_like($$select public.mark_offer_condition(pg_temp.cond('ca', 1), pg_temp.ver('ca') - 1, true)$$, '%changed%', 'a mark made on an old view is refused');
select is((public.mark_offer_condition(pg_temp.cond('ca', 1), pg_temp.ver('ca'), true)).status, 'met', 'the first condition is met');
select throws_like($$select public.mark_offer_condition(pg_temp.cond('ca', 2), pg_temp.ver('ca'), false)$$, 'Say why the condition is not met%', '"not met" needs a note');
select is((public.mark_offer_condition(pg_temp.cond('ca', 2), pg_temp.ver('ca'), false, 'The certificate shows 6.0 overall.')).status, 'not_met', 'the second is not met');
select is(pg_temp.status('ca'), 'offer_conditional', 'the offer still stands, conditional');
select is((public.mark_offer_condition(pg_temp.cond('ca', 2), pg_temp.ver('ca'), true)).status, 'met', 'a new certificate meets it after all');
select is((select d.outcome || ':' || d.state from public.application_decisions d where d.application_id = pg_temp.app('ca') and d.state in ('recommended', 'approved')),
  'conditions_met:recommended', 'every condition met: a counsellor''s "Conditions met" waits for approval');
select tests.authenticate_as('admin');
select is((public.approve_decision((select d.id from public.application_decisions d where d.application_id = pg_temp.app('ca') and d.state = 'recommended'),
  pg_temp.ver('ca'), true)).state, 'released', 'an administrator approves and releases it');
select is(pg_temp.status('ca'), 'offer_unconditional', 'the offer is unconditional');
select throws_like($$select public.mark_offer_condition(pg_temp.cond('ca', 1), pg_temp.ver('ca'), false, 'late')$$, 'The conditions can be marked only while the conditional offer stands.', 'the checklist is closed');

-- An accepted conditional offer: an administrator's last mark confirms the place at once.
select is((public.decide_application(pg_temp.app('cc'), pg_temp.ver('cc'), 'offer_conditional', conditions => 'Proof of funding', release => true)).state, 'released', 'another conditional offer');
select is((select deadline - current_date from public.offer_conditions where application_id = pg_temp.app('cc')),
  106, 'with no deadline chosen, two weeks before the intake starts (in 120 days)');
select is((select reply_by - current_date from public.applications where id = pg_temp.app('cc')),
  28, 'and four weeks to reply when the intake has no reply-by date');
select tests.clear_authentication();
update public.intakes set reply_by = current_date + 3, deadline = current_date + 2, start_date = current_date + 20 where id = pg_temp.app('intake');
select is((select (reply_by - current_date, conditions_deadline - current_date)::text from public.offer_default_dates(pg_temp.app('intake'))),
  '(14,14)', 'never fewer than two weeks, whatever the intake says');
update public.intakes set reply_by = current_date + 40 where id = pg_temp.app('intake');
select is((select (reply_by - current_date)::integer from public.offer_default_dates(pg_temp.app('intake'))),
  40, 'the intake''s own reply-by date when it is far enough ahead');
select tests.authenticate_as('cc');
select is((public.respond_to_offer(pg_temp.app('cc'), true)).status, 'conditions_pending', 'the applicant accepts it');
select tests.authenticate_as('admin');
select is((public.mark_offer_condition(pg_temp.cond('cc', 1), pg_temp.ver('cc'), true)).status, 'met', 'the administrator marks the one condition met');
select is(pg_temp.status('cc'), 'accepted', 'and the place is confirmed');

select * from finish();
rollback;
