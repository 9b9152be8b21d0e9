-- Foundation: what every other part of the schema builds on. Staff roles and the checks policies
-- ask about them (has_role, is_staff), the custom access token hook, applicants' profiles, shared
-- helpers (updated_at stamps, read-only views, accent-free folding, ISO country codes), the audit
-- log with the trigger that writes it, and row versions (no silent overwrites).

create extension if not exists unaccent with schema extensions;

-- ---------------------------------------------------------------------------------------------
-- Staff roles.

-- Staff roles. Nobody writes this table through the API: grants happen in security-definer
-- functions (first-run setup, the admin console) that check the caller themselves. Reader is held
-- beside admin or counsellor: it puts the member of staff in the pool applications are read by.
create table public.user_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('admin', 'counsellor', 'reader')),
  granted_at timestamptz not null default now(),
  granted_by uuid references auth.users (id) on delete set null,
  primary key (user_id, role)
);
create index user_roles_granted_by_idx on public.user_roles (granted_by);

alter table public.user_roles enable row level security;
revoke all on public.user_roles from anon, authenticated;
grant select on public.user_roles to authenticated;

-- Assurance: a session that signed in with one factor while the account has a verified second one
-- has not finished signing in. Staff rights wait for aal2 in that case, so admin data follow the
-- same rule as admin pages.
create or replace function public.assurance_satisfied() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'aal', 'aal1') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f
      where f.user_id = (select auth.uid()) and f.status = 'verified'
    )
$$;

-- True when the caller holds the given role. Security definer so policies on other tables can ask
-- without the caller needing to read user_roles; it only ever answers about the caller.
create or replace function public.has_role(role text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = (select auth.uid()) and ur.role = $1
  ) and public.assurance_satisfied()
$$;

create or replace function public.is_staff() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = (select auth.uid()) and ur.role in ('admin', 'counsellor')
  ) and public.assurance_satisfied()
$$;

-- Anonymous callers never hold a role; policies for anon don't call these.
revoke execute on function public.has_role(text), public.is_staff() from public, anon;
grant execute on function public.has_role(text), public.is_staff() to authenticated, service_role;
revoke execute on function public.assurance_satisfied() from public, anon;
grant execute on function public.assurance_satisfied() to authenticated, service_role;

-- A user reads their own roles; administrators read everyone's (users and roles screen).
create policy user_roles_select on public.user_roles
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.has_role('admin')));

