-- The public catalogue: universities, courses and their intakes, exchange rates, document
-- requirements, shortlists, living costs and scholarships; the triggers that keep copied and summary
-- columns in step; course and university search (the course_search copy, "did you mean", facets);
-- and the fingerprint the app uses to drop pages it rendered before a change. Visitors read what is
-- published; administrators write it, with row versions and the audit log.

-- ---------------------------------------------------------------------------------------------
-- Universities.

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
  description text not null default '' check (char_length(description) <= 5000),
  logo_url text check (char_length(logo_url) <= 500 and logo_url ~ '^https://[^[:space:]]+$'),
  is_partner boolean not null default false,
  -- Who signs the university's decision letters (name, then role); the admissions office when unset.
  letter_signatory text check (char_length(btrim(letter_signatory)) between 1 and 120),
  letter_signatory_title text check (char_length(btrim(letter_signatory_title)) between 1 and 120),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  tuition_min numeric(12, 2),
  tuition_max numeric(12, 2),
  course_count integer not null default 0,
  published boolean not null default false,
  last_verified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1 check (version > 0),
  updated_by uuid references auth.users (id) on delete set null,
  last_change text,
  constraint universities_country_code_iso check (public.is_iso_country_code(country_code))
);

create index universities_country_idx on public.universities (country_code);
create index universities_city_idx on public.universities (city);
create index universities_type_idx on public.universities (type);
create index universities_ranking_world_idx on public.universities (ranking_world);
create index universities_ranking_national_idx on public.universities (ranking_national);
create index universities_tuition_min_idx on public.universities (tuition_min);
create index universities_name_idx on public.universities (name);
create index universities_partner_idx on public.universities (is_partner) where is_partner;
create index universities_updated_by_idx on public.universities (updated_by);
create index universities_name_folded_idx on public.universities using gin (public.fold(name) extensions.gin_trgm_ops);

create trigger universities_touch before update on public.universities
  for each row execute function public.touch_updated_at();
create trigger universities_audit after insert or update or delete on public.universities
  for each row execute function public.audit_staff_change('tuition_min', 'tuition_max', 'course_count');
create trigger version_10_check before update of version on public.universities
  for each row execute function public.check_row_version('university');
create trigger version_20_stamp before update on public.universities
  for each row execute function public.stamp_row_version('tuition_min', 'tuition_max', 'course_count');

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

-- ---------------------------------------------------------------------------------------------
-- Exchange rates.

-- Dated exchange rates: one unit of `currency` is worth `rate_to_usd` US dollars on `as_of`.
create table public.currency_rates (
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  rate_to_usd numeric(18, 8) not null check (rate_to_usd > 0),
  as_of date not null,
  primary key (currency, as_of)
);

alter table public.currency_rates enable row level security;
revoke truncate, references, trigger on public.currency_rates from anon, authenticated;
revoke insert, update, delete on public.currency_rates from anon;

create policy currency_rates_select on public.currency_rates
  for select to anon, authenticated
  using (true);
create policy currency_rates_insert_admin on public.currency_rates
  for insert to authenticated
  with check ((select public.has_role('admin')));
create policy currency_rates_update_admin on public.currency_rates
  for update to authenticated
  using ((select public.has_role('admin')))
  with check ((select public.has_role('admin')));
create policy currency_rates_delete_admin on public.currency_rates
  for delete to authenticated
  using ((select public.has_role('admin')));

-- The newest rate per currency; invoker rights so the table's policies still apply.
create view public.latest_currency_rates with (security_invoker = true) as
  select distinct on (currency) currency, rate_to_usd, as_of
  from public.currency_rates
  order by currency, as_of desc;

revoke insert, update, delete, truncate, references, trigger on public.latest_currency_rates
  from anon, authenticated;
create trigger latest_currency_rates_read_only instead of insert or update or delete on public.latest_currency_rates
  for each row execute function public.refuse_view_write();

-- Converts with the newest rates; null when either currency has no rate.
create or replace function public.convert_amount(amount numeric, from_currency text, to_currency text)
returns numeric
language sql stable
set search_path = ''
as $$
  select case
    when amount is null then null
    when upper(from_currency) = upper(to_currency) then amount
    else round(
      amount
        * (select r.rate_to_usd from public.currency_rates r
           where r.currency = upper(from_currency) order by r.as_of desc limit 1)
        / (select r.rate_to_usd from public.currency_rates r
           where r.currency = upper(to_currency) order by r.as_of desc limit 1),
      2)
  end
$$;

-- ---------------------------------------------------------------------------------------------
-- Courses.

-- Courses. The university's name, city, country and published flag are copied in by trigger
-- (the catalogue sync below): generated columns cannot join, and search must filter without joining.
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
  entry_requirements text not null default '' check (char_length(entry_requirements) <= 3000),
  min_grade_percent smallint check (min_grade_percent between 0 and 100),
  min_gpa numeric(3, 2) check (min_gpa between 0 and 4),
  required_prior_level text check (required_prior_level in
    ('secondary', 'foundation', 'diploma', 'certificate', 'bachelor', 'master')),
  min_ielts numeric(2, 1) check (min_ielts between 0 and 9),
  min_toefl smallint check (min_toefl between 0 and 120),
  min_pte smallint check (min_pte between 10 and 90),
  min_duolingo smallint check (min_duolingo between 10 and 160),
  description text not null default '' check (char_length(description) <= 5000),
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
  updated_at timestamptz not null default now(),
  version integer not null default 1 check (version > 0),
  updated_by uuid references auth.users (id) on delete set null,
  last_change text,
  constraint courses_country_code_iso
    check (university_country_code = '' or public.is_iso_country_code(university_country_code))
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
create index courses_updated_by_idx on public.courses (updated_by);

create trigger courses_touch before update on public.courses
  for each row execute function public.touch_updated_at();
create trigger courses_audit after insert or update or delete on public.courses
  for each row execute function public.audit_staff_change('search_document', 'university_name',
    'university_city', 'university_country_code', 'university_published', 'next_deadline', 'intake_months',
    'tuition_annual', 'tuition_annual_usd');
create trigger version_10_check before update of version on public.courses
  for each row execute function public.check_row_version('course');
create trigger version_20_stamp before update on public.courses
  for each row execute function public.stamp_row_version('search_document', 'university_name',
    'university_city', 'university_country_code', 'university_published', 'next_deadline', 'intake_months',
    'tuition_annual', 'tuition_annual_usd');

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

-- ---------------------------------------------------------------------------------------------
-- Intakes.

