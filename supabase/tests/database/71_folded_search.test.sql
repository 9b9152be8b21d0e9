-- Searches ignore accents and case on both sides: fold(), the staff searches (applications, the
-- queue's figures, leads, universities, intakes, accounts) and the visitors' (universities, courses).
-- Each staff search answers staff only.
begin;
select plan(43);
select tests.create_user('zoe');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
update public.profiles set full_name = 'Zoë Fernández-Walsh' where id = tests.user_id('zoe');
select tests.create_user('renamed');
update public.profiles set full_name = 'Łukasz Żółkiewski' where id = tests.user_id('renamed');
insert into public.universities (slug, name, country_code, city, currency, published) values
  ('tap-usp', 'Universidade de São Paulo', 'BR', 'São Paulo', 'BRL', true),
  ('tap-hidden', 'Université Fermée', 'FR', 'Orléans', 'EUR', false);
insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount,
  tuition_currency, published)
  select 'tap-musica', u.id, 'Licenciatura em Música', 'bachelor', 'Arts', 48, 1000, 'BRL', true
  from public.universities u where u.slug = 'tap-usp';
insert into public.intakes (course_id, term, start_date, deadline, status)
  select c.id, 'Março 2027', current_date + 120, current_date + 60, 'open' from public.courses c where c.slug = 'tap-musica';
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, answers)
  select tests.user_id('zoe'), i.course_id, i.id, 'submitted', 'UP-2026-TAPZ02', now(),
    '{"personal": {"full_name": "Zoë Fernández-Walsh"}}'::jsonb
  from public.intakes i where i.term = 'Março 2027'
  union all
  select tests.user_id('renamed'), i.course_id, i.id, 'under_review', 'UP-2026-TAPZ03', now(),
    '{"personal": {"full_name": "Luke Z"}}'::jsonb
  from public.intakes i where i.term = 'Março 2027';
insert into public.application_decisions (application_id, outcome, from_status, recommended_by)
  select a.id, 'waitlisted', 'under_review', tests.user_id('counsellor') from public.applications a
  where a.reference = 'UP-2026-TAPZ03';
insert into public.leads (name, email, source) values ('Zoë Fernández-Walsh', 'zoe.lead@tap.test', 'contact'),
  ('Chidi Obi', 'chidi@tap.test', 'contact');

select is(public.fold('ZOË Fernández-Walsh, São Paulo, Straße'), 'zoe fernandez-walsh, sao paulo, strasse', 'fold lowers case and drops accents');
select is(public.folded_pattern(' 100%_Ø '), '%100\%\_o%', 'a folded pattern escapes LIKE''s own characters');
select is(public.folded_pattern('   '), null, 'blank text is nothing to look for');

-- Applications: only staff search them.
select tests.authenticate_as_anon();
select throws_ok($$select * from public.staff_search_applications('zoe')$$, '42501', null, 'anon cannot search applications');
select throws_ok($$select * from public.staff_search_leads('zoe')$$, '42501', null, 'nor leads');
select throws_ok($$select * from public.staff_search_universities('sao')$$, '42501', null, 'nor the catalogue''s staff list');
select throws_ok($$select * from public.staff_search_decisions('lukasz')$$, '42501', null, 'nor decisions');
select tests.authenticate_as('zoe');
select throws_ok($$select * from public.staff_search_applications('zoe')$$, '42501', 'Only admissions staff search applications.', 'an applicant cannot search applications, not even their own');
select throws_ok($$select * from public.staff_application_ids('zoe')$$, '42501', 'Only admissions staff search applications.', 'nor their ids');
select is(tests.row_count($$select 1 from public.staff_search_leads('zoe')$$), 0, 'an applicant finds no lead');
select is(tests.row_count($$select 1 from public.staff_search_decisions('lukasz')$$), 0, 'and finds no decision');

select tests.authenticate_as('counsellor');
select results_eq($$select reference from public.staff_search_applications('zoe') where reference like 'UP-2026-TAPZ%'$$, $$values ('UP-2026-TAPZ02')$$, '"zoe" finds Zoë Fernández-Walsh');
select results_eq($$select reference from public.staff_search_applications('ZOE') where reference like 'UP-2026-TAPZ%'$$, $$values ('UP-2026-TAPZ02')$$, '"ZOE" too');
select results_eq($$select reference from public.staff_search_applications('ZOË') where reference like 'UP-2026-TAPZ%'$$, $$values ('UP-2026-TAPZ02')$$, '"ZOË" too');
select results_eq($$select reference from public.staff_search_applications('fernandez') where reference like 'UP-2026-TAPZ%'$$, $$values ('UP-2026-TAPZ02')$$, '"fernandez" too');
select is((select count(*)::integer from public.staff_search_applications('zoe') a
  where public.fold(a.answers -> 'personal' ->> 'full_name') not like '%zoe%'
    and not exists (select 1 from public.profiles p where p.id = a.applicant_id and public.fold(p.full_name) like '%zoe%')
    and a.applicant_id not in (select public.search_applicant_ids('zoe'))), 0,
  'and everything "zoe" finds has it in a name or e-mail address');
