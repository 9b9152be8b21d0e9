-- The conversation per application: public.application_messages, their attachments (files in
-- application-documents under <applicant>/<application>/messages/), read markers and unread counts,
-- and the notification a new message queues.
begin;
select plan(55);
select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('reviewer', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, assigned_to)
  select tests.user_id('owner'), i.course_id, i.id, 'under_review', 'UP-2026-TAPM01', now(), tests.user_id('reviewer')
  from public.intakes i where i.term = 'Tap Open Term';
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
  select tests.user_id('other'), i.course_id, i.id, 'submitted', 'UP-2026-TAPM02', now()
  from public.intakes i where i.term = 'Tap Open Term';
create temp table tap (k text primary key, v text);
insert into tap select 'app', a.id::text from public.applications a where a.reference = 'UP-2026-TAPM01';
insert into tap select 'other_app', a.id::text from public.applications a where a.reference = 'UP-2026-TAPM02';
insert into tap select 'file', tests.user_id('owner') || '/' || a.id || '/messages/1b4e28ba-2fa1-11d2-883f-0016d3cca427-scan.pdf'
  from public.applications a where a.reference = 'UP-2026-TAPM01';
insert into public.application_notes (application_id, author, body)
  select a.id, tests.user_id('counsellor'), 'Internal: check the transcript.' from public.applications a
  where a.reference = 'UP-2026-TAPM01';
grant select on tap to anon, authenticated, service_role;
create function pg_temp.v(key text) returns text language sql stable as $$ select v from pg_temp.tap where k = key $$;
create function pg_temp.events(person text, template text) returns bigint language sql stable security definer as
  $$ select count(*) from public.notification_events e where e.recipient_id = tests.user_id(person) and e.template_key = template $$;
create function pg_temp.letter(person text) returns text language sql stable security definer as
  $$ select r.body_text from public.notification_events e, public.render_template(e.template_key, e.fields) r
     where e.recipient_id = tests.user_id(person) and e.template_key = 'new_message' order by e.id limit 1 $$;
grant execute on all functions in schema pg_temp to anon, authenticated, service_role;

-- Anonymous callers have nothing.
select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.application_messages$$, '42501', null, 'anon cannot read messages');
select throws_ok($$select public.post_application_message(pg_temp.v('app')::uuid, 'Hi')$$, '42501', null, 'anon cannot post');

-- The applicant writes on their own application.
select tests.authenticate_as('owner');
select lives_ok($$select public.post_application_message(pg_temp.v('app')::uuid, E'  Hello, <script>alert(1)</script>\n ')$$, 'the applicant posts on their own application');
select is((select body from public.application_messages), 'Hello, <script>alert(1)</script>', 'the body is stored trimmed and as text');
select is((select author_role from public.application_messages), 'applicant', 'as the applicant');
select throws_ok($$select public.post_application_message(pg_temp.v('app')::uuid, E' \n\t ')$$, '22023', 'Write a message before sending it.', 'an empty message is refused');
select throws_ok($$select public.post_application_message(pg_temp.v('app')::uuid, repeat('a', 5001))$$, '22023', 'The message is 5001 characters long; it can be 5000 at most.', 'an oversized message is refused');
select lives_ok($$select public.post_application_message(pg_temp.v('app')::uuid, repeat('a', 5000))$$, '5000 characters are accepted');
select throws_ok($$select public.post_application_message(pg_temp.v('other_app')::uuid, 'Forged')$$, 'P0002', 'That application was not found, or you cannot write on it.', 'a message on another applicant''s application is refused');
select throws_ok($$select public.post_application_message(gen_random_uuid(), 'Forged')$$, 'P0002', null, 'and on an application that does not exist');
select throws_ok($$insert into public.application_messages (application_id, author_id, author_role, body) values (pg_temp.v('app')::uuid, auth.uid(), 'staff', 'Pretending')$$, '42501', null, 'nobody writes the table directly');
select throws_ok($$update public.application_messages set body = 'Edited'$$, '42501', null, 'nor edits a message');
select throws_ok($$delete from public.application_messages$$, '42501', null, 'nor removes one');
select is(tests.row_count($$select 1 from public.application_messages$$), 2, 'only the two valid messages were stored');
select is(tests.row_count($$select 1 from public.application_notes$$), 0, 'internal notes never reach the applicant');

-- An attachment is a file in the application's messages folder, held to the document rules.
select is(public.can_upload_message_file(pg_temp.v('file')), true, 'the applicant may have a file stored in the application''s messages folder');
select is(public.can_upload_message_file(replace(pg_temp.v('file'), 'scan.pdf', 'page.html')), false, 'but not a page');
select throws_ok($$insert into storage.objects (bucket_id, name, owner, metadata) values ('application-documents', pg_temp.v('file'), auth.uid(), '{"size": 2048, "mimetype": "application/pdf"}')$$, '42501', null, 'and never writes the bucket with their own token: the app server stores the file once it has checked its bytes');
select tests.authenticate_as_service_role();
insert into storage.objects (bucket_id, name, metadata)
  values ('application-documents', pg_temp.v('file'), '{"size": 2048, "mimetype": "application/pdf"}');