-- Admission cycles per course. Status changes beyond editing belong to admin functions.
create table public.intakes (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  term text not null check (length(btrim(term)) between 2 and 60),
  start_date date not null,
  opens_at date,
  deadline date not null,
  reply_by date,
  capacity integer check (capacity > 0),
  status text not null default 'draft'
    check (status in ('draft', 'open', 'closed', 'decisions_published', 'archived')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1 check (version > 0),
  updated_by uuid references auth.users (id) on delete set null,
  last_change text,
  -- Places are the capacity column; over_offer is how many offers may go beyond them, release_mode
  -- how decisions reach applicants (one by one, or together once published).
  over_offer integer not null default 0 check (over_offer between 0 and 100000),
  release_mode text not null default 'rolling' check (release_mode in ('rolling', 'batch')),
  -- How many readers score each application before its reads are complete.
  reads_required integer not null default 2 check (reads_required between 1 and 5),
  -- When the intake last opened for applications, so a saved-search alert names only intakes that
  -- opened after the search was saved.
  opened_at timestamptz,
  -- When the intake was last archived: readers' comments are erased a retention period after it.
  archived_at timestamptz,
  check (opens_at is null or opens_at <= deadline),
  check (deadline <= start_date),
  check (reply_by is null or reply_by >= deadline),
  unique (course_id, term)
);
comment on column public.intakes.capacity is 'Places: offers and acceptances held against this intake.';

create index intakes_deadline_idx on public.intakes (deadline);
create index intakes_start_date_idx on public.intakes (start_date);
create index intakes_status_idx on public.intakes (status);
create index intakes_updated_by_idx on public.intakes (updated_by);

create trigger intakes_touch before update on public.intakes
  for each row execute function public.touch_updated_at();
create trigger intakes_audit after insert or update or delete on public.intakes
  for each row execute function public.audit_staff_change();
create trigger version_10_check before update of version on public.intakes
  for each row execute function public.check_row_version('intake');
create trigger version_20_stamp before update on public.intakes
  for each row execute function public.stamp_row_version();

create or replace function public.stamp_intake_opened() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'open' and (tg_op = 'INSERT' or old.status is distinct from 'open') then
    new.opened_at := now();
  end if;
  if new.status = 'archived' and (tg_op = 'INSERT' or old.status is distinct from 'archived') then
    new.archived_at := now();
  elsif new.status <> 'archived' then
    new.archived_at := null;
  end if;
  return new;
end
$$;
create trigger intakes_opened before insert or update of status on public.intakes
  for each row execute function public.stamp_intake_opened();

alter table public.intakes enable row level security;
revoke truncate, references, trigger on public.intakes from anon, authenticated;
revoke insert, update, delete on public.intakes from anon;

-- The course subquery runs under the courses policies, so only visible courses qualify.
create policy intakes_select_anon on public.intakes
  for select to anon
  using (status <> 'draft' and exists (select 1 from public.courses c where c.id = course_id));
create policy intakes_select_authenticated on public.intakes
  for select to authenticated
  using (
    (status <> 'draft' and exists (select 1 from public.courses c where c.id = course_id))
    or (select public.is_staff())
  );
create policy intakes_insert_admin on public.intakes
  for insert to authenticated
  with check ((select public.has_role('admin')));
create policy intakes_update_admin on public.intakes
  for update to authenticated
  using ((select public.has_role('admin')))
  with check ((select public.has_role('admin')));
create policy intakes_delete_admin on public.intakes
  for delete to authenticated
  using ((select public.has_role('admin')));

-- Whether an intake's places are all spoken for, kept apart from the intake row so offers and
-- replies do not change the intake (its version, its audit trail). Visitors read it with the intake;
-- the decisions part keeps it up to date (refresh_intake_fullness).
create table public.intake_fullness (
  intake_id uuid primary key references public.intakes (id) on delete cascade,
  is_full boolean not null default false,
  updated_at timestamptz not null default now()
);
alter table public.intake_fullness enable row level security;
revoke all on public.intake_fullness from anon, authenticated;
grant select on public.intake_fullness to anon, authenticated;
-- The intake subquery runs under the intakes policies: visible intakes only.
create policy intake_fullness_select on public.intake_fullness
  for select to anon, authenticated
  using (exists (select 1 from public.intakes i where i.id = intake_id));

-- ---------------------------------------------------------------------------------------------
-- Document requirements and shortlists.

-- What an application must carry, per course; rows without a course are the defaults. The upload
-- UI and the storage rules read the same rows.
create table public.document_requirements (
  id uuid primary key default gen_random_uuid(),
  course_id uuid references public.courses (id) on delete cascade,
  kind text not null check (kind in
    ('passport', 'transcript', 'english_test', 'cv', 'statement', 'reference', 'portfolio', 'other')),
  required boolean not null default true,
  allowed_types text[] not null default '{application/pdf,image/jpeg,image/png}'
    check (cardinality(allowed_types) > 0),
  max_size_bytes integer not null default 10485760 check (max_size_bytes between 1 and 52428800),
  description text not null default '' check (char_length(description) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique nulls not distinct (course_id, kind),
  version integer not null default 1 check (version > 0),
  updated_by uuid references auth.users (id) on delete set null,
  last_change text
);
create index document_requirements_updated_by_idx on public.document_requirements (updated_by);

create trigger document_requirements_touch before update on public.document_requirements
  for each row execute function public.touch_updated_at();
create trigger document_requirements_audit after insert or update or delete on public.document_requirements
  for each row execute function public.audit_staff_change();
create trigger version_10_check before update of version on public.document_requirements
  for each row execute function public.check_row_version('document requirement');
create trigger version_20_stamp before update on public.document_requirements
  for each row execute function public.stamp_row_version();

alter table public.document_requirements enable row level security;
revoke truncate, references, trigger on public.document_requirements from anon, authenticated;
revoke insert, update, delete on public.document_requirements from anon;

create policy document_requirements_select_anon on public.document_requirements
  for select to anon
  using (course_id is null or exists (select 1 from public.courses c where c.id = course_id));
create policy document_requirements_select_authenticated on public.document_requirements
  for select to authenticated
  using (
    course_id is null
    or exists (select 1 from public.courses c where c.id = course_id)
  );
create policy document_requirements_insert_admin on public.document_requirements
  for insert to authenticated
  with check ((select public.has_role('admin')));
create policy document_requirements_update_admin on public.document_requirements
  for update to authenticated
  using ((select public.has_role('admin')))
  with check ((select public.has_role('admin')));
create policy document_requirements_delete_admin on public.document_requirements
  for delete to authenticated
  using ((select public.has_role('admin')));

-- The documents a course asks for: its own list, or the defaults when it has none. Submission, the
-- statement rule and the decision checks all read this one answer.
create or replace function public.course_document_requirements(course_id uuid)
returns setof public.document_requirements
language sql stable security definer
set search_path = ''
as $$
  select r.* from public.document_requirements r
  where r.course_id = course_document_requirements.course_id
    or (r.course_id is null and not exists (
      select 1 from public.document_requirements c where c.course_id = course_document_requirements.course_id))
$$;
revoke execute on function public.course_document_requirements(uuid) from public, anon, authenticated;

-- An applicant's saved courses. Only the owner reads or changes them.
create table public.shortlist_items (
  user_id uuid not null references auth.users (id) on delete cascade,
  course_id uuid not null references public.courses (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, course_id)
);
create index shortlist_items_course_idx on public.shortlist_items (course_id);

alter table public.shortlist_items enable row level security;
revoke all on public.shortlist_items from anon;
revoke truncate, references, trigger, update on public.shortlist_items from authenticated;

create policy shortlist_items_select_own on public.shortlist_items
  for select to authenticated
  using (user_id = (select auth.uid()));
-- Only courses the user can see may be saved.
create policy shortlist_items_insert_own on public.shortlist_items
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.courses c where c.id = course_id)
  );
create policy shortlist_items_delete_own on public.shortlist_items
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- Catalogue sync.

-- Keeps the copied and summary columns of the catalogue in step with their sources. The trigger
-- functions run as their owner so a summary stays right whatever the writer may read; only
-- administrators (and the service role) can write the source rows in the first place.

