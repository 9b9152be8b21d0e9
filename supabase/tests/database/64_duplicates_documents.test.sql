-- Possible duplicates (the same person under a second account: folded name with date of birth, or
-- phone, passport number or e-mail mailbox), the "not a duplicate" record, and documents opened through the app with each opening kept.
begin;
select plan(23);
select tests.create_user('zoe1');
select tests.create_user('zoe2');
select tests.create_user('amara');
select tests.create_user('kofi');
select tests.create_user('lena');
select tests.create_user('mia');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();
create temp table tap (k text primary key, v uuid);
-- Amara's second application is for a later intake of the course.
insert into public.intakes (course_id, term, start_date, deadline, status)
  select i.course_id, 'Tap Second Term', i.start_date + 120, i.deadline + 120, 'open' from public.intakes i
  where i.term = 'Tap Open Term';
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, answers)
  select tests.user_id(who), i.course_id, i.id, 'under_review', ref, now(), answers::jsonb
  from public.intakes i, (values
    ('zoe1', 'UP-2026-DUPL01', '{"personal": {"full_name": "Zoë  Müller", "date_of_birth": "2004-05-06", "phone": "+234 803 123 4567", "passport_number": "A12345678"}}'),
    ('zoe2', 'UP-2026-DUPL02', '{"personal": {"full_name": "zoe muller", "date_of_birth": "2004-05-06", "phone": "0803 999 0000"}}'),
    ('amara', 'UP-2026-DUPL03', '{"personal": {"full_name": "Amara Okafor", "date_of_birth": "2003-01-01", "phone": "+234 (803) 123-4567"}}'),
    ('amara', 'UP-2026-DUPL04', '{"personal": {"full_name": "Amara Okafor", "date_of_birth": "2003-01-01", "passport_number": "X1 2"}}'),
    ('kofi', 'UP-2026-DUPL05', '{"personal": {"full_name": "Kofi Mensah", "date_of_birth": "2001-02-03", "passport_number": "a1 2345-678"}}'),
    ('lena', 'UP-2026-DUPL06', '{"personal": {"full_name": "Lena Berg", "date_of_birth": "2002-03-04", "passport_number": "x12"}}'),
    ('mia', 'UP-2026-DUPL07', '{"personal": {"full_name": "Mia Stone", "date_of_birth": "2000-07-08"}}')) s (who, ref, answers)
  where i.term = case ref when 'UP-2026-DUPL04' then 'Tap Second Term' else 'Tap Open Term' end;
insert into tap select lower(right(a.reference, 2)), a.id from public.applications a where a.reference like 'UP-2026-DUPL0%';
-- As submit_application records them: zoe2 and mia wrote one Gmail mailbox two ways.
update public.applications set applicant_email_key = public.email_key('Zoe.Muller@gmail.com') where reference = 'UP-2026-DUPL02';
update public.applications set applicant_email_key = public.email_key('zoemuller+second@GoogleMail.com') where reference = 'UP-2026-DUPL07';
insert into storage.objects (bucket_id, name, owner, metadata)
  select 'application-documents', a.applicant_id || '/' || a.id || '/' || gen_random_uuid() || '-passport.pdf', a.applicant_id,
    '{"size": 2048, "mimetype": "application/pdf"}'
  from public.applications a where a.reference = 'UP-2026-DUPL01';
insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type)
  select a.id, 'passport', o.name, 'passport.pdf', 2048, 'application/pdf'
  from public.applications a join storage.objects o on o.name like a.applicant_id || '/' || a.id || '/%'
  where a.reference = 'UP-2026-DUPL01';
insert into tap select 'passport', d.id from public.application_documents d where d.application_id = (select v from tap where k = '01');
grant select on tap to anon, authenticated, service_role;
create function pg_temp.app(key text) returns uuid language sql stable as $$ select v from pg_temp.tap where k = key $$;

