-- Living costs per city (public read, administrator write, audit-logged) and ISO 3166-1 country
-- codes (the mapping of withdrawn codes and the constraints that refuse them).
begin;
select plan(26);
select tests.create_user('reader');
select tests.create_user('boss', 'admin');
select tests.create_user('helper', 'counsellor');

-- Everyone reads every city's figure.
select tests.authenticate_as_anon();
select is(tests.row_count($$select 1 from public.living_costs$$), 48, 'a visitor reads the 48 seeded cities');
select is(
  (select count(distinct monthly_amount)::int from public.living_costs
    where country_code = 'GB' and city in ('London', 'Leeds', 'Bristol', 'Manchester')),
  4, 'London, Leeds, Bristol and Manchester each have a figure of their own');
select is(
  (select count(*)::int from public.living_costs where as_of is null or source_note = '' or last_verified_at is null),
  0, 'every figure is dated, sourced and verified');
select throws_ok($$insert into public.living_costs (city, country_code, monthly_amount, currency, as_of, source_note)
  values ('Tapton', 'GB', 900, 'GBP', '2026-09-01', 'A test')$$, '42501', null, 'a visitor cannot add a city');
select throws_ok($$update public.living_costs set monthly_amount = 1 where city = 'Leeds'$$, '42501', null,
  'a visitor cannot change a figure');

select tests.authenticate_as('reader');
select is(tests.row_count($$select 1 from public.living_costs$$), 48, 'an applicant reads every city');
select throws_ok($$insert into public.living_costs (city, country_code, monthly_amount, currency, as_of, source_note)
  values ('Tapton', 'GB', 900, 'GBP', '2026-09-01', 'A test')$$, '42501', null, 'an applicant cannot add a city');
select is(tests.row_count($$update public.living_costs set monthly_amount = 1, version = version where city = 'Leeds'$$), 0,
  'an applicant changes no figure');
select is(tests.row_count($$delete from public.living_costs$$), 0, 'an applicant deletes nothing');

select tests.authenticate_as('helper');
select is(tests.row_count($$update public.living_costs set monthly_amount = 1, version = version where city = 'Leeds'$$), 0,
  'a counsellor changes no figure');
select is(tests.row_count($$delete from public.living_costs$$), 0, 'a counsellor deletes nothing');

select tests.authenticate_as('boss');
select is(tests.row_count($$insert into public.living_costs (city, country_code, monthly_amount, currency, as_of, source_note, last_verified_at)
  values ('Tapton', 'GB', 900, 'GBP', '2026-09-01', 'A tap test figure', now())$$), 1, 'an administrator adds a city');
select is(tests.row_count($$update public.living_costs set monthly_amount = 1100, version = 1 where city = 'Leeds'$$), 1,
  'an administrator updates a figure, naming its version');
select is((select version from public.living_costs where city = 'Leeds'), 2, 'the update bumped the version');
select throws_ok($$update public.living_costs set monthly_amount = 1200, version = 1 where city = 'Leeds'$$,
  null, null, 'an update based on an old version is refused');
select throws_ok($$insert into public.living_costs (city, country_code, monthly_amount, currency, as_of, source_note)
  values ('tapton', 'GB', 950, 'GBP', '2026-09-01', 'Again')$$, '23505', null, 'one figure per city, whatever its case');
select throws_ok($$insert into public.living_costs (city, country_code, monthly_amount, currency, as_of, source_note)
  values ('Tapford', 'UK', 950, 'GBP', '2026-09-01', 'Not ISO')$$, '23514', null, 'a living cost needs an ISO country code');
select is(tests.row_count($$delete from public.living_costs where city = 'Tapton'$$), 1, 'an administrator deletes a city');
select tests.clear_authentication();

select is((select count(*)::int from public.audit_log where entity = 'living_costs'
  and coalesce(after, before) ->> 'city' = 'Tapton'), 2, 'the audit log records the added and the deleted city');
select is((select (after ->> 'monthly_amount')::numeric from public.audit_log
  where entity = 'living_costs' and action = 'update'), 1100::numeric, 'the audit log says what the edit changed');

-- Countries: withdrawn codes map to their successors; the columns refuse anything not ISO.
select is(public.iso_country_code('UK'), 'GB', 'UK maps to GB');
select is(public.iso_country_code('su'), 'RU', 'SU maps to RU');
select is(public.iso_country_code('QQ'), null, 'an unknown code maps to nothing');
select throws_ok($$update public.universities set country_code = 'UK' where city = 'Leeds'$$, '23514', null,
  'a university cannot be placed in UK');
select throws_ok($$update public.profiles set nationality = 'DD' where id = tests.user_id('reader')$$, '23514', null,
  'a profile cannot store DD as a nationality');
select is((select count(*)::int from public.universities where not public.is_iso_country_code(country_code)), 0,
  'every stored university has an ISO country code');

select * from finish();
rollback;