-- Every course write takes the university's current name, place and visibility, and the yearly
-- tuition in US dollars at the newest rate, so nothing a writer sends can fake them.
create or replace function public.courses_fill_derived() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  uni record;
  rate numeric;
begin
  select u.name, u.city, u.country_code, u.published into uni
  from public.universities u where u.id = new.university_id;
  new.university_name := coalesce(uni.name, '');
  new.university_city := coalesce(uni.city, '');
  new.university_country_code := coalesce(uni.country_code, '');
  new.university_published := coalesce(uni.published, false);
  select r.rate_to_usd into rate from public.currency_rates r
  where r.currency = new.tuition_currency order by r.as_of desc limit 1;
  new.tuition_annual_usd := round(
    case when new.tuition_period = 'year' then new.tuition_amount
         else new.tuition_amount * 12 / greatest(new.duration_months, 12) end * rate, 2);
  return new;
end
$$;

create trigger courses_fill_derived before insert or update on public.courses
  for each row execute function public.courses_fill_derived();

create or replace function public.universities_push_to_courses() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.courses c set university_name = new.name where c.university_id = new.id;
  return null;
end
$$;

create trigger universities_push_to_courses after update of name, city, country_code, published
  on public.universities
  for each row
  when ((old.name, old.city, old.country_code, old.published)
    is distinct from (new.name, new.city, new.country_code, new.published))
  execute function public.universities_push_to_courses();

