-- currency_rates: everyone reads every rate; only administrators write.
begin;
select plan(24);
select tests.create_user('applicant');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
insert into public.currency_rates (currency, rate_to_usd, as_of) values ('XTS', 2, '2026-01-01');

select tests.authenticate_as_anon();
select is(tests.row_count($$select 1 from public.currency_rates where currency = 'XTS'$$), 1, 'anon reads rates');
select throws_ok($$insert into public.currency_rates values ('XTS', 3, '2026-02-01')$$, '42501', null, 'anon cannot insert');
select throws_ok($$update public.currency_rates set rate_to_usd = 9 where currency = 'XTS'$$, '42501', null, 'anon cannot update');
select throws_ok($$delete from public.currency_rates where currency = 'XTS'$$, '42501', null, 'anon cannot delete');
select is(tests.row_count($$select 1 from public.latest_currency_rates where currency = 'XTS'$$), 1, 'anon reads the newest rate');
select throws_ok($$delete from public.latest_currency_rates$$, '42501', null, 'anon cannot delete through the view');

select tests.authenticate_as('applicant');
select is(tests.row_count($$select 1 from public.currency_rates where currency = 'XTS'$$), 1, 'an applicant reads rates');
select throws_ok($$insert into public.currency_rates values ('XTS', 3, '2026-02-01')$$, '42501', null, 'an applicant cannot insert');
select is(tests.row_count($$update public.currency_rates set rate_to_usd = 9 where currency = 'XTS'$$), 0, 'an applicant updates no rate');
select is(tests.row_count($$delete from public.currency_rates where currency = 'XTS'$$), 0, 'an applicant deletes no rate');
select throws_ok($$update public.latest_currency_rates set rate_to_usd = 0$$, '42501', null, 'an applicant cannot update through the view');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.currency_rates where currency = 'XTS'$$), 1, 'a counsellor reads rates');
select throws_ok($$insert into public.currency_rates values ('XTS', 3, '2026-02-01')$$, '42501', null, 'a counsellor cannot insert');
select is(tests.row_count($$update public.currency_rates set rate_to_usd = 9 where currency = 'XTS'$$), 0, 'a counsellor updates no rate');
select is(tests.row_count($$delete from public.currency_rates where currency = 'XTS'$$), 0, 'a counsellor deletes no rate');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.currency_rates where currency = 'XTS'$$), 1, 'an administrator reads rates');
select is(tests.row_count($$insert into public.currency_rates values ('XTS', 3, '2026-02-01')$$), 1, 'an administrator inserts');
select is(tests.row_count($$update public.currency_rates set rate_to_usd = rate_to_usd + 1 where currency = 'XTS'$$), 2, 'an administrator updates');
select is(tests.row_count($$delete from public.currency_rates where currency = 'XTS' and as_of = '2026-02-01'$$), 1, 'an administrator deletes');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.currency_rates where currency = 'XTS'$$), 1, 'the service role reads rates');
select is(tests.row_count($$insert into public.currency_rates values ('XTS', 4, '2026-03-01')$$), 1, 'the service role inserts');
select is(tests.row_count($$update public.currency_rates set rate_to_usd = rate_to_usd + 1 where currency = 'XTS'$$), 2, 'the service role updates');
select is(tests.row_count($$delete from public.currency_rates where currency = 'XTS' and as_of = '2026-03-01'$$), 1, 'the service role deletes');
select throws_ok($$insert into public.latest_currency_rates values ('XTS', 1, '2026-04-01')$$, '42501', null, 'the view refuses writes even from the service role');

select * from finish();
rollback;
