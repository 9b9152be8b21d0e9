-- Identities for the row-level security tests, loaded once before the *.test.sql files run. Users
-- are real auth.users rows; a test "signs in" by taking the API role and the JWT claims PostgREST
-- would set, so every policy decides exactly as it does behind the REST API.
create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

-- A confirmed user named `handle` (e-mail handle@tap.test), optionally holding a staff role.
create or replace function tests.create_user(handle text, staff_role text default null) returns uuid
language plpgsql security definer
set search_path = ''
as $$
declare
  uid uuid := gen_random_uuid();
begin
  insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data,
    raw_user_meta_data, created_at, updated_at)
  values (uid, 'authenticated', 'authenticated', handle || '@tap.test', now(),
    '{"provider": "email", "providers": ["email"]}', jsonb_build_object('full_name', handle), now(), now());
  if staff_role is not null then
    insert into public.user_roles (user_id, role) values (uid, staff_role);
  end if;
  return uid;
end
$$;

create or replace function tests.user_id(handle text) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select u.id from auth.users u where u.email = handle || '@tap.test'
$$;

-- The signed-in user `handle`, as PostgREST runs their request. The role switchers carry no SET
-- clause: one would undo their transaction-local settings when they return.
create or replace function tests.authenticate_as(handle text) returns void
language plpgsql
as $$
declare
  uid uuid := tests.user_id(handle);
begin
  if uid is null then
    raise exception 'no test user %', handle;
  end if;
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', json_build_object('sub', uid, 'role', 'authenticated',
    'email', handle || '@tap.test', 'aal', 'aal1', 'aud', 'authenticated')::text, true);
end
$$;

create or replace function tests.authenticate_as_anon() returns void
language plpgsql
as $$
begin
  perform set_config('role', 'anon', true);
  perform set_config('request.jwt.claims', '{"role": "anon"}', true);
end
$$;

create or replace function tests.authenticate_as_service_role() returns void
language plpgsql
as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', '{"role": "service_role"}', true);
end
$$;

-- Back to the superuser that set the test up.
create or replace function tests.clear_authentication() returns void
language plpgsql
as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '{}', true);
end
$$;

-- How many rows a statement saw or changed, as the current role. RLS hides rows silently, so the
-- tests count them rather than waiting for an error that never comes.
create or replace function tests.row_count(statement text) returns integer
language plpgsql
set search_path = ''
as $$
declare
  affected integer;
begin
  execute statement;
  get diagnostics affected = row_count;
  return affected;
end
$$;

-- A small catalogue beside the seeded one, every slug starting with `tap-`: a published university
-- with a published and a draft course, and an unpublished university. The published course has an
-- open and a draft intake, and each course a document requirement.
create or replace function tests.create_catalogue() returns void
language plpgsql
set search_path = ''
as $$
declare
  uni uuid;
  hidden_uni uuid;
  course uuid;
  draft_course uuid;
begin
  insert into public.universities (slug, name, country_code, city, currency, published)
  values ('tap-uni-pub', 'Tap Published University', 'GB', 'Bath', 'GBP', true) returning id into uni;
  insert into public.universities (slug, name, country_code, city, currency, published)
  values ('tap-uni-draft', 'Tap Draft University', 'GB', 'York', 'GBP', false) returning id into hidden_uni;
  insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount,
    tuition_currency, published)
  values ('tap-course-pub', uni, 'Tap Published Course', 'master', 'Computing', 12, 15000, 'GBP', true)
  returning id into course;
  insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount,
    tuition_currency, published)
  values ('tap-course-draft', uni, 'Tap Draft Course', 'master', 'Computing', 12, 15000, 'GBP', false)
  returning id into draft_course;
  insert into public.intakes (course_id, term, start_date, deadline, status) values
    (course, 'Tap Open Term', current_date + 120, current_date + 60, 'open'),
    (course, 'Tap Draft Term', current_date + 300, current_date + 200, 'draft');
  insert into public.document_requirements (course_id, kind, description) values
    (course, 'passport', 'tap'),
    (draft_course, 'cv', 'tap');
end
$$;