-- Course count and yearly tuition range (in the university's currency) over published courses.
create or replace function public.refresh_university_stats(university_ids uuid[]) returns void
language sql
set search_path = ''
as $$
  update public.universities u set
    course_count = s.course_count,
    tuition_min = s.tuition_min,
    tuition_max = s.tuition_max
  from (
    select ids.id,
           count(c.id) filter (where c.published)::integer as course_count,
           min(c.tuition_annual) filter (where c.published and c.tuition_currency = u2.currency) as tuition_min,
           max(c.tuition_annual) filter (where c.published and c.tuition_currency = u2.currency) as tuition_max
    from unnest(university_ids) as ids (id)
    join public.universities u2 on u2.id = ids.id
    left join public.courses c on c.university_id = ids.id
    group by ids.id
  ) s
  where u.id = s.id
    and (u.course_count, u.tuition_min, u.tuition_max)
      is distinct from (s.course_count, s.tuition_min, s.tuition_max)
$$;

create or replace function public.courses_refresh_universities() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.refresh_university_stats(array(select distinct university_id from new_rows));
  elsif tg_op = 'DELETE' then
    perform public.refresh_university_stats(array(select distinct university_id from old_rows));
  else
    perform public.refresh_university_stats(array(
      select university_id from new_rows union select university_id from old_rows));
  end if;
  return null;
end
$$;

create trigger courses_stats_insert after insert on public.courses
  referencing new table as new_rows
  for each statement execute function public.courses_refresh_universities();
create trigger courses_stats_update after update on public.courses
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.courses_refresh_universities();
create trigger courses_stats_delete after delete on public.courses
  referencing old table as old_rows
  for each statement execute function public.courses_refresh_universities();

-- A course's next open deadline and the months its open intakes start, for filters and sorting.
-- An open intake with a future opens_at is announced but not yet accepting applications.
create or replace function public.refresh_course_intakes(course_ids uuid[]) returns void
language sql
set search_path = ''
as $$
  update public.courses c set
    next_deadline = s.next_deadline,
    intake_months = s.intake_months
  from (
    select ids.id,
           min(i.deadline) filter (where i.status = 'open') as next_deadline,
           coalesce(array_agg(distinct extract(month from i.start_date)::smallint)
             filter (where i.status = 'open'), '{}') as intake_months
    from unnest(course_ids) as ids (id)
    left join public.intakes i on i.course_id = ids.id
    group by ids.id
  ) s
  where c.id = s.id
    and (c.next_deadline, c.intake_months) is distinct from (s.next_deadline, s.intake_months)
$$;

create or replace function public.intakes_refresh_courses() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.refresh_course_intakes(array(select distinct course_id from new_rows));
  elsif tg_op = 'DELETE' then
    perform public.refresh_course_intakes(array(select distinct course_id from old_rows));
  else
    perform public.refresh_course_intakes(array(
      select course_id from new_rows union select course_id from old_rows));
  end if;
  return null;
end
$$;

create trigger intakes_summary_insert after insert on public.intakes
  referencing new table as new_rows
  for each statement execute function public.intakes_refresh_courses();
create trigger intakes_summary_update after update on public.intakes
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.intakes_refresh_courses();
create trigger intakes_summary_delete after delete on public.intakes
  referencing old table as old_rows
  for each statement execute function public.intakes_refresh_courses();

-- New or corrected rates re-price the affected courses (the fill trigger does the arithmetic).
create or replace function public.currency_rates_reprice() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.courses c set tuition_annual_usd = null
  where c.tuition_currency in (select currency from changed_rows);
  return null;
end
$$;

create trigger currency_rates_reprice_insert after insert on public.currency_rates
  referencing new table as changed_rows
  for each statement execute function public.currency_rates_reprice();
create trigger currency_rates_reprice_update after update on public.currency_rates
  referencing new table as changed_rows
  for each statement execute function public.currency_rates_reprice();
create trigger currency_rates_reprice_delete after delete on public.currency_rates
  referencing old table as changed_rows
  for each statement execute function public.currency_rates_reprice();

revoke execute on function
  public.touch_updated_at(),
  public.courses_fill_derived(),
  public.universities_push_to_courses(),
  public.courses_refresh_universities(),
  public.intakes_refresh_courses(),
  public.currency_rates_reprice(),
  public.refresh_university_stats(uuid[]),
  public.refresh_course_intakes(uuid[])
from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Search.

-- A small dictionary of the words and phrases the catalogue contains, for "did you mean". Fuzzy
-- matching runs over this table only, never over the courses themselves.
create table public.search_terms (
  term text primary key,
  frequency integer not null default 1
);
create index search_terms_trgm_idx on public.search_terms using gin (term extensions.gin_trgm_ops);

alter table public.search_terms enable row level security;
revoke truncate, references, trigger on public.search_terms from anon, authenticated;
revoke insert, update, delete on public.search_terms from anon, authenticated;

create policy search_terms_select on public.search_terms
  for select to anon, authenticated
  using (true);

-- Rebuilds the dictionary from visible course titles and fields, university names and places, and
-- the single words in them (stop words left out). Administrators call it after catalogue edits.
create or replace function public.refresh_search_terms() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  written integer;
begin
  if coalesce((select auth.role()), '') in ('anon', 'authenticated')
     and not (select public.has_role('admin')) then
    raise exception 'only administrators refresh the search terms' using errcode = '42501';
  end if;
  delete from public.search_terms where true;
  with phrases as (
    select lower(btrim(c.title)) as term from public.courses c
    where c.published and c.university_published
    union all
    select lower(btrim(c.field)) from public.courses c where c.published and c.university_published
    union all
    select lower(btrim(x.phrase)) from public.universities u,
      lateral (values (u.name), (u.city), (u.country_name)) as x (phrase)
    where u.published and x.phrase is not null
  ),
  words as (
    select w as term, count(*) as frequency
    from phrases, regexp_split_to_table(phrases.term, '[^[:alnum:]]+') as w
    where length(w) >= 3
    group by w
  )
  insert into public.search_terms (term, frequency)
  select term, sum(frequency)::integer from (
    select term, count(*) as frequency from phrases group by term
    union all
    select term, frequency from words
    where to_tsvector('english'::regconfig, term) <> ''::tsvector
  ) t
  group by term;
  get diagnostics written = row_count;
  return written;
end
$$;

revoke execute on function public.refresh_search_terms() from public, anon;
grant execute on function public.refresh_search_terms() to authenticated, service_role;

-- The dictionary entries closest to what was typed, best first.
create or replace function public.suggest_terms(q text, max_results integer default 5)
returns table (term text, similarity real)
language sql stable
set search_path = ''
as $$
  select t.term, extensions.similarity(t.term, lower(btrim(q))) as similarity
  from public.search_terms t
  where t.term operator(extensions.%) lower(btrim(q))
  order by 2 desc, t.frequency desc, t.term
  limit least(greatest(coalesce(max_results, 5), 1), 20)
$$;

-- The query with each word the catalogue does not know replaced by its closest known word, or
-- null when every word is known or nothing close exists.
-- "Did you mean" probes the trigram index once per unknown word, so its cost grows with the words it
-- is given (500 words took over a second). The app sends at most 120 characters of search text;
-- anything longer than 200 is refused before any lookup, answering 400 through the Data API.
create or replace function public.correct_query(q text) returns text
language plpgsql stable
set search_path = ''
as $$
begin
  if length(q) > 200 then
    raise exception 'correct_query takes at most 200 characters'
      using hint = 'Send the search text as typed; longer text is not corrected';
  end if;
  return (
    with words as (
      select w, n from regexp_split_to_table(lower(btrim(q)), '\s+') with ordinality as x (w, n)
      where w <> ''
    ),
    fixed as (
      select n, w, coalesce(
        (select t.term from public.search_terms t where t.term = w),
        (select t.term from public.search_terms t
         where length(w) >= 3 and t.term !~ '\s' and t.term operator(extensions.%) w
         order by extensions.similarity(t.term, w) desc, t.frequency desc limit 1),
        w) as best
      from words
    )
    select case when bool_or(best <> w) then string_agg(best, ' ' order by n) end from fixed
  );
end
$$;

grant execute on function public.suggest_terms(text, integer), public.correct_query(text)
  to anon, authenticated, service_role;

-- A narrow copy of every visible course (published, at a published university) holding only what
-- search matches, filters and sorts on. Search reads this table instead of the wide course rows,
-- so a broad query touches a fraction of the pages and never meets an unpublished course at all.
-- Nobody reads it directly: search_courses is its only door.
-- Filter values are also written into the tsvectors as lexemes the text parser never produces
-- ('~', a kind letter, the value), so a text search with filters is a single GIN scan.
create or replace function public.course_search_facets(
  level text, field text, country_code text, study_mode text, language text, intake_months smallint[]
) returns tsvector
language sql immutable
set search_path = ''
as $$
  select array_to_tsvector(array['~l' || level, '~f' || field, '~c' || country_code, '~m' || study_mode,
    '~g' || language] || array(select '~i' || m from unnest(intake_months) as m))
$$;

create table public.course_search (
  course_id uuid primary key references public.courses (id) on delete cascade,
  title text not null,
  -- Title (A), field (B) and university name (C), positioned exactly as in the full document
  -- (the course's search_document); both carry the filter lexemes.
  head tsvector not null,
  document tsvector not null,
  level text not null,
  field text not null,
  country_code text not null,
  university_id uuid not null,
  tuition_annual_usd numeric(12, 2),
  duration_months smallint not null,
  study_mode text not null,
  language text not null,
  next_deadline date,
  intake_months smallint[] not null
);

create index course_search_head_idx on public.course_search using gin (head);
create index course_search_document_idx on public.course_search using gin (document);
-- Each sort walks its index and checks the filters on the index entry alone (an index-only scan),
-- so a filter that rarely matches in that order costs index reads, not a heap visit per row.
create index course_search_title_idx on public.course_search (title, course_id)
  include (level, field, country_code, university_id, tuition_annual_usd, duration_months, study_mode,
    language, intake_months);
create index course_search_tuition_idx on public.course_search (tuition_annual_usd, course_id)
  include (level, field, country_code, university_id, duration_months, study_mode, language, intake_months);
create index course_search_deadline_idx on public.course_search (next_deadline, course_id)
  include (level, field, country_code, university_id, tuition_annual_usd, duration_months, study_mode,
    language, intake_months);
create index course_search_duration_idx on public.course_search (duration_months, course_id)
  include (level, field, country_code, university_id, tuition_annual_usd, study_mode, language, intake_months);
create index course_search_field_idx on public.course_search (field);
create index course_search_country_idx on public.course_search (country_code);
create index course_search_university_idx on public.course_search (university_id);

alter table public.course_search enable row level security;
revoke all on public.course_search from public, anon, authenticated;

-- Every lexeme a search document has held (not the filter lexemes), so that a typed prefix can be
-- matched as the whole lexemes it stands for; see course_search_whole_words. Rows are never removed:
-- a lexeme no course holds any more matches nothing. search_courses reads it; nobody else does.
create table public.course_search_lexemes (
  lexeme text collate "C" primary key
);

alter table public.course_search_lexemes enable row level security;
revoke all on public.course_search_lexemes from public, anon, authenticated;

-- Brings the copies of the given courses up to date: visible ones are written (only when
-- something changed), the others removed.
-- The copies course search reads, their text folded: title (A), field (B), university name (C) and
-- description (D) positioned as in the course's own search_document.
create or replace function public.sync_course_search(course_ids uuid[]) returns void
language sql security definer
set search_path = ''
as $$
  delete from public.course_search s
  where s.course_id = any (course_ids)
    and not exists (select 1 from public.courses c
                    where c.id = s.course_id and c.published and c.university_published);
  insert into public.course_search as s (course_id, title, head, document, level, field, country_code,
    university_id, tuition_annual_usd, duration_months, study_mode, language, next_deadline, intake_months)
  select c.id, c.title, t.head || f.facets,
    t.head || setweight(to_tsvector('english'::regconfig, public.fold(coalesce(c.description, ''))), 'D') || f.facets,
    c.level, c.field, c.university_country_code, c.university_id, c.tuition_annual_usd,
    c.duration_months, c.study_mode, c.language, c.next_deadline, c.intake_months
  from public.courses c,
    lateral (select public.course_search_facets(c.level, c.field, c.university_country_code, c.study_mode,
      c.language, c.intake_months) as facets) f,
    lateral (select setweight(to_tsvector('english'::regconfig, public.fold(coalesce(c.title, ''))), 'A')
      || setweight(to_tsvector('english'::regconfig, public.fold(coalesce(c.field, ''))), 'B')
      || setweight(to_tsvector('english'::regconfig, public.fold(coalesce(c.university_name, ''))), 'C') as head) t
  where c.id = any (course_ids) and c.published and c.university_published
  on conflict (course_id) do update set
    title = excluded.title, head = excluded.head, document = excluded.document, level = excluded.level,
    field = excluded.field, country_code = excluded.country_code, university_id = excluded.university_id,
    tuition_annual_usd = excluded.tuition_annual_usd, duration_months = excluded.duration_months,
    study_mode = excluded.study_mode, language = excluded.language, next_deadline = excluded.next_deadline,
    intake_months = excluded.intake_months
  where (s.title, s.head, s.document, s.level, s.field, s.country_code, s.university_id,
         s.tuition_annual_usd, s.duration_months, s.study_mode, s.language, s.next_deadline, s.intake_months)
    is distinct from (excluded.title, excluded.head, excluded.document, excluded.level, excluded.field,
         excluded.country_code, excluded.university_id, excluded.tuition_annual_usd, excluded.duration_months,
         excluded.study_mode, excluded.language, excluded.next_deadline, excluded.intake_months);
  -- In one order, so two catalogue edits adding the same new words never wait on each other in a cycle.
  insert into public.course_search_lexemes (lexeme)
  select distinct w.lexeme from public.course_search s, unnest(tsvector_to_array(s.document)) as w (lexeme)
  where s.course_id = any (course_ids) and left(w.lexeme, 1) <> '~'
  order by w.lexeme
  on conflict (lexeme) do nothing;
$$;

-- Every change to a course's own or copied columns (university, intakes, rates) is an update of
-- the course row, so these two statement triggers see them all; deletes cascade.
create or replace function public.courses_sync_search() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform public.sync_course_search(array(select id from changed_rows));
  return null;
end
$$;

create trigger courses_search_insert after insert on public.courses
  referencing new table as changed_rows
  for each statement execute function public.courses_sync_search();
create trigger courses_search_update after update on public.courses
  referencing new table as changed_rows
  for each statement execute function public.courses_sync_search();

revoke execute on function public.sync_course_search(uuid[]), public.courses_sync_search()
  from public, anon, authenticated;

-- Course search over the narrow course_search table. It runs with its owner's rights because
-- visitors cannot read that table; visibility is explicit instead: course_search only ever holds
-- visible courses, and the page is joined back to courses with the published checks repeated.
-- Counting stops past 1,000 (1001 means "more than 1,000"). Ranked text search orders the first
-- 1,001 matches (those matching in title, field or university name first); when a query matches
-- more, the ranking covers that sample, which is also all that paging can reach.
-- The chosen filter values as a query over the filter lexemes (null when nothing is chosen). Quotes
-- and backslashes are doubled, so a value is always one literal lexeme.
create or replace function public.course_search_facet_query(
  levels text[], fields text[], countries text[], study_modes text[], languages text[], intake_month integer
) returns tsquery
language sql immutable
set search_path = ''
as $$
  select nullif(concat_ws(' & ', variadic array(
    select '(' || string_agg('''~' || f.kind || replace(replace(v, '\', '\\'), '''', '''''') || '''', ' | ')
      || ')'
    from (values ('l', levels), ('f', fields), ('c', countries), ('m', study_modes), ('g', languages),
                 ('i', array[intake_month::text])) as f (kind, vals),
      unnest(f.vals) as v
    where f.vals is not null and v is not null
    group by f.kind)), '')::tsquery
$$;

-- websearch syntax for the whole text, folded like the documents; a plain trailing word becomes a
-- prefix (`comput:*`).
-- Places as their own people write them, read as the catalogue names them in English: a visitor
-- typing "München" or "Köln" means Munich or Cologne. Takes folded text (public.fold) and swaps whole
-- words (and the two-word names); everything else is left as typed.
create or replace function public.english_place_names(folded text) returns text
language sql immutable strict parallel safe
set search_path = ''
as $$
  select coalesce(string_agg(coalesce(e.english, w.word), ' ' order by w.n), '')
  from regexp_split_to_table(
    replace(replace(replace(folded, 'den haag', 'den_haag'), 'frankfurt am main', 'frankfurt'), 'sankt gallen', 'st_gallen'),
    '\s+') with ordinality as w (word, n)
  left join (values
    ('munchen', 'munich'), ('muenchen', 'munich'), ('koln', 'cologne'), ('koeln', 'cologne'),
    ('nurnberg', 'nuremberg'), ('nuernberg', 'nuremberg'), ('hannover', 'hanover'), ('braunschweig', 'brunswick'),
    ('wien', 'vienna'), ('genf', 'geneva'), ('geneve', 'geneva'), ('st_gallen', 'st gallen'),
    ('praha', 'prague'), ('warszawa', 'warsaw'), ('kobenhavn', 'copenhagen'),
    ('goteborg', 'gothenburg'), ('den_haag', 'the hague'), ('bruxelles', 'brussels'), ('brussel', 'brussels'),
    ('antwerpen', 'antwerp'), ('lisboa', 'lisbon'), ('sevilla', 'seville'), ('roma', 'rome'), ('milano', 'milan'),
    ('firenze', 'florence'), ('venezia', 'venice'), ('napoli', 'naples'), ('torino', 'turin'), ('athina', 'athens'),
    ('moskva', 'moscow'), ('bucuresti', 'bucharest'), ('beograd', 'belgrade'),
    ('deutschland', 'germany'), ('osterreich', 'austria'), ('nederland', 'netherlands'), ('espana', 'spain'),
    ('italia', 'italy'), ('schweiz', 'switzerland'), ('suisse', 'switzerland'), ('eire', 'ireland'))
    e (local, english) on e.local = w.word
$$;
grant execute on function public.english_place_names(text) to anon, authenticated, service_role;

create or replace function public.course_search_query(q text) returns tsquery
language plpgsql immutable
set search_path = ''
as $$
declare
  input text := btrim(coalesce(public.english_place_names(public.fold(q)), ''));
  last_word text;
  head tsquery;
  prefix tsquery;
begin
  if input = '' then
    return null;
  end if;
  last_word := substring(input from '([[:alnum:]]+)$');
  if input ~ '["-]' or input ~* '(^|\s)or(\s|$)' or last_word is null or length(last_word) < 2 then
    return websearch_to_tsquery('english'::regconfig, input);
  end if;
  prefix := to_tsquery('english'::regconfig, last_word || ':*');
  if numnode(prefix) = 0 then
    return websearch_to_tsquery('english'::regconfig, input);
  end if;
  head := websearch_to_tsquery('english'::regconfig, left(input, length(input) - length(last_word)));
  return case when numnode(head) = 0 then prefix else head && prefix end;
end
$$;
grant execute on function public.course_search_query(text) to anon, authenticated, service_role;

-- The query with its trailing prefix (`sc:*`, see course_search_query) spelled out as the whole
-- lexemes search documents hold that begin with it, when there are 1 to 32 of them; otherwise the
-- query unchanged. Both match the same documents. GIN combines whole lexemes by skipping through
-- the rarest one's rows, but collects every row of every lexeme under a prefix before combining:
-- on 100,000 courses "computer sc" spent three times as long in the index.
create or replace function public.course_search_whole_words(typed tsquery) returns tsquery
language plpgsql stable
set search_path = ''
as $$
declare
  stem text := substring(typed::text from '''([^''\\]+)'':\*$');
  words text[];
begin
  if stem is null then
    return typed;
  end if;
  -- The lexemes from the stem on, in byte order: those beginning with it come first.
  words := array(select w from (select l.lexeme as w from public.course_search_lexemes l
                                where l.lexeme >= stem order by l.lexeme limit 33) next_words
                 where starts_with(w, stem));
  if cardinality(words) not between 1 and 32 then
    return typed;
  end if;
  return (left(typed::text, -length(stem) - 4) || '(' || array_to_string(array(
    select '''' || replace(replace(w, '\', '\\'), '''', '''''') || '''' from unnest(words) as w), ' | ')
    || ')')::tsquery;
end
$$;
revoke execute on function public.course_search_whole_words(tsquery) from public, anon, authenticated;

create or replace function public.search_courses(
  q text default null,
  levels text[] default null,
  fields text[] default null,
  countries text[] default null,
  university_ids uuid[] default null,
  max_tuition_usd numeric default null,
  min_duration_months integer default null,
  max_duration_months integer default null,
  study_modes text[] default null,
  languages text[] default null,
  intake_month integer default null,
  sort text default 'relevance',
  page_size integer default 20,
  page_offset integer default 0
)
returns table (
  id uuid, slug text, title text, level text, field text,
  university_id uuid, university_name text, university_city text, country_code text,
  duration_months smallint, study_mode text, language text,
  tuition_amount numeric, tuition_currency text, tuition_period text, tuition_annual_usd numeric,
  next_deadline date, min_ielts numeric, rank real, total_count bigint
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  tsq tsquery := public.course_search_query(q);
  -- What the indexes match: the same documents, found faster; ranking keeps the query as typed.
  whole tsquery := public.course_search_whole_words(tsq);
  -- A title/field/university match implies a document match unless the query excludes a word.
  head_match text := case when position('!' in tsq::text) > 0 then 's.head @@ $15 and s.document @@ $15'
                          else 's.head @@ $15' end;
  facet_q tsquery := public.course_search_facet_query(levels, fields, countries, study_modes, languages,
    intake_month);
  match_q tsquery := case when facet_q is null then whole when tsq is null then facet_q else whole && facet_q end;
  ranges text := 'true';
  filters text := 'true';
  order_by text;
  total bigint;
  -- $1 the query, $2-$11 the filters, $12 page size, $13 offset, $14 the capped count, $15 the
  -- query and the filter lexemes together.
  page_rows constant text := 'select c.id, c.slug, c.title, c.level, c.field, c.university_id,
    c.university_name, c.university_city, c.university_country_code, c.duration_months, c.study_mode,
    c.language, c.tuition_amount, c.tuition_currency, c.tuition_period, c.tuition_annual_usd,
    c.next_deadline, c.min_ielts, p.rank, %s::bigint
    from page p join public.courses c on c.id = p.course_id
    where c.published and c.university_published order by %s';
begin
  if page_size is null or page_size not between 1 and 100 or page_offset is null or page_offset < 0 then
    raise exception 'page_size must be 1 to 100 and page_offset 0 or more' using errcode = '22023';
  end if;
  order_by := case coalesce(sort, 'relevance')
    when 'relevance' then
      case when tsq is not null then '%1$s.rank desc, %1$s.title, %1$s.course_id'
           else '%1$s.title, %1$s.course_id' end
    when 'title' then '%1$s.title, %1$s.course_id'
    when 'tuition_asc' then '%1$s.tuition_annual_usd, %1$s.course_id'
    when 'tuition_desc' then '%1$s.tuition_annual_usd desc, %1$s.course_id desc'
    when 'deadline' then '%1$s.next_deadline, %1$s.course_id'
    when 'duration' then '%1$s.duration_months, %1$s.course_id'
  end;
  if order_by is null then
    raise exception 'unknown sort %', sort using errcode = '22023';
  end if;
  if tsq is not null and numnode(tsq) = 0 then
    return;
  end if;
  -- A filter given as an empty list (or only nulls) matches nothing.
  if coalesce(cardinality(array_remove(levels, null)), 1) = 0
     or coalesce(cardinality(array_remove(fields, null)), 1) = 0
     or coalesce(cardinality(array_remove(countries, null)), 1) = 0
     or coalesce(cardinality(array_remove(university_ids, null)), 1) = 0
     or coalesce(cardinality(array_remove(study_modes, null)), 1) = 0
     or coalesce(cardinality(array_remove(languages, null)), 1) = 0 then
    return;
  end if;
  ranges := ranges
    || case when university_ids is not null then ' and s.university_id = any($5)' else '' end
    || case when max_tuition_usd is not null then ' and s.tuition_annual_usd <= $6' else '' end
    || case when min_duration_months is not null then ' and s.duration_months >= $7' else '' end
    || case when max_duration_months is not null then ' and s.duration_months <= $8' else '' end;
  filters := filters
    || case when levels is not null then ' and s.level = any($2)' else '' end
    || case when fields is not null then ' and s.field = any($3)' else '' end
    || case when countries is not null then ' and s.country_code = any($4)' else '' end
    || case when university_ids is not null then ' and s.university_id = any($5)' else '' end
    || case when max_tuition_usd is not null then ' and s.tuition_annual_usd <= $6' else '' end
    || case when min_duration_months is not null then ' and s.duration_months >= $7' else '' end
    || case when max_duration_months is not null then ' and s.duration_months <= $8' else '' end
    || case when study_modes is not null then ' and s.study_mode = any($9)' else '' end
    || case when languages is not null then ' and s.language = any($10)' else '' end
    || case when intake_month is not null then ' and s.intake_months @> array[$11::smallint]' else '' end;
  -- Text with relevance: one pass collects the capped match set (title, field or university
  -- matches first), counts it and ranks it. The filter lexemes narrow the GIN scan itself.
  if tsq is not null and coalesce(sort, 'relevance') = 'relevance' then
    return query execute format(
      'with hits as materialized (
         select h.* from (
           (select s.course_id, s.title, s.document from public.course_search s
            where %2$s and %1$s limit 1001)
           union all
           (select s.course_id, s.title, s.document from public.course_search s
            where s.document @@ $15 and not s.head @@ $1 and %1$s limit 1001)
         ) h limit 1001
       ),
       page as (
         select h.course_id, h.title, ts_rank(h.document, $1)::real as rank from hits h
         order by 3 desc, h.title, h.course_id limit $12 offset $13
       ) ' || format(page_rows, '(select count(*) from hits)', format(order_by, 'p')), ranges, head_match)
      using tsq, levels, fields, countries, university_ids, max_tuition_usd, min_duration_months,
        max_duration_months, study_modes, languages, intake_month, page_size, page_offset, null::bigint,
        match_q;
    return;
  end if;
  -- Otherwise the count stops past the cap, and the page comes from the sort's index, stopping
  -- after page_offset + page_size matches (filters checked on the index entries).
  execute format('select count(*) from (select 1 from public.course_search s where %s and %s limit 1001) x',
    case when match_q is not null then 's.document @@ $15' else 'true' end, ranges)
    into total
    using tsq, levels, fields, countries, university_ids, max_tuition_usd, min_duration_months,
      max_duration_months, study_modes, languages, intake_month, page_size, page_offset, null::bigint,
      match_q;
  return query execute format(
    'with page as (
       select s.course_id, s.title, s.tuition_annual_usd, s.next_deadline, s.duration_months,
         %s as rank
       from public.course_search s where %s order by %s limit $12 offset $13
     ) ' || format(page_rows, '$14', format(order_by, 'p')),
    case when tsq is not null then 'ts_rank(s.document, $1)::real' else '0::real' end,
    case when tsq is not null then 's.document @@ $15 and ' || ranges else filters end,
    format(order_by, 's'))
    using tsq, levels, fields, countries, university_ids, max_tuition_usd, min_duration_months,
      max_duration_months, study_modes, languages, intake_month, page_size, page_offset, total,
      match_q;
end
$$;

revoke execute on function public.search_courses(
  text, text[], text[], text[], uuid[], numeric, integer, integer, text[], text[], integer, text, integer, integer
) from public;
grant execute on function public.search_courses(
  text, text[], text[], text[], uuid[], numeric, integer, integer, text[], text[], integer, text, integer, integer
) to anon, authenticated, service_role;
-- Every search step has an index path (GIN for text and filter lexemes, the covering sort indexes
-- for pages and counts). With a LIMIT the planner otherwise walks the table for a common word,
-- checking thousands of tsvectors to fill 1,001 matches that the GIN index lists directly.
alter function public.search_courses(
  text, text[], text[], text[], uuid[], numeric, integer, integer, text[], text[], integer, text, integer, integer
) set enable_seqscan = off;

-- University list search: name match (ignoring accents and case), place and type filters, a
-- world-ranking band and a tuition range in US dollars (each university's own currency converted at
-- the newest rate). Runs with the caller's rights, so the published-only policy applies; the count
-- comes from the same pass.
create or replace function public.search_universities(
  q text default null,
  countries text[] default null,
  cities text[] default null,
  types text[] default null,
  max_ranking integer default null,
  min_tuition_usd numeric default null,
  max_tuition_usd numeric default null,
  sort text default 'name',
  page_size integer default 20,
  page_offset integer default 0
)
returns table (
  id uuid, slug text, name text, country_code text, country_name text, city text, type text,
  ranking_world integer, ranking_national integer, is_partner boolean, currency text,
  tuition_min numeric, tuition_max numeric, tuition_min_usd numeric, tuition_max_usd numeric,
  course_count integer, last_verified_at timestamptz, total_count bigint
)
language plpgsql stable
set search_path = ''
as $$
declare
  -- Computed once, so each call is planned with the pattern and a name search uses the trigram index.
  needle text := public.folded_pattern(q);
begin
  return query
    with rates as (
      select distinct on (r.currency) r.currency, r.rate_to_usd
      from public.currency_rates r order by r.currency, r.as_of desc
    ),
    matched as (
      select u.*, round(u.tuition_min * rt.rate_to_usd, 2) as min_usd,
             round(u.tuition_max * rt.rate_to_usd, 2) as max_usd
      from public.universities u
      left join rates rt on rt.currency = u.currency
      where u.published
        and (needle is null or public.fold(u.name) like needle)
        and (countries is null or u.country_code = any (countries))
        and (cities is null or u.city = any (cities))
        and (types is null or u.type = any (types))
        and (max_ranking is null or u.ranking_world <= max_ranking)
        and (min_tuition_usd is null or u.tuition_max * rt.rate_to_usd >= min_tuition_usd)
        and (max_tuition_usd is null or u.tuition_min * rt.rate_to_usd <= max_tuition_usd)
    )
    select m.id, m.slug, m.name, m.country_code, m.country_name, m.city, m.type, m.ranking_world,
           m.ranking_national, m.is_partner, m.currency, m.tuition_min, m.tuition_max, m.min_usd, m.max_usd,
           m.course_count, m.last_verified_at, count(*) over ()
    from matched m
    order by
      case when sort = 'ranking' then m.ranking_world end asc nulls last,
      case when sort = 'tuition_asc' then m.min_usd end asc nulls last,
      case when sort = 'tuition_desc' then m.max_usd end desc nulls last,
      m.name, m.id
    limit least(greatest(coalesce(page_size, 20), 1), 100)
    offset greatest(coalesce(page_offset, 0), 0);
end
$$;

grant execute on function public.search_universities(
  text, text[], text[], text[], integer, numeric, numeric, text, integer, integer
) to anon, authenticated, service_role;

-- The values the catalogue filters offer (countries, cities, fields, the busiest universities, languages), with
-- counts, in one call. Invoker rights: visitors only ever see values of published rows.
create or replace function public.catalogue_facets() returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'countries', coalesce((
      select jsonb_agg(jsonb_build_object('code', x.country_code, 'name', x.country_name, 'count', x.n)
        order by x.country_name)
      from (select u.country_code, coalesce(max(u.country_name), u.country_code) as country_name,
                   count(*) as n
            from public.universities u where u.published group by u.country_code) x), '[]'),
    'cities', coalesce((
      select jsonb_agg(jsonb_build_object('name', x.city, 'country', x.country_code, 'count', x.n)
        order by x.city)
      from (select u.city, min(u.country_code) as country_code, count(*) as n
            from public.universities u where u.published group by u.city) x), '[]'),
    'fields', coalesce((
      select jsonb_agg(jsonb_build_object('name', x.field, 'count', x.n) order by x.field)
      from (select c.field, count(*) as n from public.courses c
            where c.published and c.university_published group by c.field) x), '[]'),
    -- Only the universities with the most published courses: a catalogue of thousands would otherwise put
    -- every name into every search page. The page adds a chosen university that is not among them.
    'universities', coalesce((
      select jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name, 'count', x.course_count) order by x.name)
      from (select u.id, u.name, u.course_count from public.universities u
            where u.published and u.course_count > 0
            order by u.course_count desc, u.name
            limit 100) x), '[]'),
    'languages', coalesce((
      select jsonb_agg(x.language order by x.language)
      from (select distinct c.language from public.courses c
            where c.published and c.university_published) x), '[]')
  )
