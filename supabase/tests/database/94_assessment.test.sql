-- Assessment: public.scoresheets, public.scoresheet_versions, public.application_reads,
-- public.reader_settings and public.reader_conflicts. Who sees which read when (the blind first
-- read), how reads are assigned (balance, caps, conflicts, never twice), scoring and its checks,
-- versions, a third read, results and retention.
begin;
select plan(86);
select tests.create_user('owner1');
select tests.create_user('owner2');
select tests.create_user('owner3');
select tests.create_user('owner4');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_user('r1', 'counsellor');
select tests.create_user('r2', 'counsellor');
select tests.create_user('r3', 'counsellor');
insert into public.user_roles (user_id, role)
  select tests.user_id(h), 'reader' from unnest(array['r1', 'r2', 'r3']) h;
select tests.create_catalogue();

create temp table tap (k text primary key, v uuid);
insert into tap select 'intake', i.id from public.intakes i where i.term = 'Tap Open Term';
insert into public.applications (applicant_id, course_id, intake_id, answers)
  select tests.user_id('owner' || n), i.course_id, i.id,
    case when n = 2 then '{"academic": [{"institution": "Hillside Academy"}]}'::jsonb else '{}'::jsonb end
  from public.intakes i, generate_series(1, 4) n where i.id = (select v from tap where k = 'intake');
insert into tap select 'a' || n, a.id from generate_series(1, 4) n
  join public.applications a on a.applicant_id = tests.user_id('owner' || n);
create or replace function pg_temp.app(n integer) returns uuid language sql as $$ select v from pg_temp.tap where k = 'a' || n $$;
create or replace function pg_temp.read_of(n integer, reader text) returns uuid language sql security definer as $$
  select r.id from public.application_reads r where r.application_id = pg_temp.app(n) and r.reader_id = tests.user_id(reader) $$;
create or replace function pg_temp.read_version(id uuid) returns integer language sql security definer as $$
  select r.version from public.application_reads r where r.id = id $$;
create or replace function pg_temp.submit(n integer) returns void language sql as $$
  update public.applications set status = 'submitted', submitted_at = now(),
    reference = 'UP-2026-TAPR0' || n where id = pg_temp.app(n) $$;
grant select, insert on tap to anon, authenticated, service_role;
-- A reader a school conflict would keep away from owner2's application, "Hillside Academy".
insert into public.reader_conflicts (reader_id, school, reason)
  values (tests.user_id('r3'), 'hillside academy', 'I taught there');

-- Scoresheets: administrators define them; the criteria are checked.
select tests.authenticate_as('counsellor');
select throws_ok($$select public.save_scoresheet(null, null, 'application', null, null, 'Default',
  '[{"key": "fit", "label": "Fit", "weight": 1, "min": 1, "max": 5, "levels": ["a","b","c","d","e"]}]')$$,
  '42501', null, 'a counsellor cannot define a scoresheet');
select throws_ok($$insert into public.scoresheets (name) values ('x')$$, '42501', null, 'nobody writes scoresheets directly');
select tests.authenticate_as('admin');
select throws_ok($$select public.save_scoresheet(null, null, 'application', null, null, 'Default',
  '[{"key": "fit", "label": "Fit", "weight": 1, "min": 1, "max": 5, "levels": ["a","b"]}]')$$,
  '22023', '"Fit" needs words for each of its 5 levels (300 characters each at most).', 'a rubric needs words for every level');
select throws_ok($$select public.save_scoresheet(null, null, 'application', null, null, 'Default', '[]')$$,
  '22023', 'A scoresheet needs at least one criterion.', 'a scoresheet needs a criterion');
select lives_ok($$select public.save_scoresheet(null, null, 'application', null, null, 'Default',
  '[{"key": "academic", "label": "Academic record", "weight": 2, "min": 1, "max": 5, "levels": ["Weak","Fair","Good","Very good","Excellent"], "comment": true},
    {"key": "motivation", "label": "Motivation", "weight": 1, "min": 1, "max": 5, "levels": ["1","2","3","4","5"]}]')$$,
  'an administrator defines the default scoresheet');