select tests.authenticate_as('counsellor');
select is((select string_agg(reference || ': ' || array_to_string(matched_on, ', '), '; ' order by reference) from public.possible_duplicates(pg_temp.app('01'))),
  'UP-2026-DUPL02: name and date of birth; UP-2026-DUPL03: phone number; UP-2026-DUPL05: passport number',
  'Zoë Müller matches "zoe muller" on name and date of birth, Amara on the phone number and Kofi on the passport number, each written another way');
select is((select count(*) from public.possible_duplicates(pg_temp.app('06'))), 0::bigint, 'a passport number too short to tell people apart matches nothing');
select is(array[public.email_key(' A.B+uni@Example.com '), public.email_key('not an address'), public.email_key('@x.org')],
  array['a.b@example.com', null, null], 'an e-mail key keeps the mailbox: no +tag, no case; anything else is none');
select is((select string_agg(reference || ': ' || array_to_string(matched_on, ', '), '; ') from public.possible_duplicates(pg_temp.app('07'))),
  'UP-2026-DUPL02: e-mail address', 'one Gmail mailbox written with dots, a +tag and googlemail.com is one applicant');
select is((select count(*) from public.possible_duplicates(pg_temp.app('03')) where reference = 'UP-2026-DUPL04'), 0::bigint, 'an applicant''s own second application is not a duplicate');
select is((select array_agg(x order by x) from public.flag_possible_duplicates(array[pg_temp.app('01'), pg_temp.app('04')]) x), array[pg_temp.app('01')], 'the queue flags the application with a match, not the one without');
select lives_ok($$select public.dismiss_duplicate(pg_temp.app('02'), pg_temp.app('01'))$$, 'a counsellor marks the pair as different people');
select is((select string_agg(reference, ', ' order by reference) from public.possible_duplicates(pg_temp.app('01'))), 'UP-2026-DUPL03, UP-2026-DUPL05', 'the flag goes from the first');
select is((select count(*) from public.possible_duplicates(pg_temp.app('02')) where reference = 'UP-2026-DUPL01'), 0::bigint, 'and from the second');
select is((select dismissed_by from public.duplicate_dismissals), tests.user_id('counsellor'), 'who said so is recorded');
select is(tests.row_count($$select 1 from public.duplicate_dismissals$$), 1, 'staff read the record');
select throws_ok($$select public.dismiss_duplicate(pg_temp.app('02'), pg_temp.app('01'))$$, 'P0001', 'Those applications are not flagged as possible duplicates.', 'a pair no longer flagged cannot be dismissed again');
select tests.clear_authentication();
select is((select count(*) from public.audit_log where entity = 'duplicate_dismissals'), 1::bigint, 'the decision is in the audit log');

select tests.authenticate_as('zoe1');
select throws_ok($$select * from public.possible_duplicates(pg_temp.app('01'))$$, '42501', null, 'an applicant cannot look for duplicates');
select is(tests.row_count($$select 1 from public.duplicate_dismissals$$), 0, 'nor read the dismissals');
select throws_ok($$select public.dismiss_duplicate(pg_temp.app('01'), pg_temp.app('03'))$$, '42501', null, 'nor dismiss one');
select throws_ok($$select * from public.open_application_document(pg_temp.app('passport'))$$, '42501', null, 'an applicant opens their files through storage, not this');

-- Documents opened through the app: each opening recorded; the counsellor sees their own, the admin all.
select tests.authenticate_as('counsellor');
select is((select file_name from public.open_application_document(pg_temp.app('passport'))), 'passport.pdf', 'staff open a document and get its path to sign');
select throws_ok($$select * from public.open_application_document(gen_random_uuid())$$, 'P0002', 'That document was not found.', 'an unknown document is not found');
select tests.authenticate_as('admin');
select is((select file_name from public.open_application_document(pg_temp.app('passport'))), 'passport.pdf', 'an administrator opens it too');
select is((select openings::text || ' ' || last_opened_by from public.document_openings_of(pg_temp.app('01'))), '2 admin', 'the review screen reads how often and who last');
select is(tests.row_count($$select 1 from public.document_openings$$), 2, 'administrators read every opening');
select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.document_openings$$), 1, 'a counsellor reads only their own');

select * from finish();
rollback;