-- Staff roles travel in the access token. Supabase Auth calls this function (the Custom Access Token
-- hook: [auth.hook.custom_access_token] in config.toml, Dashboard → Authentication → Hooks on a hosted
-- project) each time it issues one, at sign-in, refresh and MFA verification alike, and it adds
-- `app_roles`: the user's staff roles by name, [] for applicants. Pages read the claim; row-level
-- security keeps asking the table (has_role(), is_staff()), so a revoked role opens no data even
-- while an older token still names it.
create or replace function public.custom_access_token_hook(event jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_set(
    event,
    '{claims,app_roles}',
    coalesce(
      (select jsonb_agg(r.role order by r.role)
         from public.user_roles r
        where r.user_id = (event ->> 'user_id')::uuid),
      '[]'::jsonb
    )
  )
$$;

-- Auth runs the hook as supabase_auth_admin; the Data API roles must not call it.
grant usage on schema public to supabase_auth_admin;
grant execute on function public.custom_access_token_hook(jsonb) to supabase_auth_admin;
revoke execute on function public.custom_access_token_hook(jsonb) from authenticated, anon, public;

-- The hook reads every user's roles, and only that.
grant select on table public.user_roles to supabase_auth_admin;
create policy user_roles_select_auth_admin on public.user_roles
  for select to supabase_auth_admin
  using (true);

-- ---------------------------------------------------------------------------------------------
-- Shared helpers.

-- Stamps updated_at on every update of a row that has one.
create or replace function public.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Read-only views answer a write with "permission denied" (401/403 through the API) instead of
-- Postgres's "cannot delete from view" (55000), which the REST layer reports as a server error.
-- Privileges are checked only once a view is updatable, so each view gets an INSTEAD OF trigger
-- that refuses, and the API roles keep nothing but SELECT on it.
create or replace function public.refuse_view_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception '% is read-only.', tg_table_name using errcode = '42501';
end
$$;
revoke execute on function public.refuse_view_write() from public, anon, authenticated;

-- fold() is the one comparison every search uses on both sides: lower case without accents, so
-- "zoe" finds "Zoë Fernández-Walsh" and "sao paulo" finds "São Paulo".
--
-- Immutable so indexes can hold it: the dictionary is named, never looked up through a search path.
create or replace function public.fold(value text) returns text
language sql immutable strict parallel safe
set search_path = ''
as $$
  select pg_catalog.lower(extensions.unaccent('extensions.unaccent'::pg_catalog.regdictionary, value))
$$;
revoke execute on function public.fold(text) from public;
grant execute on function public.fold(text) to anon, authenticated, service_role;

-- Text to find anywhere in a folded value, as a LIKE pattern: folded, LIKE's own characters escaped.
-- Null when there is nothing to look for.
create or replace function public.folded_pattern(search text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select '%' || replace(replace(replace(public.fold(nullif(btrim(search), '')), '\', '\\'), '%', '\%'), '_', '\_')
    || '%'
$$;
revoke execute on function public.folded_pattern(text) from public;
grant execute on function public.folded_pattern(text) to anon, authenticated, service_role;

-- Countries are ISO 3166-1 alpha-2 codes, each country once. The app's list is src/lib/countries.ts
-- (names from Intl.DisplayNames); these functions hold the same 249 codes and the same map of
-- withdrawn or unofficial codes (UK, DD, SU, YU, …) to their successors. Every column holding a
-- country code refuses anything else.
create or replace function public.is_iso_country_code(code text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select code = any (array[
    'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE',
    'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD',
    'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM',
    'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
    'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
    'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN',
    'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME',
    'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
    'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM',
    'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI',
    'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK',
    'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
    'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW'
  ]::text[])
$$;

-- The ISO code for a stored code: itself when it is one, its successor when it was withdrawn,
-- else null.
create or replace function public.iso_country_code(code text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case
    when public.is_iso_country_code(upper(btrim(code))) then upper(btrim(code))
    else '{"UK": "GB", "EL": "GR", "DD": "DE", "SU": "RU", "YU": "RS", "CS": "RS", "DY": "BJ", "BU": "MM", "TP": "TL", "ZR": "CD", "FX": "FR", "RH": "ZW", "HV": "BF", "NH": "VU", "AN": "CW"}'::jsonb ->> upper(btrim(code))
  end
$$;

grant execute on function public.is_iso_country_code(text), public.iso_country_code(text)
  to anon, authenticated, service_role;

-- The entries of a JSON list (education history, academic answers) with each country mapped to its
-- ISO code; a code with no successor is cleared.
create or replace function public.iso_country_entries(entries jsonb) returns jsonb
language sql immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(
    case
      when jsonb_typeof(e) = 'object' and coalesce(e ->> 'country', '') <> ''
        and not public.is_iso_country_code(e ->> 'country')
      then jsonb_set(e, '{country}', to_jsonb(coalesce(public.iso_country_code(e ->> 'country'), '')))
      else e
    end order by i), '[]'::jsonb)
  from jsonb_array_elements(entries) with ordinality x(e, i)
$$;
revoke execute on function public.iso_country_entries(jsonb) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Profiles.

-- An applicant's profile: personal details, education history and English test scores that every
-- application reuses. One row per auth user, created with the user and removed with them.
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text not null default '' check (char_length(full_name) <= 120),
  date_of_birth date check (date_of_birth is null or date_of_birth between '1900-01-01' and current_date),
  nationality text check (nationality is null or nationality ~ '^[A-Z]{2}$'),
  phone text check (phone is null or phone ~ '^\+?[0-9 ()-]{6,24}$'),
  -- Optional: letters, digits, spaces and hyphens as printed in the passport.
  passport_number text check (passport_number is null or passport_number ~ '^[A-Za-z0-9 -]{5,24}$'),
  address_line text check (char_length(address_line) <= 200),
  city text check (char_length(city) <= 100),
  postal_code text check (char_length(postal_code) <= 20),
  country text check (country is null or country ~ '^[A-Z]{2}$'),
  -- [{institution, qualification, field, country, start_year, end_year, grade}]
  education jsonb not null default '[]' check (jsonb_typeof(education) = 'array' and jsonb_array_length(education) <= 20),
  -- [{test: ielts|toefl|pte|duolingo, score, taken_on}]
  test_scores jsonb not null default '[]' check (jsonb_typeof(test_scores) = 'array' and jsonb_array_length(test_scores) <= 20),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_nationality_iso check (public.is_iso_country_code(nationality)),
  constraint profiles_country_iso check (public.is_iso_country_code(country))
);

alter table public.profiles enable row level security;
revoke all on public.profiles from anon, authenticated;
grant select, insert, update (full_name, date_of_birth, nationality, phone, passport_number, address_line, city, postal_code, country, education, test_scores)
  on public.profiles to authenticated;

-- The owner reads their profile; admissions staff read applicants' profiles to review applications.
create policy profiles_select on public.profiles
  for select to authenticated
  using (id = (select auth.uid()) or (select public.is_staff()));
-- A user missing a row (created before this table existed) may add their own.
create policy profiles_insert_own on public.profiles
  for insert to authenticated
  with check (id = (select auth.uid()));
create policy profiles_update_own on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

create or replace function public.touch_profile() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger profiles_touch before update on public.profiles
  for each row execute function public.touch_profile();

-- Every new auth user gets an empty profile; the name given at sign-up, if any, seeds it.
create or replace function public.create_profile_for_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name)
  values (new.id, left(coalesce(new.raw_user_meta_data ->> 'full_name', ''), 120))
  on conflict (id) do nothing;
  return new;
end
$$;
revoke execute on function public.create_profile_for_user() from public, anon, authenticated;

create trigger on_auth_user_created_profile after insert on auth.users
  for each row execute function public.create_profile_for_user();
create index profiles_full_name_folded_idx on public.profiles using gin (public.fold(full_name) extensions.gin_trgm_ops);

-- ---------------------------------------------------------------------------------------------
-- The audit log.

-- Every staff action, written by the database itself: triggers on the tables staff change record who
-- acted, what changed, when, and the values before and after. Nobody writes this table through the
-- API; administrators read it in the admin console.
create table public.audit_log (
  id bigint generated always as identity primary key,
  actor uuid references auth.users (id) on delete set null,
  actor_email text,
  action text not null check (action in ('insert', 'update', 'delete')),
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
create index audit_log_created_idx on public.audit_log (created_at desc, id desc);
create index audit_log_actor_idx on public.audit_log (actor);
create index audit_log_entity_idx on public.audit_log (entity, entity_id);

alter table public.audit_log enable row level security;
revoke all on public.audit_log from anon, authenticated;
grant select on public.audit_log to authenticated;
-- The audit log is append-only and written by triggers alone. The service role (the server) keeps
-- reading it, but no API role can add, rewrite or erase a record, not even with the service key.
revoke all on public.audit_log from service_role;
grant select on public.audit_log to service_role;

create policy audit_log_select_admin on public.audit_log
  for select to authenticated
  using ((select public.has_role('admin')));

-- Trigger arguments: the columns left out of the record (bulky or personal, e.g. an application's
-- answers). Changes by applicants and by the system are not staff actions and are skipped; role
-- changes are always recorded, with the granting user as the actor when the server grants.
-- The version and the stamp of who changed a row are bookkeeping, never a change of their own; rows
-- keyed by name (message templates) are recorded under their key.
create or replace function public.audit_staff_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  who uuid := auth.uid();
  left_out text[] := coalesce(tg_argv::text[], '{}') || array['version', 'updated_by', 'last_change'];
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - left_out end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - left_out end;
  row_key text := coalesce(new_row ->> 'id', old_row ->> 'id', coalesce(new_row, old_row) ->> 'key',
    coalesce(new_row, old_row) ->> 'user_id');
  changed text[];
begin
  if tg_table_name = 'user_roles' then
    who := coalesce(who, (coalesce(new_row, old_row) ->> 'granted_by')::uuid);
  elsif who is null or not exists (select 1 from public.user_roles r where r.user_id = who) then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    select array_agg(key) into changed from jsonb_each(new_row) n(key, value)
    where n.value is distinct from old_row -> n.key and n.key not in ('updated_at');
    if changed is null then
      return null;
    end if;
    old_row := (select jsonb_object_agg(key, old_row -> key) from unnest(changed) key);
    new_row := (select jsonb_object_agg(key, new_row -> key) from unnest(changed) key);
  end if;
  insert into public.audit_log (actor, actor_email, action, entity, entity_id, before, after)
  values (who, (select u.email from auth.users u where u.id = who), lower(tg_op), tg_table_name, row_key,
    old_row, new_row);
  return null;
end
$$;
revoke execute on function public.audit_staff_change() from public, anon, authenticated;

create trigger user_roles_audit after insert or update or delete on public.user_roles
  for each row execute function public.audit_staff_change();

-- ---------------------------------------------------------------------------------------------
-- Row versions.

-- No silent overwrites. Rows people edit through forms carry a version, with who changed them last and
-- what they changed. An update through the API must name the version it was based on (a column of
-- the update); when the row has moved on since, the update is refused with SQLSTATE PT409 (HTTP 409)
-- and a message saying who changed it, when and what. Security-definer functions check the version
-- they are given themselves (expected_version) and their updates bump it like any other.

-- A person as colleagues know them: the name on their profile, else their e-mail address.
create or replace function public.person_name(person uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(nullif(btrim(p.full_name), ''), u.email::text, 'a former user')
  from (select person as id) x
  left join auth.users u on u.id = x.id
  left join public.profiles p on p.id = x.id
$$;
revoke execute on function public.person_name(uuid) from public, anon, authenticated;

-- Refuses a write based on an old version, naming the newer change, who made it and when. An
-- applicant's own change (another window, another device) is named as theirs; a change by staff is
-- named to staff only: an applicant hears that admissions updated it, without who or what, as the
-- status history tells them.
create or replace function public.refuse_stale_write(noun text, changed_by uuid, changed_at timestamptz,
  change text)
returns void
language plpgsql stable security definer
set search_path = ''
as $$
declare
  by_staff_to_applicant boolean := changed_by is distinct from auth.uid() and changed_by is not null
    and not public.is_staff();
  who text := case
    when changed_by is null then 'An automatic update'
    when changed_by = auth.uid() then 'You (in another window or on another device)'
    when by_staff_to_applicant then 'Admissions'
    else public.person_name(changed_by) end;
begin
  raise exception '% % this % at % UTC%, after you opened it. Nothing was saved: check the current version, then make your change again.',
    who, case when by_staff_to_applicant then 'updated' else 'changed' end, noun,
    to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI'),
    case when coalesce(change, '') = '' or by_staff_to_applicant then '' else ' (' || change || ')' end
    using errcode = 'PT409', hint = 'Reload to see the current version; what you typed is kept in the form.';
end
$$;
revoke execute on function public.refuse_stale_write(text, uuid, timestamptz, text) from public, anon, authenticated;

-- Who changed a row last, when and what. Rows keep it in updated_by and last_change, except an
-- application's: applicants read their own row, and what staff did to it (a decision recorded but
-- not released) is not theirs to read, so it lives in application_changes, which only staff read.
create or replace function public.latest_change(entity text, stored jsonb,
  out changed_by uuid, out changed_at timestamptz, out change text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if entity = 'applications' then
    select c.changed_by, c.changed_at, c.change into changed_by, changed_at, change
    from public.application_changes c where c.application_id = (stored ->> 'id')::uuid;
    changed_at := coalesce(changed_at, (stored ->> 'updated_at')::timestamptz);
  else
    changed_by := (stored ->> 'updated_by')::uuid;
    changed_at := (stored ->> 'updated_at')::timestamptz;
    change := stored ->> 'last_change';
  end if;
end
$$;
revoke execute on function public.latest_change(text, jsonb) from public, anon, authenticated;

-- Fires only for updates that list the version column: the version sent must be the current one.
-- Trigger argument: what the row is called in the message ("application", "course"…).
create or replace function public.check_row_version() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  latest record;
begin
  if new.version is distinct from old.version then
    select * into latest from public.latest_change(tg_table_name, to_jsonb(old));
    perform public.refuse_stale_write(coalesce(tg_argv[0], 'record'), latest.changed_by, latest.changed_at,
      latest.change);
  end if;
  new.version := old.version + 1;
  return new;
end
$$;

-- Fires for every update, after check_row_version: bumps the version of updates that did not name
-- it (only the database's own functions may make those), and stamps who changed the row and what.
-- A function that changes a row for a reason of its own says so in unipath.change. Trigger
-- arguments: columns the database derives from other rows (a course's next deadline); an update of
-- those alone is not a change anyone made to this row, so it leaves the version as it is.
create or replace function public.stamp_row_version() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  ignored text[] := array['version', 'updated_by', 'updated_at', 'last_change'] || coalesce(tg_argv::text[], '{}');
  change text;
begin
  change := coalesce(nullif(current_setting('unipath.change', true), ''),
    public.describe_change(to_jsonb(old) - ignored, to_jsonb(new) - ignored));
  if new.version = old.version then
    if change is null and current_user not in ('anon', 'authenticated') then
      return new;
    end if;
    if current_user in ('anon', 'authenticated') then
      raise exception 'This change does not say which version of the record it is based on.'
        using errcode = 'PT428', hint = 'Send the version you read with the update.';
    end if;
    new.version := old.version + 1;
  end if;
  -- Rows without the stamp columns (applications) ignore them; record_application_change keeps theirs.
  new := jsonb_populate_record(new, jsonb_build_object('updated_by', auth.uid(), 'last_change', left(change, 300)));
  perform set_config('unipath.stamped_change', coalesce(left(change, 300), ''), true);
  return new;
end
$$;
-- Tables with row versions get both triggers, which fire in name order: version_10_check, then
-- version_20_stamp.
revoke execute on function public.check_row_version(), public.stamp_row_version() from public, anon, authenticated;