select tests.authenticate_as('owner');
select lives_ok($$select public.post_application_message(pg_temp.v('app')::uuid, 'My scan', jsonb_build_object('storage_path', pg_temp.v('file'), 'file_name', 'scan.pdf'))$$, 'and sends it with a message');
select is((select size_bytes from public.application_message_attachments), 2048::bigint, 'the size comes from storage');
select throws_ok($$select public.post_application_message(pg_temp.v('app')::uuid, 'Missing file', jsonb_build_object('storage_path', replace(pg_temp.v('file'), '1b4e28ba', '2b4e28ba'), 'file_name', 'scan.pdf'))$$, '22023', 'Upload the file before attaching it.', 'an attachment that was never uploaded is refused');
select is(tests.row_count($$select 1 from public.application_messages where body = 'Missing file'$$), 0, 'and its message is not stored');
select is(tests.row_count($$delete from storage.objects where name = pg_temp.v('file')$$), 0, 'a sent attachment cannot be deleted');

-- Another applicant sees nothing of it.
select tests.authenticate_as('other');
select is(tests.row_count($$select 1 from public.application_messages$$), 0, 'another applicant reads no message');
select is(tests.row_count($$select 1 from public.application_message_attachments$$), 0, 'nor any attachment');
select is(tests.row_count($$select 1 from storage.objects where name like '%/messages/%'$$), 0, 'nor any attachment file');
select is(tests.row_count($$select 1 from public.application_message_reads$$), 0, 'nor any read marker');
select is((select count(*)::integer from public.my_unread_messages()), 0, 'and has no unread messages');
select throws_ok($$select public.mark_messages_read(pg_temp.v('app')::uuid)$$, 'P0002', null, 'nor marks the owner''s thread read');
select is(public.can_upload_message_file(replace(pg_temp.v('file'), '1b4e28ba', '3b4e28ba')), false, 'nor may have a file stored in the owner''s messages folder');

-- Staff: the applicant's messages are unread until they open the thread, per person.
select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.application_messages$$), 3, 'staff read the thread');
select is(public.staff_unread_message_total(), 3, 'three unread messages for this member of staff');
select is((select unread from public.staff_unread_messages() where application_id = pg_temp.v('app')::uuid), 3, 'all on that application');
select lives_ok($$select public.mark_messages_read(pg_temp.v('app')::uuid)$$, 'opening the thread marks it read');
select is(public.staff_unread_message_total(), 0, 'and clears the count');
select is(tests.row_count($$select 1 from public.application_message_reads$$), 1, 'with one read marker of their own');
select is(pg_temp.events('reviewer', 'new_message_staff'), 3::bigint, 'the assigned reviewer was told of each applicant message');
select is(pg_temp.events('admin', 'new_message_staff'), 0::bigint, 'administrators are not, while a reviewer is assigned');
select is(pg_temp.events('owner', 'message_sent'), 3::bigint, 'and the applicant has a copy that each of their messages went');
select lives_ok($$select public.post_application_message(pg_temp.v('app')::uuid, 'Thanks, we have it.')$$, 'staff reply');
select is((select author_role from public.application_messages where body = 'Thanks, we have it.'), 'staff', 'as staff');
select is(pg_temp.events('owner', 'new_message'), 1::bigint, 'the applicant is told of the reply');
select matches(pg_temp.letter('owner'), 'sent you a message on \d+ \w+ \d{4} at \d\d:\d\d UTC .*/applications/[0-9a-f-]{36}#messages', 'the e-mail says when and links to the thread');
select unalike(pg_temp.letter('owner'), '%Thanks, we have it%', 'and does not carry the message itself');
select lives_ok($$select public.post_application_message(pg_temp.v('other_app')::uuid, 'Hello from admissions')$$, 'staff write on an application without a reviewer');

select tests.authenticate_as('reviewer');
select is(public.staff_unread_message_total(), 3, 'another member of staff still has them unread');

select tests.authenticate_as('other');
select lives_ok($$select public.post_application_message(pg_temp.v('other_app')::uuid, 'A question')$$, 'an applicant writes on an application with no reviewer');
select is(pg_temp.events('admin', 'new_message_staff'), 1::bigint, 'which tells the administrators');
select is(public.my_unread_message_total(), 1, 'their own unread count counts the team''s message only');

-- The applicant's unread count: the reply, until they read it.
select tests.authenticate_as('owner');
select is((select unread from public.my_unread_messages() where application_id = pg_temp.v('app')::uuid), 1, 'the reply is unread for the applicant');
select lives_ok($$select public.mark_messages_read(pg_temp.v('app')::uuid)$$, 'the applicant opens the thread');
select is(public.my_unread_message_total(), 0, 'and nothing is unread');

-- Too many messages in a short time.
select lives_ok($$select public.post_application_message(pg_temp.v('app')::uuid, 'Message ' || n) from generate_series(1, 7) n$$, 'up to ten messages in ten minutes');
select throws_ok($$select public.post_application_message(pg_temp.v('app')::uuid, 'One more')$$, 'PT429', null, 'the eleventh is refused as too many');

select tests.authenticate_as('counsellor');
select lives_ok($$select public.post_application_message(pg_temp.v('app')::uuid, 'Reply ' || n) from generate_series(1, 9) n$$, 'staff answering many applicants are not held to the applicants'' limit');

select * from finish();
rollback;