insert into tap select 'sheet', s.id from public.scoresheets s where s.course_id is null and s.intake_id is null and s.purpose = 'application';
select is(tests.row_count($$select 1 from public.scoresheet_versions where scoresheet_id = (select v from pg_temp.tap where k = 'sheet')$$), 1, 'the scoresheet has its first version');
select throws_ok($$update public.scoresheet_versions set criteria = '[]'$$, '42501', null, 'a version is not rewritten through the API');

-- Readers are staff.
select throws_ok($$select public.set_staff_role(tests.user_id('owner4'), 'reader', true)$$, 'P0001',
  'Readers are members of staff: make them a counsellor or an administrator first.', 'an applicant cannot be made a reader');

-- Assignment on submission: two reads each, balanced, never the same reader twice.
select tests.clear_authentication();
-- r3 takes no reads for now (a cap of 0), so the first application goes to r1 and r2.
insert into public.reader_settings (reader_id, max_open_reads) values (tests.user_id('r3'), 0);
select pg_temp.submit(1);
select is(tests.row_count($$select distinct reader_id from public.application_reads where application_id = pg_temp.app(1)$$), 2, 'a submitted application gets its two readers');
select is(tests.row_count($$select 1 from public.application_reads where reader_id = tests.user_id('r3')$$), 0, 'a reader with a cap of 0 is given nothing');
update public.reader_settings set max_open_reads = null where reader_id = tests.user_id('r3');
select pg_temp.submit(2);
select is(tests.row_count($$select 1 from public.application_reads where application_id = pg_temp.app(2)$$), 2, 'the second application gets two readers too');
select is(tests.row_count($$select 1 from public.application_reads where application_id = pg_temp.app(2) and reader_id = tests.user_id('r3')$$), 0, 'a reader with a conflict with the applicant''s school is never given it');
insert into public.reader_settings (reader_id, max_open_reads) values (tests.user_id('r1'), 2);
insert into public.reader_settings (reader_id, max_open_reads) values (tests.user_id('r2'), 2);
select pg_temp.submit(3);
select is(tests.row_count($$select 1 from public.application_reads where application_id = pg_temp.app(3)$$), 1, 'readers at their cap get no more: only the reader under it is assigned');
select is(tests.row_count($$select 1 from public.application_reads where application_id = pg_temp.app(3) and reader_id = tests.user_id('r3')$$), 1, 'the free reader takes it');
select is(public.reader_open_reads(tests.user_id('r1')), 2, 'r1 holds no more than their cap');
update public.reader_settings set max_open_reads = 40 where reader_id = tests.user_id('r2');
select tests.authenticate_as('admin');
select is(public.assign_reads(array[pg_temp.app(3)]), 1, 'assigning again later fills the read that was missing');
select is(public.assign_reads(array[pg_temp.app(3)]), 0, 'and assigning a third time adds nothing');
select tests.authenticate_as('counsellor');
select throws_ok($$select public.assign_reads(array[pg_temp.app(4)])$$, '42501', null, 'a counsellor cannot assign reads');
select tests.authenticate_as('owner1');
select throws_ok($$select public.assign_reads(array[pg_temp.app(1)])$$, '42501', null, 'an applicant cannot assign reads');

insert into tap select 'r1a1', pg_temp.read_of(1, 'r1');
insert into tap select 'r2a1', pg_temp.read_of(1, 'r2');

-- Who sees reads before anyone scores.
select tests.authenticate_as('owner1');
select is(tests.row_count($$select 1 from public.application_reads$$), 0, 'an applicant sees no read, not even of their own application');
select throws_ok($$insert into public.application_reads (application_id, reader_id) values (pg_temp.app(1), tests.user_id('owner1'))$$, '42501', null, 'an applicant cannot make a read');
select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.application_reads$$, '42501', null, 'anon cannot read reads');
select tests.authenticate_as('r1');
select is(tests.row_count($$select 1 from public.application_reads$$), 2, 'a reader sees their own two reads');
select throws_ok($$update public.application_reads set total = 100, version = 1 where reader_id = tests.user_id('r1')$$, '42501', null, 'a reader cannot write a read directly');

