-- An applicant's profile: personal details, education history and English test scores that every
-- application reuses. One row per auth user, created with the user and removed with them.
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text not null default '' check (char_length(full_name) <= 120),
  date_of_birth date check (date_of_birth is null or date_of_birth between '1900-01-01' and current_date),
  nationality text check (nationality is null or nationality ~ '^[A-Z]{2}$'),
  phone text check (phone is null or phone ~ '^\+?[0-9 ()-]{6,24}$'),
  address_line text check (char_length(address_line) <= 200),
  city text check (char_length(city) <= 100),
  postal_code text check (char_length(postal_code) <= 20),
  country text check (country is null or country ~ '^[A-Z]{2}$'),
  -- [{institution, qualification, field, country, start_year, end_year, grade}]
  education jsonb not null default '[]' check (jsonb_typeof(education) = 'array' and jsonb_array_length(education) <= 20),
  -- [{test: ielts|toefl|pte|duolingo, score, taken_on}]
  test_scores jsonb not null default '[]' check (jsonb_typeof(test_scores) = 'array' and jsonb_array_length(test_scores) <= 20),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

alter table public.profiles enable row level security;
revoke all on public.profiles from anon, authenticated;
grant select, insert, update (full_name, date_of_birth, nationality, phone, address_line, city, postal_code, country, education, test_scores)
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