$$;

grant execute on function public.catalogue_facets() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Living costs.

-- Living costs per city: what a single student spends a month on rent, food, transport and
-- essentials in one city, in its local currency, dated (as_of), with where the figure comes from and
-- when someone last checked it. Compare, discover and the first-year total read it by the
-- university's city; a city without a row shows no estimate rather than a country average.
-- Everyone may read it; administrators keep it up to date. The figures below cover every city of
-- the demo catalogue (48 cities); they are reference data, not accounts, so they live here.
create table public.living_costs (
  id uuid primary key default gen_random_uuid(),
  city text not null check (char_length(btrim(city)) between 1 and 120),
  country_code text not null check (public.is_iso_country_code(country_code)),
  monthly_amount numeric(10, 2) not null check (monthly_amount > 0 and monthly_amount < 100000),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  as_of date not null,
  source_note text not null check (char_length(btrim(source_note)) between 3 and 300),
  last_verified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1 check (version > 0),
  updated_by uuid references auth.users (id) on delete set null,
  last_change text
);

create unique index living_costs_place_idx on public.living_costs (country_code, lower(city));

create trigger living_costs_touch before update on public.living_costs
  for each row execute function public.touch_updated_at();

create index living_costs_updated_by_idx on public.living_costs (updated_by);
create trigger version_10_check before update of version on public.living_costs
  for each row execute function public.check_row_version('living cost');