-- Scoring: checked against the criteria, versions as elsewhere.
select throws_ok($$select public.save_read((select v from pg_temp.tap where k = 'r1a1'), 1, '{"academic": 9}', '{}', null, '')$$,
  '22023', '"Academic record" is scored from 1 to 5.', 'a score off the scale is refused');
select throws_ok($$select public.save_read((select v from pg_temp.tap where k = 'r1a1'), 1, '{"academic": 5}', '{"motivation": "x"}', null, '')$$,
  '22023', 'A comment names a criterion that takes no comment.', 'a comment on a criterion that takes none is refused');
select throws_ok($$select public.save_read((select v from pg_temp.tap where k = 'r1a1'), 1, '{"academic": 5}', '{}', null, '', true)$$,
  '22023', 'Score "Motivation" before you send this read.', 'a read is sent only with every criterion scored');
select lives_ok($$select public.save_read((select v from pg_temp.tap where k = 'r1a1'), 1, '{"academic": 5}', '{"academic": "Top of the class"}', null, 'Strong')$$,
  'a reader saves a draft');
select throws_ok($$select public.save_read((select v from pg_temp.tap where k = 'r1a1'), 1, '{"academic": 4}', '{}', null, '')$$,
  'PT409', null, 'a draft saved from a stale tab is refused, not overwritten');
select throws_ok($$select public.save_read((select v from pg_temp.tap where k = 'r2a1'), 1, '{"academic": 1}', '{}', null, '')$$,
  '42501', 'This read is not assigned to you.', 'a reader cannot score another reader''s read');
select is((select status from public.application_reads where id = (select v from pg_temp.tap where k = 'r1a1')), 'draft', 'the draft is kept');

-- The second reader sends first; the first still sees only their own read.
select tests.authenticate_as('r2');
select lives_ok($$select public.save_read((select v from pg_temp.tap where k = 'r2a1'), 1, '{"academic": 1, "motivation": 1}', '{}', 'do_not_recommend', 'Weak', true)$$,
  'the second reader sends their read');
select is((select total from public.application_reads where id = (select v from pg_temp.tap where k = 'r2a1')), 0.00::numeric, 'the lowest scores weigh to 0');
select is(tests.row_count($$select 1 from public.application_reads where application_id = pg_temp.app(1)$$), 1, 'another reader''s draft stays hidden, even from one who has sent');

select tests.authenticate_as('r1');
select is(tests.row_count($$select 1 from public.application_reads where application_id = pg_temp.app(1)$$), 1, 'blind first read: with their own read open, a reader does not see the read already sent');
select is((select blind from public.read_results(array[pg_temp.app(1)])), true, 'the results are blind to them too');
select is((select mean_total from public.read_results(array[pg_temp.app(1)])), null, 'and show them no total');
select is((select count(*)::integer from public.committee_ranking((select v from pg_temp.tap where k = 'intake'), false) where mean_total is not null), 0, 'the ranking shows them no total where their read is open');
select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.application_reads where application_id = pg_temp.app(1)$$), 1, 'a counsellor reading nothing sees the read sent, not the draft');
select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.application_reads where application_id = pg_temp.app(1)$$), 2, 'an administrator sees every read, drafts included');

select tests.authenticate_as('r1');
select lives_ok($$select public.save_read((select v from pg_temp.tap where k = 'r1a1'), 2, '{"academic": 5, "motivation": 5}', '{"academic": "Top of the class"}', 'strongly_recommend', 'Strong', true)$$,
  'the first reader sends theirs');
