-- notification_outbox: e-mail waiting to be sent. Staff may read it; only the service role (the
-- sender) changes it.
begin;
select plan(20);
select tests.create_user('applicant');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
insert into public.notification_outbox (recipient, user_id, kind, subject, body)
  values ('applicant@tap.test', tests.user_id('applicant'), 'application_submitted', 'Received', 'Thanks');

select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.notification_outbox$$, '42501', null, 'anon cannot read the outbox');
select throws_ok($$insert into public.notification_outbox (recipient, kind, subject, body) values ('x@tap.test', 'application_submitted', 's', 'b')$$, '42501', null, 'anon cannot queue mail');
select throws_ok($$update public.notification_outbox set sent_at = now()$$, '42501', null, 'anon cannot update');
select throws_ok($$delete from public.notification_outbox$$, '42501', null, 'anon cannot delete');

select tests.authenticate_as('applicant');
select is(tests.row_count($$select 1 from public.notification_outbox$$), 0, 'an applicant reads no queued mail, not even their own');
select throws_ok($$insert into public.notification_outbox (recipient, kind, subject, body) values ('x@tap.test', 'application_submitted', 's', 'b')$$, '42501', null, 'an applicant cannot queue mail');
select throws_ok($$update public.notification_outbox set body = 'Phish'$$, '42501', null, 'an applicant cannot rewrite mail');
select throws_ok($$delete from public.notification_outbox$$, '42501', null, 'an applicant cannot delete mail');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.notification_outbox where recipient like '%@tap.test'$$), 1, 'a counsellor reads the outbox');
select throws_ok($$insert into public.notification_outbox (recipient, kind, subject, body) values ('x@tap.test', 'application_submitted', 's', 'b')$$, '42501', null, 'a counsellor cannot queue mail');
select throws_ok($$update public.notification_outbox set body = 'Edited'$$, '42501', null, 'a counsellor cannot rewrite mail');
select throws_ok($$delete from public.notification_outbox$$, '42501', null, 'a counsellor cannot delete mail');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.notification_outbox where recipient like '%@tap.test'$$), 1, 'an administrator reads the outbox');
select throws_ok($$insert into public.notification_outbox (recipient, kind, subject, body) values ('x@tap.test', 'application_submitted', 's', 'b')$$, '42501', null, 'an administrator cannot queue mail');
select throws_ok($$update public.notification_outbox set body = 'Edited'$$, '42501', null, 'an administrator cannot rewrite mail');
select throws_ok($$delete from public.notification_outbox$$, '42501', null, 'an administrator cannot delete mail');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.notification_outbox where recipient like '%@tap.test'$$), 1, 'the sender reads the outbox');
select is(tests.row_count($$insert into public.notification_outbox (recipient, kind, subject, body) values ('x@tap.test', 'application_submitted', 's', 'b')$$), 1, 'the sender queues mail');
select is(tests.row_count($$update public.notification_outbox set sent_at = now() where recipient like '%@tap.test'$$), 2, 'the sender stamps mail as sent');
select is(tests.row_count($$delete from public.notification_outbox where recipient = 'x@tap.test'$$), 1, 'the sender deletes mail');

select * from finish();
rollback;
