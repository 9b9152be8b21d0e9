-- The RPCs the API exposes: who may call each, and that they answer only about the caller.
begin;
select plan(31);
select tests.create_user('applicant');
select tests.create_user('applicant2');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();

select tests.authenticate_as_anon();
select throws_ok($$select public.has_role('admin')$$, '42501', null, 'anon cannot ask about roles');
select throws_ok($$select public.is_staff()$$, '42501', null, 'anon cannot ask about staff');
select throws_ok($$select public.refresh_search_terms()$$, '42501', null, 'anon cannot rebuild the dictionary');
select throws_ok($$select public.validate_file_upload('cv.pdf', 1000, 'application/pdf')$$, '42501', null, 'anon cannot call the upload check');
select throws_ok($$select public.submit_application(gen_random_uuid())$$, '42501', null, 'anon cannot submit an application');
select throws_ok($$select public.transition_application(gen_random_uuid(), 'under_review', 1)$$, '42501', null, 'anon cannot change a status');
select throws_ok($$select public.expire_offers()$$, '42501', null, 'anon cannot expire offers');
select is(tests.row_count($$select * from public.search_courses(q => 'Tap Published')$$) > 0, true, 'anon searches courses');
select ok(public.convert_amount(100, 'GBP', 'GBP') = 100, 'anon converts amounts');
select lives_ok($$select * from public.suggest_terms('computng')$$, 'anon asks for suggestions');
select is(tests.row_count($$select 1 from public.latest_currency_rates where currency = 'GBP'$$), 1, 'anon reads the newest rate per currency');
select is(tests.row_count($$select 1 from public.application_status_guide$$), 15, 'anon reads the status guide');
select throws_ok($$delete from public.application_status_guide$$, '42501', null, 'anon cannot write the status guide');

select tests.authenticate_as('applicant');
select is(public.has_role('admin'), false, 'an applicant is not an administrator');
select is(public.is_staff(), false, 'an applicant is not staff');
select throws_ok($$select public.refresh_search_terms()$$, '42501', 'only administrators refresh the search terms', 'an applicant cannot rebuild the dictionary');
select is(public.validate_file_upload('cv.pdf', 1000, 'application/pdf') ->> 'valid', 'true', 'an applicant checks a PDF');
select is(public.validate_file_upload('cv.pdf.html', 1000, 'text/html') ->> 'valid', 'false', 'an HTML file is refused');
select throws_ok($$select public.transition_application(gen_random_uuid(), 'under_review', 1)$$, '42501', null, 'an applicant cannot change a status');
select throws_ok($$select public.expire_offers()$$, '42501', null, 'an applicant cannot expire offers');

select tests.authenticate_as('counsellor');
select is(public.is_staff(), true, 'a counsellor is staff');
select is(public.has_role('admin'), false, 'a counsellor is not an administrator');
select throws_ok($$select public.refresh_search_terms()$$, '42501', null, 'a counsellor cannot rebuild the dictionary');

select tests.authenticate_as('admin');
select is(public.has_role('admin'), true, 'an administrator is one');
select ok(public.refresh_search_terms() > 0, 'an administrator rebuilds the dictionary');
select throws_ok($$update public.application_status_guide set label = 'Hacked'$$, '42501', null, 'an administrator cannot rewrite the status guide');

select tests.authenticate_as_service_role();
select lives_ok($$select public.expire_offers()$$, 'the service role expires offers');
select ok(public.refresh_search_terms() > 0, 'the service role rebuilds the dictionary');

-- Two offers past their reply-by date; lapsing one of them raises. The other still lapses.
select tests.clear_authentication();
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, decided_at, reply_by)
  select tests.user_id(who), i.course_id, i.id, 'offer_unconditional', r, now(), now(), current_date - 1
  from public.intakes i cross join (values ('UP-2026-TAPX01', 'applicant'), ('UP-2026-TAPX02', 'applicant2')) v (r, who)
  where i.term = 'Tap Open Term';
create function pg_temp.refuse_tapx02() returns trigger language plpgsql as $$
  begin if new.reference = 'UP-2026-TAPX02' then raise exception 'broken row'; end if; return new; end $$;
create trigger tap_refuse before update on public.applications for each row execute function pg_temp.refuse_tapx02();
select tests.authenticate_as_service_role();
select is(public.expire_offers(), 1, 'one offer that cannot lapse does not stop the others');
select tests.clear_authentication();
select is((select string_agg(reference || ' ' || status, ', ' order by reference) from public.applications where reference like 'UP-2026-TAPX%'), 'UP-2026-TAPX01 expired, UP-2026-TAPX02 offer_unconditional', 'the other lapsed, the broken one is left as it was');
select is((select job || ': ' || error from public.job_failures where application_id = (select id from public.applications where reference = 'UP-2026-TAPX02')), 'offer_expiry: broken row', 'and recorded for administrators');

select * from finish();
rollback;