select is(tests.row_count($$select 1 from public.application_reads where application_id = pg_temp.app(1)$$), 2, 'having sent, they see both reads');
select throws_ok($$select public.save_read((select v from pg_temp.tap where k = 'r1a1'), 3, '{"academic": 1, "motivation": 1}', '{}', 'recommend', '', true)$$,
  'P0001', null, 'a sent read can no longer be changed');
select is((select total from public.application_reads where id = (select v from pg_temp.tap where k = 'r1a1')), 100.00::numeric, 'the highest scores weigh to 100');

-- Results: complete, and two reads 100 points apart disagree.
select tests.authenticate_as('counsellor');
select is((select reads_submitted from public.read_results(array[pg_temp.app(1)])), 2, 'reads complete 2/2');
select is((select mean_total from public.read_results(array[pg_temp.app(1)])), 50.00::numeric, 'the mean of the weighted totals');
select is((select disagreement from public.read_results(array[pg_temp.app(1)])), true, 'reads further apart than the margin are flagged');
select is((select count(*)::integer from public.committee_ranking((select v from pg_temp.tap where k = 'intake'))), 1, 'the committee ranking lists the applications whose reads are complete');
select throws_ok($$select public.request_extra_read(pg_temp.app(1))$$, '42501', null, 'a counsellor cannot ask for a third read');
select tests.authenticate_as('admin');
select is((select reader_id from public.request_extra_read(pg_temp.app(1))), tests.user_id('r3'), 'a third read goes to the one reader who has not read it');
select throws_ok($$select public.request_extra_read(pg_temp.app(1))$$, 'P0001', null, 'only one extra read waits at a time');
select is((select reads_required from public.read_results(array[pg_temp.app(1)])), 2, 'the intake still asks for two');
select is((select reads_assigned from public.read_results(array[pg_temp.app(1)])), 3, 'and the application now has three');

-- Versions: an edit after scoring makes a new version; sent reads keep theirs.
select lives_ok($$select public.save_scoresheet((select v from pg_temp.tap where k = 'sheet'), 1, null, null, null, 'Default',
  '[{"key": "academic", "label": "Academic record", "weight": 3, "min": 1, "max": 5, "levels": ["Weak","Fair","Good","Very good","Excellent"], "comment": true}]')$$,
  'an administrator edits the scoresheet after scoring started');
select is((select current_version from public.scoresheets where id = (select v from pg_temp.tap where k = 'sheet')), 2, 'the edit made version 2');
select is((select v.number from public.application_reads r join public.scoresheet_versions v on v.id = r.scoresheet_version_id where r.id = (select v from pg_temp.tap where k = 'r1a1')), 1, 'the sent read keeps version 1');
select throws_ok($$select public.save_scoresheet((select v from pg_temp.tap where k = 'sheet'), 1, null, null, null, 'Stale', '[{"key": "a", "label": "A", "weight": 1, "min": 0, "max": 1, "levels": ["no","yes"]}]')$$,
  'PT409', null, 'a scoresheet saved from a stale page is refused');
select is(tests.row_count($$select 1 from public.audit_log where entity in ('scoresheets', 'scoresheet_versions')$$), 4, 'scoresheet changes are in the audit log');

-- Reassigning, and a conflict declared from the read.
select tests.authenticate_as('admin');
select throws_ok($$select public.reassign_read((select v from pg_temp.tap where k = 'r1a1'), 3, tests.user_id('r3'))$$, 'P0001', null, 'a sent read stays with its reader');
insert into tap select 'r3a3', pg_temp.read_of(3, 'r3');
select throws_ok($$select public.reassign_read((select v from pg_temp.tap where k = 'r3a3'), 1, tests.user_id('counsellor'))$$, 'P0001', 'Only a reader can be given a read.', 'a read goes to readers only');
select tests.authenticate_as('r3');
select lives_ok($$select public.declare_read_conflict((select v from pg_temp.tap where k = 'r3a3'), null, 'My neighbour')$$, 'a reader declares a conflict with an applicant from the read');
select is(tests.row_count($$select 1 from public.application_reads where application_id = pg_temp.app(3)$$), 0, 'their read of it is gone');
select is(tests.row_count($$select 1 from public.reader_conflicts$$), 2, 'and they see their two conflicts');
select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.application_reads where application_id = pg_temp.app(3) and reader_id = tests.user_id('r3')$$), 0, 'the application is never given back to them');
select is(tests.row_count($$select 1 from public.application_reads where application_id = pg_temp.app(3)$$), 2, 'it has two readers again');
select tests.authenticate_as('r1');
select is(tests.row_count($$select 1 from public.reader_conflicts$$), 0, 'a reader does not see another reader''s conflicts');

