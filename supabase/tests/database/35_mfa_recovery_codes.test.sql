-- Recovery codes for two-step verification: made only after the second step, kept as hashes, each
-- works once for its owner alone, wrong guesses are limited, and using one tells the owner.
begin;
select plan(17);
select tests.create_user('amara');
select tests.create_user('bola');
create temp table tap (k text, v text);
grant select, insert on tap to authenticated;
create function pg_temp.as_aal2(handle text) returns void language plpgsql as $$
begin
  perform tests.authenticate_as(handle);
  perform set_config('request.jwt.claims', (current_setting('request.jwt.claims')::jsonb || '{"aal": "aal2"}')::text, true);
end $$;

select tests.authenticate_as('amara');
select throws_ok($$select public.issue_mfa_recovery_codes()$$, '42501',
  'Enter a code from your authenticator app first, then make recovery codes.', 'a session at aal1 makes no codes');
select pg_temp.as_aal2('amara');
insert into tap select 'amara', c from public.issue_mfa_recovery_codes() c;
select is((select count(distinct v) from tap where k = 'amara'), 10::bigint, 'after the second step, ten different codes are made');
select ok((select bool_and(v ~ '^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$') from tap), 'each is five and five characters of an unambiguous alphabet');
select throws_ok($$select 1 from public.mfa_recovery_codes$$, '42501', null, 'the owner cannot read the stored codes');
select is((select (s.remaining, s.issued) from public.mfa_recovery_code_status() s), row(10, 10), 'the status counts ten unused of ten');

select tests.clear_authentication();
select is((select count(*) from public.mfa_recovery_codes c join tap t on c.code_hash like '%' || replace(t.v, '-', '') || '%'),
  0::bigint, 'no code is stored as typed');

select tests.authenticate_as('bola');
select is(public.redeem_mfa_recovery_code((select v from tap limit 1)), false, 'another account cannot spend the codes');
select is((select (s.remaining, s.issued) from public.mfa_recovery_code_status() s), row(0, 0), 'and sees none of them');

select tests.authenticate_as('amara');
select is(public.redeem_mfa_recovery_code(upper(replace((select min(v) from tap), '-', ' '))), true,
  'the owner at aal1 spends a code typed in capitals with a space');
select is(public.redeem_mfa_recovery_code((select min(v) from tap)), false, 'the same code does not work twice');
select is((select s.remaining from public.mfa_recovery_code_status() s), 9, 'nine are left');
select tests.clear_authentication();
select is((select count(*) from public.notification_outbox o where o.user_id = tests.user_id('amara') and o.kind = 'mfa_recovery_used'
  and o.subject = 'A recovery code was used to sign in to Unipath'), 1::bigint, 'the owner is told by e-mail, once');

select tests.authenticate_as('amara');
select public.redeem_mfa_recovery_code('00000-00000') from generate_series(1, 4);
select throws_ok($$select public.redeem_mfa_recovery_code((select max(v) from pg_temp.tap))$$, 'PT429',
  'Too many wrong recovery codes. Wait 15 minutes, then try again.', 'after five wrong codes even a right one waits (429)');
select throws_ok($$select 1 from public.mfa_recovery_attempts$$, '42501', null, 'nobody reads the wrong guesses through the API');

select throws_ok($$select public.discard_mfa_recovery_codes()$$, '42501',
  'Enter a code from your authenticator app first.', 'a session at aal1 cannot throw the codes away');
select pg_temp.as_aal2('amara');
select public.discard_mfa_recovery_codes();
select is((select (s.remaining, s.issued) from public.mfa_recovery_code_status() s), row(0, 0), 'at aal2 the owner discards them');

select tests.authenticate_as_anon();
select throws_ok($$select public.redeem_mfa_recovery_code('00000-00000')$$, '42501', null, 'a visitor cannot try codes at all');

select * from finish();
rollback;