select results_eq($$select reference from public.staff_search_applications('up-2026-tapz02')$$, $$values ('UP-2026-TAPZ02')$$, 'a reference in any case');
select results_eq($$select reference from public.staff_search_applications('lukasz zolkiewski')$$, $$values ('UP-2026-TAPZ03')$$, 'the applicant''s profile name, without its accents');
select results_eq($$select reference from public.staff_search_applications('ZOE@TAP')$$, $$values ('UP-2026-TAPZ02')$$, 'the applicant''s e-mail address');
select results_eq($$select reference from public.staff_search_applications(course_search => 'MUSICA', intake_search => 'marco') order by 1$$, $$values ('UP-2026-TAPZ02'), ('UP-2026-TAPZ03')$$, 'the course and the intake, without their accents');
select results_eq($$select reference from public.staff_search_applications('zoe', course_search => 'sao paulo')$$, $$values ('UP-2026-TAPZ02')$$, 'every search at once');
select is(tests.row_count($$select 1 from public.staff_search_applications('zoe', intake_search => 'september')$$), 0, 'and only what matches them all');
select is(tests.row_count($$select 1 from public.staff_search_applications('zo%')$$), 0, 'a % is a character, not a wildcard');
select results_eq($$select status, total from public.review_queue_counts(search => 'Zoe', course_search => 'música')$$,
  $$values ('submitted', 1::bigint)$$, 'the queue''s figures count what its search finds');
select results_eq($$select status, total from public.review_queue_counts(course_search => 'musica')$$,
  $$values ('submitted', 1::bigint), ('under_review', 1::bigint)$$, 'and what its course search finds');

select results_eq($$select a.reference from public.staff_search_decisions('ŁUKASZ zolkiewski') d join public.applications a on a.id = d.application_id$$,
  $$values ('UP-2026-TAPZ03')$$, 'the decisions list finds a decision by the applicant''s name, without accents');
select results_eq($$select name from public.staff_search_leads('FERNANDEZ')$$, $$values ('Zoë Fernández-Walsh')$$, 'a counsellor finds a lead without the accents');
select results_eq($$select name from public.staff_search_leads('CHIDI@')$$, $$values ('Chidi Obi')$$, 'or by e-mail');
select results_eq($$select term from public.admin_intakes(null, 'MARCO 2027')$$, $$values ('Março 2027')$$, 'an intake by its term, without the accents');
select results_eq($$select term from public.admin_intakes(null, 'licenciatura em musica')$$, $$values ('Março 2027')$$, 'or its course');
select results_eq($$select name from public.staff_search_universities('SAO PAULO')$$, $$values ('Universidade de São Paulo')$$, 'staff find a university without the accents');
select tests.authenticate_as('zoe');
select is(tests.row_count($$select 1 from public.staff_search_universities('fermee')$$), 0, 'an applicant never finds an unpublished one');

select tests.authenticate_as('admin');
select results_eq($$select name from public.staff_search_universities('fermee')$$, $$values ('Université Fermée')$$, 'an administrator finds an unpublished university without the accents');
select results_eq($$select email, full_name from public.admin_list_users('zoe') where email like '%@tap.test'$$, $$values ('zoe@tap.test', 'Zoë Fernández-Walsh')$$, 'an account by its e-mail, with the name on its profile');
select results_eq($$select email from public.admin_list_users('FERNÁNDEZ-walsh') where email like '%@tap.test'$$, $$values ('zoe@tap.test')$$, 'or by that name, in any case and accents');

-- Visitors.
select tests.authenticate_as_anon();
select results_eq($$select name from public.search_universities(q => 'sao paulo')$$, $$values ('Universidade de São Paulo')$$, 'a visitor finds São Paulo by "sao paulo"');
select results_eq($$select name from public.search_universities(q => 'SÃO PAULO')$$, $$values ('Universidade de São Paulo')$$, 'and by "SÃO PAULO"');
select is(tests.row_count($$select 1 from public.search_universities(q => 'fermee')$$), 0, 'never an unpublished one');
select results_eq($$select slug from public.search_courses(q => 'sao paulo')$$, $$values ('tap-musica')$$, 'course search finds the university''s course by "sao paulo"');
select results_eq($$select slug from public.search_courses(q => 'musica')$$, $$values ('tap-musica')$$, 'and by its title without the accent');
select results_eq($$select slug from public.search_courses(q => 'MÚSICA são')$$, $$values ('tap-musica')$$, 'and with the accents, the last word as a prefix');
select is(public.english_place_names(public.fold('Masters München Köln Den Haag')), 'masters munich cologne the hague',
  'places written as their people write them read as the catalogue names them');
select is(public.course_search_query('München')::text, public.course_search_query('munich')::text,
  'so "München" searches exactly as "munich" does');

select * from finish();
rollback;
