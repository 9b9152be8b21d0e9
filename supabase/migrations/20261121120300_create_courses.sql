-- Courses. The university's name, city, country and published flag are copied in by trigger
-- (see catalogue_sync): generated columns cannot join, and search must filter without joining.
create table public.courses (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 160),
  university_id uuid not null references public.universities (id) on delete cascade,
  title text not null check (length(btrim(title)) between 2 and 200),
  level text not null
    check (level in ('foundation', 'diploma', 'certificate', 'bachelor', 'master', 'doctorate')),
  field text not null check (length(btrim(field)) between 2 and 80),
  duration_months smallint not null check (duration_months between 1 and 120),
  study_mode text not null default 'full_time'
    check (study_mode in ('full_time', 'part_time', 'online', 'blended')),
  language text not null default 'en' check (language ~ '^[a-z]{2}$'),
  tuition_amount numeric(12, 2) not null check (tuition_amount >= 0),
  tuition_currency text not null check (tuition_currency ~ '^[A-Z]{3}$'),
  tuition_period text not null default 'year' check (tuition_period in ('year', 'total')),
  -- Yearly cost for comparisons; a whole-course fee is spread over its years (at least one).
  tuition_annual numeric(12, 2) generated always as (
    case when tuition_period = 'year' then tuition_amount
         else round(tuition_amount * 12 / greatest(duration_months, 12), 2) end
  ) stored,
  tuition_annual_usd numeric(12, 2),
  application_fee numeric(10, 2) not null default 0 check (application_fee >= 0),
  application_fee_currency text check (application_fee_currency ~ '^[A-Z]{3}$'),
  entry_requirements text not null default '',
  min_grade_percent smallint check (min_grade_percent between 0 and 100),
  min_gpa numeric(3, 2) check (min_gpa between 0 and 4),
  required_prior_level text check (required_prior_level in
    ('secondary', 'foundation', 'diploma', 'certificate', 'bachelor', 'master')),
  min_ielts numeric(2, 1) check (min_ielts between 0 and 9),
  min_toefl smallint check (min_toefl between 0 and 120),
  min_pte smallint check (min_pte between 10 and 90),
  min_duolingo smallint check (min_duolingo between 10 and 160),
  description text not null default '',
  published boolean not null default false,
  last_verified_at timestamptz,
  university_name text not null default '',
  university_city text not null default '',
  university_country_code text not null default '',
  university_published boolean not null default false,
  next_deadline date,
  intake_months smallint[] not null default '{}',
  search_document tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(field, '')), 'B')
    || setweight(to_tsvector('english'::regconfig, coalesce(university_name, '')), 'C')
    || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'D')
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index courses_university_idx on public.courses (university_id);
create index courses_level_idx on public.courses (level);
create index courses_field_idx on public.courses (field);
create index courses_country_idx on public.courses (university_country_code);
create index courses_tuition_usd_idx on public.courses (tuition_annual_usd, id);
create index courses_duration_idx on public.courses (duration_months, id);
create index courses_mode_idx on public.courses (study_mode);
create index courses_language_idx on public.courses (language);
create index courses_deadline_idx on public.courses (next_deadline, id);
create index courses_title_idx on public.courses (title, id);
create index courses_intake_months_idx on public.courses using gin (intake_months);
create index courses_search_idx on public.courses using gin (search_document);

create trigger courses_touch before update on public.courses
  for each row execute function public.touch_updated_at();

alter table public.courses enable row level security;
revoke truncate, references, trigger on public.courses from anon, authenticated;
revoke insert, update, delete on public.courses from anon;

create policy courses_select_anon on public.courses
  for select to anon
  using (published and university_published);
create policy courses_select_authenticated on public.courses
  for select to authenticated
  using ((published and university_published) or (select public.is_staff()));
create policy courses_insert_admin on public.courses
  for insert to authenticated
  with check ((select public.has_role('admin')));
create policy courses_update_admin on public.courses
  for update to authenticated
  using ((select public.has_role('admin')))
  with check ((select public.has_role('admin')));
create policy courses_delete_admin on public.courses
  for delete to authenticated
  using ((select public.has_role('admin')));