-- Settings, for administrators only.
select tests.authenticate_as('counsellor');
select throws_ok($$select public.set_assessment_settings(10, 20, 30)$$, '42501', null, 'a counsellor cannot change the assessment settings');
select throws_ok($$select public.set_reader_settings(tests.user_id('r1'), 5, false)$$, '42501', null, 'a counsellor cannot change a reader''s cap');
select throws_ok($$select public.assign_missing_reads()$$, '42501', null, 'a counsellor cannot assign the missing reads');
select tests.authenticate_as('admin');
select throws_ok($$select public.set_assessment_settings(0, 20, 30)$$, '22023', 'A reader holds from 1 to 10,000 open reads.', 'a cap of 0 for everyone is refused');
select is((select reader_cap from public.set_assessment_settings(30, 25, 400)), 30, 'an administrator sets the office''s cap');
select throws_ok($$select public.set_reader_settings(tests.user_id('counsellor'), 5, false)$$, 'P0002', 'This person is not a reader.', 'only readers have reader settings');
select is((select paused from public.set_reader_settings(tests.user_id('r1'), null, true)), true, 'an administrator pauses a reader');
select is((select cap from public.reader_progress() where reader_id = tests.user_id('r1')), 0, 'a paused reader takes nothing');
select ok(public.assign_missing_reads() > 0, 'the missing reads of the applications being assessed are assigned');
select is(public.assign_missing_reads(), 0, 'and assigning them again adds nothing');

-- Progress for administrators only.
select tests.authenticate_as('r1');
select throws_ok($$select * from public.reader_progress()$$, '42501', null, 'a reader does not see everyone''s progress');
select tests.authenticate_as('admin');
select is((select submitted from public.reader_progress() where reader_id = tests.user_id('r1')), 1, 'progress counts each reader''s sent reads');
select is((select drift from public.reader_progress() where reader_id = tests.user_id('r1')), 100.00::numeric, 'and how far their totals sit from the others''');

-- A reader who stops reading gives back what they had not sent.
select lives_ok($$select public.set_staff_role(tests.user_id('r2'), 'reader', false)$$, 'an administrator takes the reader role away');
select is(tests.row_count($$select 1 from public.application_reads where reader_id = tests.user_id('r2') and status <> 'submitted'$$), 0, 'their open reads are gone');
select is(tests.row_count($$select 1 from public.application_reads where reader_id = tests.user_id('r2')$$), 1, 'their sent read stays');

-- Retention: comments go a period after the intake is archived; scores stay.
select tests.clear_authentication();
update public.admissions_settings set read_comment_retention_days = 0;
update public.intakes set status = 'archived' where id = (select v from tap where k = 'intake');
update public.intakes set archived_at = now() - interval '1 day' where id = (select v from tap where k = 'intake');
select tests.authenticate_as('counsellor');
select throws_ok($$select public.erase_old_read_comments()$$, '42501', null, 'only the server runs the retention job');
select tests.authenticate_as_service_role();
select ok(public.erase_old_read_comments() >= 2, 'the job erases the comments of the archived intake''s reads');
select is((select overall_comment || (comments::text) from public.application_reads where id = (select v from pg_temp.tap where k = 'r1a1')), '{}', 'the comments are gone');
select is((select total from public.application_reads where id = (select v from pg_temp.tap where k = 'r1a1')), 100.00::numeric, 'the score stays');

select * from finish();
rollback;
