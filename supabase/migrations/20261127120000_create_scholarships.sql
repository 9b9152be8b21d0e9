-- Scholarships, as Studyportals and UCAS list them: who gives it, how much (an amount in a currency or
-- a share of the tuition), who may apply (study level, nationality, subject area, minimum grades as the
-- catalogue expresses them: a percentage or a 4-point GPA), the deadline, and what it applies to: any
-- course, every course of one university, or named courses of one university. Visitors read the
-- visible ones; administrators write them, with row versions and the audit log like the catalogue.
create table public.scholarships (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 160),
  provider text not null check (length(btrim(provider)) between 2 and 200),
  name text not null check (length(btrim(name)) between 2 and 200),
  description text not null default '' check (char_length(description) <= 4000),
  award_kind text not null check (award_kind in ('amount', 'percentage')),
  amount numeric(12, 2) check (amount > 0),
  currency text check (currency ~ '^[A-Z]{3}$'),
  percentage smallint check (percentage between 1 and 100),
  award_period text not null default 'year' check (award_period in ('year', 'total')),
  -- Empty lists mean "any".
  levels text[] not null default '{}'
    check (levels <@ array['foundation', 'diploma', 'certificate', 'bachelor', 'master', 'doctorate']),
  nationalities text[] not null default '{}' check (array_length(nationalities, 1) is null
    or array_to_string(nationalities, ',') ~ '^[A-Z]{2}(,[A-Z]{2})*$'),
  subject_areas text[] not null default '{}' check (coalesce(array_length(subject_areas, 1), 0) <= 20),
  min_grade_percent smallint check (min_grade_percent between 0 and 100),
  min_gpa numeric(3, 2) check (min_gpa between 0 and 4),
  deadline date,
  applies_to text not null default 'any' check (applies_to in ('any', 'university', 'courses')),
  university_id uuid references public.universities (id) on delete cascade,
  last_verified_at timestamptz,
  source_url text check (source_url ~ '^https://' and length(source_url) <= 500),
  visible boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((award_kind = 'amount') = (amount is not null and currency is not null)),
  check ((award_kind = 'percentage') = (percentage is not null)),
  check ((applies_to = 'any') = (university_id is null))
);
create index scholarships_university_idx on public.scholarships (university_id);
create index scholarships_deadline_idx on public.scholarships (deadline);
create index scholarships_visible_idx on public.scholarships (visible) where visible;

-- The named courses of a scholarship that applies to some courses only.
create table public.scholarship_courses (
  scholarship_id uuid not null references public.scholarships (id) on delete cascade,
  course_id uuid not null references public.courses (id) on delete cascade,
  primary key (scholarship_id, course_id)
);
create index scholarship_courses_course_idx on public.scholarship_courses (course_id);

create trigger scholarships_touch before update on public.scholarships
  for each row execute function public.touch_updated_at();

alter table public.scholarships
  add column version integer not null default 1 check (version > 0),
  add column updated_by uuid references auth.users (id) on delete set null,
  add column last_change text;
create index scholarships_updated_by_idx on public.scholarships (updated_by);
create trigger version_10_check before update of version on public.scholarships
  for each row execute function public.check_row_version('scholarship');
create trigger version_20_stamp before update on public.scholarships
  for each row execute function public.stamp_row_version();

alter table public.scholarships enable row level security;
alter table public.scholarship_courses enable row level security;
revoke all on public.scholarships, public.scholarship_courses from anon, authenticated;
grant select on public.scholarships, public.scholarship_courses to anon, authenticated;
grant insert, update, delete on public.scholarships, public.scholarship_courses to authenticated;

create policy scholarships_select_anon on public.scholarships
  for select to anon using (visible);
create policy scholarships_select_authenticated on public.scholarships
  for select to authenticated using (visible or (select public.has_role('admin')));
create policy scholarships_insert_admin on public.scholarships
  for insert to authenticated with check ((select public.has_role('admin')));
create policy scholarships_update_admin on public.scholarships
  for update to authenticated
  using ((select public.has_role('admin'))) with check ((select public.has_role('admin')));
create policy scholarships_delete_admin on public.scholarships
  for delete to authenticated using ((select public.has_role('admin')));

-- A link is visible when its scholarship is (the subquery runs under the scholarships policies).
create policy scholarship_courses_select on public.scholarship_courses
  for select to anon, authenticated
  using (exists (select 1 from public.scholarships s where s.id = scholarship_id));
create policy scholarship_courses_insert_admin on public.scholarship_courses
  for insert to authenticated with check ((select public.has_role('admin')));
create policy scholarship_courses_delete_admin on public.scholarship_courses
  for delete to authenticated using ((select public.has_role('admin')));

create trigger scholarships_audit after insert or update or delete on public.scholarships
  for each row execute function public.audit_staff_change();

-- Course and university pages list scholarships, so a change to one changes the catalogue's
-- fingerprint (the body of 20261125100200_create_application_decisions.sql plus the last line).
create or replace function public.catalogue_version() returns text
language sql stable security definer
set search_path = ''
as $$
  select concat_ws(':',
    (select concat(count(*), '@', max(updated_at)) from public.universities),
    (select concat(count(*), '@', max(updated_at)) from public.courses),
    (select concat(count(*), '@', max(updated_at)) from public.intakes),
    (select concat(count(*), '@', max(updated_at)) from public.document_requirements),
    (select concat(count(*), '@', max(as_of), '@', sum(rate_to_usd)) from public.currency_rates),
    (select concat(count(*), '@', sum(frequency)) from public.search_terms),
    (select concat(count(*) filter (where is_full), '@', max(updated_at)) from public.intake_fullness),
    (select concat(count(*), '@', max(updated_at), '@', (select count(*) from public.scholarship_courses))
      from public.scholarships))
$$;
