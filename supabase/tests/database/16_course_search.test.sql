-- course_search: the search copy of visible courses. No API user touches it (search_courses() reads
-- it); it never holds an unpublished course. Nor do they touch its lexeme list.
begin;
select plan(36);
select tests.create_user('applicant');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();

select results_eq($$select c.slug from public.course_search s join public.courses c on c.id = s.course_id where c.slug like 'tap-%'$$, $$values ('tap-course-pub')$$, 'only the published course is copied for search');
select is(tests.row_count($$select 1 from public.course_search_lexemes where lexeme in ('tap', 'publish')$$), 2, 'the published course''s words are in the lexeme list');
insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount,
  tuition_currency, description, published)
select v.slug, c.university_id, v.title, 'master', 'Computing', 12, 15000, 'GBP', v.description, true
from public.courses c,
  (values ('quorvex-course', 'Quorvex Studies', 'Quorvexian methods.'),
          ('quorz-course', 'Quorz Studies', (select string_agg('quorz' || chr(97 + g / 26) || chr(97 + g % 26), ' ')
                                             from generate_series(0, 39) g))) as v (slug, title, description)
where c.slug = 'tap-course-pub';
select is(public.course_search_whole_words(public.course_search_query('computing quorv'))::text,
  $$'comput' & ( 'quorvex' | 'quorvexian' )$$, 'a trailing prefix is spelled out as the lexemes it stands for');
select ok((select count(*) from public.course_search_lexemes where starts_with(lexeme, 'quorz')) > 32, 'more than 32 lexemes begin with quorz');
select is(public.course_search_whole_words(public.course_search_query('quorz'))::text, $$'quorz':*$$,
  'a prefix standing for more than 32 lexemes stays a prefix');
select is(public.course_search_whole_words(public.course_search_query('"quorvex studies"'))::text,
  $$'quorvex' <-> 'studi'$$, 'a query without a trailing prefix is unchanged');
select results_eq($$select slug from public.search_courses(q => 'quorv') union all select slug from public.search_courses(q => 'quorz')$$,
  $$values ('quorvex-course'), ('quorz-course')$$, 'both kinds of prefix find their course');

select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.course_search$$, '42501', null, 'anon cannot read the search copy');
select throws_ok($$insert into public.course_search (course_id) values (gen_random_uuid())$$, '42501', null, 'anon cannot insert');
select throws_ok($$update public.course_search set title = 'x'$$, '42501', null, 'anon cannot update');
select throws_ok($$delete from public.course_search$$, '42501', null, 'anon cannot delete');
select is(tests.row_count($$select 1 from public.search_courses(q => 'Tap Draft Course') r where r.slug = 'tap-course-draft'$$), 0, 'search never returns the draft course');
select throws_ok($$select 1 from public.course_search_lexemes$$, '42501', null, 'anon cannot read the lexeme list');
select throws_ok($$insert into public.course_search_lexemes values ('zzz')$$, '42501', null, 'anon cannot add a lexeme');
select throws_ok($$delete from public.course_search_lexemes$$, '42501', null, 'anon cannot delete lexemes');
select throws_ok($$select public.course_search_whole_words('ta:*')$$, '42501', null, 'anon cannot call the lexeme lookup');

select tests.authenticate_as('applicant');
select throws_ok($$select 1 from public.course_search$$, '42501', null, 'an applicant cannot read the search copy');
select throws_ok($$insert into public.course_search (course_id) values (gen_random_uuid())$$, '42501', null, 'an applicant cannot insert');
select throws_ok($$update public.course_search set title = 'x'$$, '42501', null, 'an applicant cannot update');
select throws_ok($$delete from public.course_search$$, '42501', null, 'an applicant cannot delete');
select throws_ok($$select 1 from public.course_search_lexemes$$, '42501', null, 'an applicant cannot read the lexeme list');
select throws_ok($$insert into public.course_search_lexemes values ('zzz')$$, '42501', null, 'an applicant cannot add a lexeme');
select throws_ok($$select public.course_search_whole_words('ta:*')$$, '42501', null, 'an applicant cannot call the lexeme lookup');

select tests.authenticate_as('counsellor');
select throws_ok($$select 1 from public.course_search$$, '42501', null, 'a counsellor cannot read the search copy');
select throws_ok($$delete from public.course_search$$, '42501', null, 'a counsellor cannot delete');

select tests.authenticate_as('admin');
select throws_ok($$select 1 from public.course_search$$, '42501', null, 'an administrator cannot read the search copy');
select throws_ok($$insert into public.course_search (course_id) values (gen_random_uuid())$$, '42501', null, 'an administrator cannot insert');
select throws_ok($$update public.course_search set title = 'x'$$, '42501', null, 'an administrator cannot update');
select throws_ok($$delete from public.course_search$$, '42501', null, 'an administrator cannot delete');
select throws_ok($$select 1 from public.course_search_lexemes$$, '42501', null, 'an administrator cannot read the lexeme list');
select throws_ok($$insert into public.course_search_lexemes values ('zzz')$$, '42501', null, 'an administrator cannot add a lexeme');
select throws_ok($$delete from public.course_search_lexemes$$, '42501', null, 'an administrator cannot delete lexemes');

select tests.authenticate_as_service_role();
select is(tests.row_count($$select 1 from public.course_search s join public.courses c on c.id = s.course_id where c.slug like 'tap-%'$$), 1, 'the service role reads the copy');
select is(tests.row_count($$update public.course_search s set title = s.title from public.courses c where c.id = s.course_id and c.slug like 'tap-%'$$), 1, 'the service role updates');
select is(tests.row_count($$delete from public.course_search s using public.courses c where c.id = s.course_id and c.slug like 'tap-%'$$), 1, 'the service role deletes');
select is(tests.row_count($$select 1 from public.course_search_lexemes where lexeme = 'tap'$$), 1, 'the service role reads the lexeme list');

select * from finish();
rollback;