create trigger version_20_stamp before update on public.living_costs
  for each row execute function public.stamp_row_version();

alter table public.living_costs enable row level security;
revoke truncate, references, trigger on public.living_costs from anon, authenticated;
revoke insert, update, delete on public.living_costs from anon;

create policy living_costs_select_all on public.living_costs
  for select to anon, authenticated
  using (true);
create policy living_costs_insert_admin on public.living_costs
  for insert to authenticated
  with check ((select public.has_role('admin')));
create policy living_costs_update_admin on public.living_costs
  for update to authenticated
  using ((select public.has_role('admin')))
  with check ((select public.has_role('admin')));
create policy living_costs_delete_admin on public.living_costs
  for delete to authenticated
  using ((select public.has_role('admin')));
create trigger living_costs_audit after insert or update or delete on public.living_costs
  for each row execute function public.audit_staff_change();

insert into public.living_costs
  (city, country_code, monthly_amount, currency, as_of, source_note, last_verified_at) values
  ('London', 'GB', 1480, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Manchester', 'GB', 1150, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Leeds', 'GB', 1090, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Bristol', 'GB', 1240, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Edinburgh', 'GB', 1210, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Glasgow', 'GB', 1080, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Cardiff', 'GB', 1040, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Nottingham', 'GB', 1020, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Dublin', 'IE', 1650, 'EUR', '2026-09-01', 'Irish universities'' published cost-of-living guides for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Cork', 'IE', 1350, 'EUR', '2026-09-01', 'Irish universities'' published cost-of-living guides for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Galway', 'IE', 1280, 'EUR', '2026-09-01', 'Irish universities'' published cost-of-living guides for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Limerick', 'IE', 1220, 'EUR', '2026-09-01', 'Irish universities'' published cost-of-living guides for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Amsterdam', 'NL', 1450, 'EUR', '2026-09-01', 'Dutch universities'' cost-of-living guidance and student housing rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Utrecht', 'NL', 1300, 'EUR', '2026-09-01', 'Dutch universities'' cost-of-living guidance and student housing rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Rotterdam', 'NL', 1200, 'EUR', '2026-09-01', 'Dutch universities'' cost-of-living guidance and student housing rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Eindhoven', 'NL', 1150, 'EUR', '2026-09-01', 'Dutch universities'' cost-of-living guidance and student housing rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Groningen', 'NL', 1050, 'EUR', '2026-09-01', 'Dutch universities'' cost-of-living guidance and student housing rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Munich', 'DE', 1250, 'EUR', '2026-09-01', 'German blocked-account minimum and Studierendenwerk rent surveys for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Hamburg', 'DE', 1150, 'EUR', '2026-09-01', 'German blocked-account minimum and Studierendenwerk rent surveys for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Berlin', 'DE', 1100, 'EUR', '2026-09-01', 'German blocked-account minimum and Studierendenwerk rent surveys for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Cologne', 'DE', 1050, 'EUR', '2026-09-01', 'German blocked-account minimum and Studierendenwerk rent surveys for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Heidelberg', 'DE', 1000, 'EUR', '2026-09-01', 'German blocked-account minimum and Studierendenwerk rent surveys for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Paris', 'FR', 1300, 'EUR', '2026-09-01', 'Campus France cost-of-living estimates and CROUS residence rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Lyon', 'FR', 950, 'EUR', '2026-09-01', 'Campus France cost-of-living estimates and CROUS residence rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Bordeaux', 'FR', 900, 'EUR', '2026-09-01', 'Campus France cost-of-living estimates and CROUS residence rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Lille', 'FR', 870, 'EUR', '2026-09-01', 'Campus France cost-of-living estimates and CROUS residence rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Toulouse', 'FR', 840, 'EUR', '2026-09-01', 'Campus France cost-of-living estimates and CROUS residence rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Boston', 'US', 2350, 'USD', '2026-09-01', 'US universities'' published cost of attendance (living expenses) for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Seattle', 'US', 2150, 'USD', '2026-09-01', 'US universities'' published cost of attendance (living expenses) for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Chicago', 'US', 1900, 'USD', '2026-09-01', 'US universities'' published cost of attendance (living expenses) for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Denver', 'US', 1800, 'USD', '2026-09-01', 'US universities'' published cost of attendance (living expenses) for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Portland', 'US', 1750, 'USD', '2026-09-01', 'US universities'' published cost of attendance (living expenses) for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Austin', 'US', 1700, 'USD', '2026-09-01', 'US universities'' published cost of attendance (living expenses) for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Atlanta', 'US', 1650, 'USD', '2026-09-01', 'US universities'' published cost of attendance (living expenses) for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Vancouver', 'CA', 2200, 'CAD', '2026-09-01', 'Canadian study-permit financial guidance and universities'' living-cost estimates for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Toronto', 'CA', 2100, 'CAD', '2026-09-01', 'Canadian study-permit financial guidance and universities'' living-cost estimates for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Calgary', 'CA', 1750, 'CAD', '2026-09-01', 'Canadian study-permit financial guidance and universities'' living-cost estimates for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Montreal', 'CA', 1650, 'CAD', '2026-09-01', 'Canadian study-permit financial guidance and universities'' living-cost estimates for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Halifax', 'CA', 1600, 'CAD', '2026-09-01', 'Canadian study-permit financial guidance and universities'' living-cost estimates for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Sydney', 'AU', 2600, 'AUD', '2026-09-01', 'Australian student visa living-cost figure and universities'' city estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Melbourne', 'AU', 2400, 'AUD', '2026-09-01', 'Australian student visa living-cost figure and universities'' city estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Brisbane', 'AU', 2250, 'AUD', '2026-09-01', 'Australian student visa living-cost figure and universities'' city estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Perth', 'AU', 2200, 'AUD', '2026-09-01', 'Australian student visa living-cost figure and universities'' city estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Adelaide', 'AU', 2100, 'AUD', '2026-09-01', 'Australian student visa living-cost figure and universities'' city estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Auckland', 'NZ', 2100, 'NZD', '2026-09-01', 'New Zealand student visa funds guidance and universities'' living-cost estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Wellington', 'NZ', 1950, 'NZD', '2026-09-01', 'New Zealand student visa funds guidance and universities'' living-cost estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Christchurch', 'NZ', 1800, 'NZD', '2026-09-01', 'New Zealand student visa funds guidance and universities'' living-cost estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Dunedin', 'NZ', 1700, 'NZD', '2026-09-01', 'New Zealand student visa funds guidance and universities'' living-cost estimates for 2026, rounded', '2026-11-02T09:00:00Z');

