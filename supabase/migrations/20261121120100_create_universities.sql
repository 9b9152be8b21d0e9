-- Universities: the public catalogue's top level. Tuition range and course count are kept by
-- triggers on courses so list pages can filter and sort on them without aggregating.
create table public.universities (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
  name text not null check (length(btrim(name)) between 2 and 200),
  country_code text not null check (country_code ~ '^[A-Z]{2}$'),
  country_name text,
  city text not null check (length(btrim(city)) between 1 and 120),
  type text not null default 'public' check (type in ('public', 'private')),
  founded_year smallint check (founded_year between 1000 and 2100),
  ranking_world integer check (ranking_world > 0),
  ranking_national integer check (ranking_national > 0),
  website text check (website ~ '^https://'),
  description text not null default '',
  logo_url text,
  is_partner boolean not null default false,
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  tuition_min numeric(12, 2),
  tuition_max numeric(12, 2),
  course_count integer not null default 0,
  published boolean not null default false,
  last_verified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index universities_country_idx on public.universities (country_code);
create index universities_city_idx on public.universities (city);
create index universities_type_idx on public.universities (type);
create index universities_ranking_world_idx on public.universities (ranking_world);
create index universities_ranking_national_idx on public.universities (ranking_national);
create index universities_tuition_min_idx on public.universities (tuition_min);
create index universities_name_idx on public.universities (name);
create index universities_partner_idx on public.universities (is_partner) where is_partner;

create or replace function public.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger universities_touch before update on public.universities
  for each row execute function public.touch_updated_at();

alter table public.universities enable row level security;
revoke truncate, references, trigger on public.universities from anon, authenticated;
revoke insert, update, delete on public.universities from anon;

create policy universities_select_anon on public.universities
  for select to anon
  using (published);
create policy universities_select_authenticated on public.universities
  for select to authenticated
  using (published or (select public.is_staff()));
create policy universities_insert_admin on public.universities
  for insert to authenticated
  with check ((select public.has_role('admin')));
create policy universities_update_admin on public.universities
  for update to authenticated
  using ((select public.has_role('admin')))
  with check ((select public.has_role('admin')));
create policy universities_delete_admin on public.universities
  for delete to authenticated
  using ((select public.has_role('admin')));
