-- search_terms: everyone reads the dictionary; no API user writes it (refresh_search_terms() does).
begin;
select plan(20);
select tests.create_user('applicant');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
insert into public.search_terms (term, frequency) values ('taptermzz', 1);

select tests.authenticate_as_anon();
select is(tests.row_count($$select 1 from public.search_terms where term like 'tapterm%'$$), 1, 'anon reads terms');
select throws_ok($$insert into public.search_terms values ('taptermanon', 1)$$, '42501', null, 'anon cannot insert');
select throws_ok($$update public.search_terms set frequency = 99 where term like 'tapterm%'$$, '42501', null, 'anon cannot update');
select throws_ok($$delete from public.search_terms where term like 'tapterm%'$$, '42501', null, 'anon cannot delete');

select tests.authenticate_as('applicant');
select is(tests.row_count($$select 1 from public.search_terms where term like 'tapterm%'$$), 1, 'an applicant reads terms');
select throws_ok($$insert into public.search_terms values ('taptermapp', 1)$$, '42501', null, 'an applicant cannot insert');
select throws_ok($$update public.search_terms set frequency = 99 where term like 'tapterm%'$$, '42501', null, 'an applicant cannot update');
select throws_ok($$delete from public.search_terms where term like 'tapterm%'$$, '42501', null, 'an applicant cannot delete');

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.search_terms where term like 'tapterm%'$$), 1, 'a counsellor reads terms');
select throws_ok($$insert into public.search_terms values ('taptermcoun', 1)$$, '42501', null, 'a counsellor cannot insert');
select throws_ok($$update public.search_terms set frequency = 99 where term like 'tapterm%'$$, '42501', null, 'a counsellor cannot update');
select throws_ok($$delete from public.search_terms where term like 'tapterm%'$$, '42501', null, 'a counsellor cannot delete');

select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.search_terms where term like 'tapterm%'$$), 1, 'an administrator reads terms');
select throws_ok($$insert into public.search_terms values ('taptermadmin', 1)$$, '42501', null, 'an administrator cannot insert directly');
select throws_ok($$update public.search_terms set frequency = 99 where term like 'tapterm%'$$, '42501', null, 'an administrator cannot update directly');
select throws_ok($$delete from public.search_terms where term like 'tapterm%'$$, '42501', null, 'an administrator cannot delete directly');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.search_terms where term like 'tapterm%'$$), 1, 'the service role reads terms');
select is(tests.row_count($$insert into public.search_terms values ('taptermservice', 1)$$), 1, 'the service role inserts');
select is(tests.row_count($$update public.search_terms set frequency = 2 where term like 'tapterm%'$$), 2, 'the service role updates');
select is(tests.row_count($$delete from public.search_terms where term = 'taptermservice'$$), 1, 'the service role deletes');

select * from finish();
rollback;