-- ---------------------------------------------------------------------------------------------
-- Scholarships.

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
  -- What the award pays for: only tuition awards take something off the fees.
  pays_towards text not null default 'tuition' check (pays_towards in ('tuition', 'living', 'tuition_and_living')),
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
  version integer not null default 1 check (version > 0),
  updated_by uuid references auth.users (id) on delete set null,
  last_change text,
  check ((award_kind = 'amount') = (amount is not null and currency is not null)),
  check ((award_kind = 'percentage') = (percentage is not null)),
  -- A percentage is a share of the tuition, so it pays towards the tuition at least.
  check (award_kind = 'amount' or pays_towards <> 'living'),
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

-- ---------------------------------------------------------------------------------------------
-- The catalogue's fingerprint.

-- A fingerprint of everything the public catalogue pages show. It changes on any insert, update or
-- delete of universities, courses, intakes, document requirements, rates, search terms,
-- scholarships (and their courses) or living costs, and when an intake fills up or frees a place,
-- so the app can drop rendered pages it keeps in memory. Definer rights so unpublishing a row (which
-- hides it from visitors) still changes the answer; it reveals only counts and times.
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
      from public.scholarships),
    (select concat(count(*), '@', max(updated_at)) from public.living_costs))
$$;

revoke execute on function public.catalogue_version() from public;
grant execute on function public.catalogue_version() to anon, authenticated, service_role;
