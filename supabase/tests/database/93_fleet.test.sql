-- What app servers share: rate-limit windows and the setup-token digest are the service role's alone,
-- and so are the functions that count limits, match the token and mark outbox rows sent.
begin;
select plan(14);
select tests.create_user('applicant');
select tests.create_user('admin', 'admin');

select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.rate_limit_windows$$, '42501', null, 'anon cannot read rate-limit windows');
select throws_ok($$select 1 from public.admin_setup_token$$, '42501', null, 'anon cannot read the setup token');
select throws_ok($$select * from public.take_rate_limit('auth', 'x', 5, 60)$$, '42501', null, 'anon cannot count a limit');
select throws_ok($$select public.offer_setup_token('d')$$, '42501', null, 'anon cannot offer a setup token');

select tests.authenticate_as('applicant');
select throws_ok($$select 1 from public.rate_limit_windows$$, '42501', null, 'an applicant cannot read rate-limit windows');
select throws_ok($$insert into public.rate_limit_windows values ('auth', 'x', now(), 1)$$, '42501', null, 'an applicant cannot write a window');
select throws_ok($$select 1 from public.admin_setup_token$$, '42501', null, 'an applicant cannot read the setup token');
select throws_ok($$select * from public.take_rate_limit('auth', 'x', 5, 60)$$, '42501', null, 'an applicant cannot count a limit');
select throws_ok($$select public.setup_token_matches('d')$$, '42501', null, 'an applicant cannot test a setup token');
select throws_ok($$select public.mark_notification_sent('00000000-0000-0000-0000-000000000000')$$, '42501', null, 'an applicant cannot mark mail sent');

select tests.authenticate_as('admin');
select throws_ok($$select 1 from public.rate_limit_windows$$, '42501', null, 'an administrator cannot read rate-limit windows');
select throws_ok($$select 1 from public.admin_setup_token$$, '42501', null, 'an administrator cannot read the setup token');

select tests.authenticate_as_service_role();
select is((select allowed from public.take_rate_limit('pgtap', 'subject', 1, 60)), true, 'the service role counts a first attempt');
select is((select allowed from public.take_rate_limit('pgtap', 'subject', 1, 60)), false, 'and refuses the attempt over the limit');

select * from finish();
rollback;
