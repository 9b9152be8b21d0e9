-- Assessment: scoresheets (criteria with a weight, a scale and the words for each level) kept in
-- versions, reads of an application by the readers assigned to it, blind until a reader has sent
-- their own, and what the reads add up to: per application, per reader and per intake.

-- ---------------------------------------------------------------------------------------------
-- Scoresheets.

-- The overall recommendation a reader gives with their scores, strongest first.
create or replace function public.read_recommendations() returns text[]
language sql immutable
set search_path = ''
as $$
  select array['strongly_recommend', 'recommend', 'undecided', 'do_not_recommend']
$$;
grant execute on function public.read_recommendations() to authenticated, service_role;

create or replace function public.recommendation_label(recommendation text) returns text
language sql immutable
set search_path = ''
as $$
  select case recommendation
    when 'strongly_recommend' then 'Strongly recommend'
    when 'recommend' then 'Recommend'
    when 'undecided' then 'Undecided'
    when 'do_not_recommend' then 'Do not recommend'
    else recommendation end
$$;
grant execute on function public.recommendation_label(text) to authenticated, service_role;

-- What is wrong with a scoresheet's criteria, in words for the administrator; null when nothing is.
-- Criteria are a list of 1 to 20 objects: key (a-z, 0-9, _), label, weight (1-100), min and max of
-- the scale (0-10, at least two levels), the words for each level from min to max, and whether the
-- reader may comment on it.
create or replace function public.scoresheet_criteria_problem(criteria jsonb) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  item jsonb;
  position integer := 0;
  low integer;
  high integer;
  keys text[] := '{}';
begin
  if jsonb_typeof(criteria) is distinct from 'array' or jsonb_array_length(criteria) = 0 then
    return 'A scoresheet needs at least one criterion.';
  end if;
  if jsonb_array_length(criteria) > 20 then
    return 'A scoresheet has at most 20 criteria.';
  end if;
  for item in select value from jsonb_array_elements(criteria) loop
    position := position + 1;
    if jsonb_typeof(item) <> 'object' or exists (select 1 from jsonb_object_keys(item) k
        where k not in ('key', 'label', 'weight', 'min', 'max', 'levels', 'comment')) then
      return format('Criterion %s is not in the expected shape.', position);
    end if;
    if coalesce(item ->> 'key', '') !~ '^[a-z][a-z0-9_]{0,39}$' then
      return format('Criterion %s needs a key of lower-case letters, digits and underscores.', position);
    end if;
    if (item ->> 'key') = any (keys) then
      return format('Two criteria share the key "%s".', item ->> 'key');
    end if;
    keys := keys || (item ->> 'key');
    if jsonb_typeof(item -> 'label') <> 'string' or char_length(btrim(item ->> 'label')) not between 1 and 120 then
      return format('Criterion %s needs a name of 1 to 120 characters.', position);
    end if;
    if jsonb_typeof(item -> 'weight') <> 'number' or (item ->> 'weight') !~ '^[0-9]+$'
        or (item ->> 'weight')::integer not between 1 and 100 then
      return format('The weight of "%s" must be a whole number from 1 to 100.', item ->> 'label');
    end if;
    if jsonb_typeof(item -> 'min') <> 'number' or jsonb_typeof(item -> 'max') <> 'number'
        or (item ->> 'min') !~ '^[0-9]+$' or (item ->> 'max') !~ '^[0-9]+$' then
      return format('The scale of "%s" needs whole numbers.', item ->> 'label');
    end if;
    low := (item ->> 'min')::integer;
    high := (item ->> 'max')::integer;
    if low > 10 or high > 10 or high <= low then
      return format('The scale of "%s" runs from 0 to 10 at most, with at least two levels.', item ->> 'label');
    end if;
    if jsonb_typeof(item -> 'levels') <> 'array' or jsonb_array_length(item -> 'levels') <> high - low + 1
        or exists (select 1 from jsonb_array_elements(item -> 'levels') l
          where jsonb_typeof(l) <> 'string' or char_length(l #>> '{}') > 300) then
      return format('"%s" needs words for each of its %s levels (300 characters each at most).',
        item ->> 'label', high - low + 1);
    end if;
    if item ? 'comment' and jsonb_typeof(item -> 'comment') <> 'boolean' then
      return format('Criterion %s says whether it takes a comment with true or false.', position);
    end if;
  end loop;
  return null;
end
$$;
grant execute on function public.scoresheet_criteria_problem(jsonb) to authenticated, service_role;

-- A scoresheet is for one intake, one course or every course (both empty), and for reading
-- applications or for interviews. Its criteria live in versions: scores keep the version they were
-- given on, so an edit after scoring has started makes a new one.
create table public.scoresheets (
  id uuid primary key default gen_random_uuid(),
  purpose text not null default 'application' check (purpose in ('application', 'interview')),
  course_id uuid references public.courses (id) on delete cascade,
  intake_id uuid references public.intakes (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  current_version integer not null default 1 check (current_version > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1 check (version > 0),
  updated_by uuid references auth.users (id) on delete set null,
  last_change text,
  check (course_id is null or intake_id is null),
  unique nulls not distinct (purpose, course_id, intake_id)
);
create index scoresheets_course_idx on public.scoresheets (course_id);
create index scoresheets_intake_idx on public.scoresheets (intake_id);
create index scoresheets_updated_by_idx on public.scoresheets (updated_by);

create table public.scoresheet_versions (
  id uuid primary key default gen_random_uuid(),
  scoresheet_id uuid not null references public.scoresheets (id) on delete cascade,
  number integer not null check (number > 0),
  criteria jsonb not null check (public.scoresheet_criteria_problem(criteria) is null),
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  unique (scoresheet_id, number)
);
create index scoresheet_versions_created_by_idx on public.scoresheet_versions (created_by);

alter table public.scoresheets enable row level security;
alter table public.scoresheet_versions enable row level security;
revoke all on public.scoresheets, public.scoresheet_versions from anon, authenticated;
grant select on public.scoresheets, public.scoresheet_versions to authenticated;
create policy scoresheets_select_staff on public.scoresheets
  for select to authenticated using ((select public.is_staff()));
create policy scoresheet_versions_select_staff on public.scoresheet_versions
  for select to authenticated using ((select public.is_staff()));

create trigger scoresheets_touch before update on public.scoresheets
  for each row execute function public.touch_updated_at();
create trigger version_10_check before update of version on public.scoresheets
  for each row execute function public.check_row_version('scoresheet');
create trigger version_20_stamp before update on public.scoresheets
  for each row execute function public.stamp_row_version();
create trigger scoresheets_audit after insert or update or delete on public.scoresheets
  for each row execute function public.audit_staff_change();
create trigger scoresheet_versions_audit after insert on public.scoresheet_versions
  for each row execute function public.audit_staff_change();

-- A version once written is a record of what readers scored against: nothing rewrites it.
create or replace function public.refuse_scoresheet_version_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'A scoresheet version is kept as it was; save the scoresheet to make a new one.'
    using errcode = '42501';
end
$$;
create trigger scoresheet_versions_kept before update on public.scoresheet_versions
  for each row execute function public.refuse_scoresheet_version_change();

-- Creates a scoresheet, or saves a new name and criteria for one. The criteria become a new version
-- once any read has been scored on the current one; before that the current version is replaced.
create or replace function public.save_scoresheet(scoresheet_id uuid, expected_version integer,
  purpose text, course_id uuid, intake_id uuid, name text, criteria jsonb)
returns public.scoresheets
language plpgsql security definer
set search_path = ''
as $$
declare
  sheet public.scoresheets;
  current_row public.scoresheet_versions;
  problem text;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators define scoresheets.' using errcode = '42501';
  end if;
  problem := coalesce(public.scoresheet_criteria_problem(criteria),
    case when char_length(btrim(coalesce(name, ''))) not between 1 and 120
      then 'A scoresheet needs a name of 1 to 120 characters.' end);
  if problem is not null then
    raise exception '%', problem using errcode = '22023';
  end if;
  if save_scoresheet.scoresheet_id is null then
    if coalesce(purpose, '') not in ('application', 'interview') then
      raise exception 'A scoresheet is for reading applications or for interviews.' using errcode = '22023';
    end if;
    if exists (select 1 from public.scoresheets s where s.purpose = save_scoresheet.purpose
        and s.course_id is not distinct from save_scoresheet.course_id
        and s.intake_id is not distinct from save_scoresheet.intake_id) then
      raise exception 'There is already a scoresheet for this; edit that one.' using errcode = '23505';
    end if;
    insert into public.scoresheets (purpose, course_id, intake_id, name, updated_by)
    values (save_scoresheet.purpose, save_scoresheet.course_id, save_scoresheet.intake_id, btrim(name),
      (select auth.uid()))
    returning * into sheet;
    insert into public.scoresheet_versions (scoresheet_id, number, criteria, created_by)
    values (sheet.id, 1, criteria, (select auth.uid()));
    return sheet;
  end if;
  select * into sheet from public.scoresheets s where s.id = save_scoresheet.scoresheet_id for update;
  if not found then
    raise exception 'No such scoresheet.' using errcode = 'P0002';
  end if;
  select * into current_row from public.scoresheet_versions v
  where v.scoresheet_id = sheet.id and v.number = sheet.current_version;
  if current_row.criteria is distinct from criteria then
    if exists (select 1 from public.application_reads r where r.scoresheet_version_id = current_row.id) then
      insert into public.scoresheet_versions (scoresheet_id, number, criteria, created_by)
      values (sheet.id, sheet.current_version + 1, criteria, (select auth.uid()));
      sheet.current_version := sheet.current_version + 1;
    else
      delete from public.scoresheet_versions v where v.id = current_row.id;
      insert into public.scoresheet_versions (scoresheet_id, number, criteria, created_by)
      values (sheet.id, sheet.current_version, criteria, (select auth.uid()));
    end if;
  end if;
  perform set_config('unipath.change', 'scoresheet saved', true);
  update public.scoresheets s set name = btrim(save_scoresheet.name), current_version = sheet.current_version,
    version = expected_version, updated_by = (select auth.uid())
  where s.id = sheet.id
  returning * into sheet;
  perform set_config('unipath.change', '', true);
  return sheet;
end
$$;
revoke execute on function public.save_scoresheet(uuid, integer, text, uuid, uuid, text, jsonb) from public, anon;
grant execute on function public.save_scoresheet(uuid, integer, text, uuid, uuid, text, jsonb)
  to authenticated, service_role;

-- The scoresheet an application is read (or interviewed) on: its intake's, else its course's, else
-- the default one; its current version.
create or replace function public.scoresheet_version_for(application_id uuid, purpose text default 'application')
returns public.scoresheet_versions
language sql stable security definer
set search_path = ''
as $$
  select v.* from public.applications a
  join public.scoresheets s on s.purpose = scoresheet_version_for.purpose and (s.intake_id = a.intake_id
    or s.course_id = a.course_id or (s.course_id is null and s.intake_id is null))
  join public.scoresheet_versions v on v.scoresheet_id = s.id and v.number = s.current_version
  where a.id = scoresheet_version_for.application_id
  order by (s.intake_id is not null) desc, (s.course_id is not null) desc
  limit 1
$$;
revoke execute on function public.scoresheet_version_for(uuid, text) from public, anon;
grant execute on function public.scoresheet_version_for(uuid, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Readers: their caps and their conflicts of interest.

-- A reader's own cap on open reads (the office's reader_cap when they have none) and whether they
-- are taking new reads at all.
create table public.reader_settings (
  reader_id uuid primary key references auth.users (id) on delete cascade,
  max_open_reads integer check (max_open_reads between 0 and 10000),
  paused boolean not null default false,
  updated_at timestamptz not null default now(),
  version integer not null default 1 check (version > 0),
  updated_by uuid references auth.users (id) on delete set null,
  last_change text
);
create index reader_settings_updated_by_idx on public.reader_settings (updated_by);
alter table public.reader_settings enable row level security;
revoke all on public.reader_settings from anon, authenticated;
grant select on public.reader_settings to authenticated;
create policy reader_settings_select on public.reader_settings
  for select to authenticated
  using (reader_id = (select auth.uid()) or (select public.has_role('admin')));
create trigger reader_settings_touch before update on public.reader_settings
  for each row execute function public.touch_updated_at();
create trigger reader_settings_audit after insert or update or delete on public.reader_settings
  for each row execute function public.audit_staff_change();

-- A reader who knows an applicant, or has ties to a school, is never given their applications.
create table public.reader_conflicts (
  id uuid primary key default gen_random_uuid(),
  reader_id uuid not null references auth.users (id) on delete cascade,
  applicant_id uuid references auth.users (id) on delete cascade,
  school text check (char_length(btrim(school)) between 2 and 160),
  reason text not null default '' check (char_length(reason) <= 500),
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  check ((applicant_id is null) <> (school is null))
);
create unique index reader_conflicts_applicant_key on public.reader_conflicts (reader_id, applicant_id)
  where applicant_id is not null;
create unique index reader_conflicts_school_key on public.reader_conflicts (reader_id, public.fold(school))
  where school is not null;
create index reader_conflicts_applicant_idx on public.reader_conflicts (applicant_id);
create index reader_conflicts_reader_idx on public.reader_conflicts (reader_id);
create index reader_conflicts_created_by_idx on public.reader_conflicts (created_by);
alter table public.reader_conflicts enable row level security;
revoke all on public.reader_conflicts from anon, authenticated;
grant select on public.reader_conflicts to authenticated;
create policy reader_conflicts_select on public.reader_conflicts
  for select to authenticated
  using (reader_id = (select auth.uid()) or (select public.has_role('admin')));
create trigger reader_conflicts_audit after insert or delete on public.reader_conflicts
  for each row execute function public.audit_staff_change();

-- Whether a reader has declared a conflict with this application's applicant or one of its schools.
create or replace function public.reader_conflicted(reader uuid, app public.applications) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.reader_conflicts c
    where c.reader_id = reader and (c.applicant_id = app.applicant_id or (c.school is not null and exists (
      select 1 from jsonb_array_elements(case when jsonb_typeof(app.answers -> 'academic') = 'array'
        then app.answers -> 'academic' else '[]' end) e
      where public.fold(e ->> 'institution') = public.fold(c.school)))))
$$;
revoke execute on function public.reader_conflicted(uuid, public.applications) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Reads.

-- One reader's read of one application: assigned, then a draft as they score, then sent. A reader
-- reads an application once. Scores and comments are keyed by the criteria of the scoresheet
-- version the read was first saved on; the total is the weighted score from 0 to 100.
create table public.application_reads (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  reader_id uuid not null references auth.users (id) on delete cascade,
  status text not null default 'assigned' check (status in ('assigned', 'draft', 'submitted')),
  scoresheet_version_id uuid references public.scoresheet_versions (id) on delete restrict,
  scores jsonb not null default '{}' check (jsonb_typeof(scores) = 'object'),
  comments jsonb not null default '{}' check (jsonb_typeof(comments) = 'object' and octet_length(comments::text) <= 65536),
  overall_comment text not null default '' check (char_length(overall_comment) <= 4000),
  recommendation text check (recommendation = any (public.read_recommendations())),
  total numeric(5, 2) check (total between 0 and 100),
  -- The read asked for beyond the intake's number, when two reads disagree.
  extra boolean not null default false,
  assigned_at timestamptz not null default now(),
  assigned_by uuid references auth.users (id) on delete set null,
  submitted_at timestamptz,
  comments_erased_at timestamptz,
  updated_at timestamptz not null default now(),
  version integer not null default 1 check (version > 0),
  updated_by uuid references auth.users (id) on delete set null,
  last_change text,
  unique (application_id, reader_id),
  constraint application_reads_sent check (status <> 'submitted'
    or (total is not null and submitted_at is not null and scoresheet_version_id is not null
      and recommendation is not null))
);
create index application_reads_reader_idx on public.application_reads (reader_id, status, assigned_at);
create index application_reads_open_idx on public.application_reads (reader_id) where status <> 'submitted';
create index application_reads_assigned_idx on public.application_reads (reader_id, assigned_at);
create index application_reads_version_idx on public.application_reads (scoresheet_version_id);
create index application_reads_assigned_by_idx on public.application_reads (assigned_by);
create index application_reads_updated_by_idx on public.application_reads (updated_by);

-- Whether the caller holds a read of this application they have not sent yet: until they send it,
-- they see nobody else's.
create or replace function public.holds_open_read(application_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.application_reads r
    where r.application_id = holds_open_read.application_id and r.reader_id = (select auth.uid())
      and r.status <> 'submitted')
$$;
revoke execute on function public.holds_open_read(uuid) from public, anon;
grant execute on function public.holds_open_read(uuid) to authenticated, service_role;

alter table public.application_reads enable row level security;
revoke all on public.application_reads from anon, authenticated;
grant select on public.application_reads to authenticated;
-- A reader sees their own reads; administrators see every read; other staff see sent reads of an
-- application, except while they hold an open read of it themselves (the blind first read).
create policy application_reads_select on public.application_reads
  for select to authenticated
  using (reader_id = (select auth.uid()) or (select public.has_role('admin'))
    or (status = 'submitted' and (select public.is_staff()) and not public.holds_open_read(application_id)));

create trigger application_reads_touch before update on public.application_reads
  for each row execute function public.touch_updated_at();
create trigger version_10_check before update of version on public.application_reads
  for each row execute function public.check_row_version('read');
create trigger version_20_stamp before update on public.application_reads
  for each row execute function public.stamp_row_version();
create trigger application_reads_audit after insert or update or delete on public.application_reads
  for each row execute function public.audit_staff_change('scores', 'comments', 'overall_comment');

-- How many reads a reader holds open, and their cap (null: not taking reads).
create or replace function public.reader_open_reads(reader uuid) returns integer
language sql stable security definer
set search_path = ''
as $$
  select count(*)::integer from public.application_reads r where r.reader_id = reader and r.status <> 'submitted'
$$;
revoke execute on function public.reader_open_reads(uuid) from public, anon, authenticated;

create or replace function public.reader_cap(reader uuid) returns integer
language sql stable security definer
set search_path = ''
as $$
  select case when s.paused then 0 else coalesce(s.max_open_reads, (select a.reader_cap from public.admissions_settings a)) end
  from (select reader as id) x left join public.reader_settings s on s.reader_id = x.id
$$;
revoke execute on function public.reader_cap(uuid) from public, anon, authenticated;

-- Gives each application the reads its intake asks for that it lacks (submitted applications still
-- being assessed only), or with `extra` one read more (when reads disagree). Each read goes to a
-- member of staff with the reader role, not the applicant, not already reading it, without a
-- conflict, under their cap: the one with the fewest open reads first, then the one assigned
-- longest ago. Assignments run one at a time so caps hold under concurrent submissions; the
-- readers' loads are read once and counted on as reads are given, so a day's submissions take one
-- pass. Returns how many reads were assigned; an application no reader is free for waits.
create or replace function public.fill_reads(application_ids uuid[], extra boolean default false) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
  wanted integer;
  readers uuid[];
  opens integer[];
  caps integer[];
  lasts timestamptz[];
  best integer;
  assigned integer := 0;
begin
  if cardinality(application_ids) > 5000 then
    raise exception 'Assign at most 5,000 applications at a time.' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtext('unipath.assign_reads'));
  select coalesce(array_agg(r.user_id order by r.user_id), '{}'),
    coalesce(array_agg(public.reader_open_reads(r.user_id) order by r.user_id), '{}'),
    coalesce(array_agg(public.reader_cap(r.user_id) order by r.user_id), '{}'),
    coalesce(array_agg((select max(x.assigned_at) from public.application_reads x where x.reader_id = r.user_id)
      order by r.user_id), '{}')
  into readers, opens, caps, lasts
  from public.user_roles r
  where r.role = 'reader'
    and exists (select 1 from public.user_roles s where s.user_id = r.user_id and s.role in ('admin', 'counsellor'));
  for app in select a.* from public.applications a where a.id = any (application_ids)
      and a.status in ('submitted', 'under_review', 'action_required') order by a.submitted_at, a.id loop
    if fill_reads.extra then
      wanted := 1;
    else
      select i.reads_required - (select count(*) from public.application_reads r
          where r.application_id = app.id and not r.extra)
        into wanted from public.intakes i where i.id = app.intake_id;
    end if;
    for step in 1 .. greatest(wanted, 0) loop
      best := null;
      for i in 1 .. coalesce(array_length(readers, 1), 0) loop
        continue when opens[i] >= caps[i] or readers[i] = app.applicant_id;
        continue when best is not null and (opens[i], coalesce(lasts[i], '-infinity'))
          >= (opens[best], coalesce(lasts[best], '-infinity'));
        continue when exists (select 1 from public.application_reads x
          where x.application_id = app.id and x.reader_id = readers[i]);
        continue when public.reader_conflicted(readers[i], app);
        best := i;
      end loop;
      exit when best is null;
      insert into public.application_reads (application_id, reader_id, assigned_by, extra)
      values (app.id, readers[best], (select auth.uid()), fill_reads.extra);
      opens[best] := opens[best] + 1;
      lasts[best] := clock_timestamp();
      assigned := assigned + 1;
    end loop;
  end loop;
  return assigned;
end
$$;
revoke execute on function public.fill_reads(uuid[], boolean) from public, anon, authenticated;

-- Administrators assign in bulk from the queue (and the server may, with the service key).
create or replace function public.assign_reads(application_ids uuid[]) returns integer
language plpgsql security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null and not public.has_role('admin') then
    raise exception 'Only administrators assign reads.' using errcode = '42501';
  end if;
  return public.fill_reads(application_ids);
end
$$;
revoke execute on function public.assign_reads(uuid[]) from public, anon;
grant execute on function public.assign_reads(uuid[]) to authenticated, service_role;

-- A submitted application is assigned its readers at once.
create or replace function public.assign_reads_on_submit() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform public.fill_reads(array[new.id]);
  return null;
end
$$;
revoke execute on function public.assign_reads_on_submit() from public, anon, authenticated;
create trigger applications_assign_reads after update of status on public.applications
  for each row when (old.status = 'draft' and new.status = 'submitted')
  execute function public.assign_reads_on_submit();

-- An administrator gives a read not yet sent to another reader, who must be free to take it.
create or replace function public.reassign_read(read_id uuid, expected_version integer, reader uuid)
returns public.application_reads
language plpgsql security definer
set search_path = ''
as $$
declare
  read public.application_reads;
  app public.applications;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators reassign reads.' using errcode = '42501';
  end if;
  select * into read from public.application_reads r where r.id = read_id for update;
  if not found then
    raise exception 'No such read.' using errcode = 'P0002';
  end if;
  if read.status = 'submitted' then
    raise exception 'This read has been sent; it stays with its reader.' using errcode = 'P0001';
  end if;
  select * into app from public.applications a where a.id = read.application_id;
  if not exists (select 1 from public.user_roles r where r.user_id = reader and r.role = 'reader') then
    raise exception 'Only a reader can be given a read.' using errcode = 'P0001';
  end if;
  if reader = app.applicant_id or exists (select 1 from public.application_reads r
      where r.application_id = read.application_id and r.reader_id = reader) then
    raise exception 'This reader already reads this application.' using errcode = 'P0001';
  end if;
  if public.reader_conflicted(reader, app) then
    raise exception 'This reader has declared a conflict of interest with this applicant.' using errcode = 'P0001';
  end if;
  perform set_config('unipath.change', 'read reassigned', true);
  update public.application_reads r set reader_id = reader, status = 'assigned', scores = '{}', comments = '{}',
    overall_comment = '', recommendation = null, scoresheet_version_id = null, assigned_at = now(),
    assigned_by = (select auth.uid()), version = expected_version, updated_by = (select auth.uid())
  where r.id = read_id
  returning * into read;
  perform set_config('unipath.change', '', true);
  return read;
end
$$;
revoke execute on function public.reassign_read(uuid, integer, uuid) from public, anon;
grant execute on function public.reassign_read(uuid, integer, uuid) to authenticated, service_role;

-- Reads a departing reader had not sent go back to the pool and are assigned again.
create or replace function public.release_reads_of(reader uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  apps uuid[];
begin
  with gone as (
    delete from public.application_reads r where r.reader_id = reader and r.status <> 'submitted'
    returning r.application_id)
  select array_agg(distinct application_id) into apps from gone;
  if apps is not null then
    perform public.fill_reads(apps);
  end if;
end
$$;
revoke execute on function public.release_reads_of(uuid) from public, anon, authenticated;

-- One more read of an application whose reads disagree, by a reader who has not read it yet.
create or replace function public.add_extra_read(application_id uuid) returns public.application_reads
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
  read public.application_reads;
begin
  perform pg_advisory_xact_lock(hashtext('unipath.assign_reads'));
  select * into app from public.applications a where a.id = add_extra_read.application_id;
  if not found then
    raise exception 'No such application.' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.application_reads r where r.application_id = app.id and r.extra
      and r.status <> 'submitted') then
    raise exception 'Another read of this application is already waiting to be sent.' using errcode = 'P0001';
  end if;
  if public.fill_reads(array[app.id], true) = 0 then
    raise exception 'No reader is free to read this application: every reader has read it, has a conflict or is at their cap.'
      using errcode = 'P0001';
  end if;
  select * into read from public.application_reads r where r.application_id = app.id and r.extra
    and r.status <> 'submitted';
  return read;
end
$$;
revoke execute on function public.add_extra_read(uuid) from public, anon, authenticated;

create or replace function public.request_extra_read(application_id uuid) returns public.application_reads
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators ask for another read.' using errcode = '42501';
  end if;
  return public.add_extra_read(application_id);
end
$$;
revoke execute on function public.request_extra_read(uuid) from public, anon;
grant execute on function public.request_extra_read(uuid) to authenticated, service_role;

-- What is wrong with a read's scores and comments against its scoresheet's criteria; null when
-- nothing is. A read being sent needs every criterion scored and a recommendation.
create or replace function public.read_problem(criteria jsonb, scores jsonb, comments jsonb,
  recommendation text, sending boolean)
returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  item jsonb;
  score jsonb;
  key text;
begin
  if jsonb_typeof(scores) is distinct from 'object' or jsonb_typeof(comments) is distinct from 'object' then
    return 'Scores and comments are not in the expected shape.';
  end if;
  for key in select k from jsonb_object_keys(scores) k
      where not exists (select 1 from jsonb_array_elements(criteria) c where c ->> 'key' = k) loop
    return 'A score names a criterion this scoresheet does not have.';
  end loop;
  for key in select k from jsonb_object_keys(comments) k
      where not exists (select 1 from jsonb_array_elements(criteria) c where c ->> 'key' = k
        and coalesce((c ->> 'comment')::boolean, false)) loop
    return 'A comment names a criterion that takes no comment.';
  end loop;
  if exists (select 1 from jsonb_each(comments) c where jsonb_typeof(c.value) <> 'string'
      or char_length(c.value #>> '{}') > 2000) then
    return 'A comment on a criterion is 2,000 characters at most.';
  end if;
  for item in select value from jsonb_array_elements(criteria) loop
    score := scores -> (item ->> 'key');
    if score is null or score = 'null'::jsonb then
      if sending then
        return format('Score "%s" before you send this read.', item ->> 'label');
      end if;
      continue;
    end if;
    if jsonb_typeof(score) <> 'number' or (score #>> '{}') !~ '^[0-9]+$'
        or (score #>> '{}')::integer not between (item ->> 'min')::integer and (item ->> 'max')::integer then
      return format('"%s" is scored from %s to %s.', item ->> 'label', item ->> 'min', item ->> 'max');
    end if;
  end loop;
  if sending and recommendation is null then
    return 'Give your overall recommendation before you send this read.';
  end if;
  if recommendation is not null and not recommendation = any (public.read_recommendations()) then
    return 'Choose one of the recommendations offered.';
  end if;
  return null;
end
$$;
grant execute on function public.read_problem(jsonb, jsonb, jsonb, text, boolean) to authenticated, service_role;

-- The weighted score from 0 to 100: each criterion's place on its scale, weighted.
create or replace function public.read_total(criteria jsonb, scores jsonb) returns numeric
language sql immutable
set search_path = ''
as $$
  select round(100 * sum((c ->> 'weight')::numeric * ((scores ->> (c ->> 'key'))::numeric - (c ->> 'min')::numeric)
      / ((c ->> 'max')::numeric - (c ->> 'min')::numeric)) / sum((c ->> 'weight')::numeric), 2)
  from jsonb_array_elements(criteria) c
$$;
grant execute on function public.read_total(jsonb, jsonb) to authenticated, service_role;

-- A reader saves their read as a draft, or sends it. Only the reader it is assigned to writes it, and
-- only until it is sent; the version they opened must still be the current one.
create or replace function public.save_read(read_id uuid, expected_version integer, scores jsonb,
  comments jsonb, recommendation text, overall_comment text, send boolean default false)
returns public.application_reads
language plpgsql security definer
set search_path = ''
as $$
declare
  read public.application_reads;
  sheet public.scoresheet_versions;
  problem text;
begin
  select * into read from public.application_reads r where r.id = read_id for update;
  if not found or read.reader_id is distinct from (select auth.uid()) then
    raise exception 'This read is not assigned to you.' using errcode = '42501';
  end if;
  if read.status = 'submitted' then
    raise exception 'You sent this read on % UTC; it can no longer be changed.',
      to_char(read.submitted_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') using errcode = 'P0001';
  end if;
  if read.scoresheet_version_id is null then
    sheet := public.scoresheet_version_for(read.application_id, 'application');
    if sheet.id is null then
      raise exception 'No scoresheet applies to this application yet: ask an administrator to define one.'
        using errcode = 'P0001';
    end if;
  else
    select * into sheet from public.scoresheet_versions v where v.id = read.scoresheet_version_id;
  end if;
  if char_length(coalesce(overall_comment, '')) > 4000 then
    raise exception 'Your overall comment is 4,000 characters at most.' using errcode = '22023';
  end if;
  problem := public.read_problem(sheet.criteria, coalesce(scores, '{}'), coalesce(comments, '{}'),
    nullif(recommendation, ''), coalesce(send, false));
  if problem is not null then
    raise exception '%', problem using errcode = '22023';
  end if;
  perform set_config('unipath.change', case when send then 'read sent' else 'read saved' end, true);
  update public.application_reads r set
    scoresheet_version_id = sheet.id,
    scores = coalesce(save_read.scores, '{}'),
    comments = coalesce(save_read.comments, '{}'),
    recommendation = nullif(save_read.recommendation, ''),
    overall_comment = coalesce(save_read.overall_comment, ''),
    status = case when send then 'submitted' else 'draft' end,
    total = case when send then public.read_total(sheet.criteria, save_read.scores) end,
    submitted_at = case when send then now() end,
    version = expected_version,
    updated_by = (select auth.uid())
  where r.id = read_id
  returning * into read;
  perform set_config('unipath.change', '', true);
  return read;
end
$$;
revoke execute on function public.save_read(uuid, integer, jsonb, jsonb, text, text, boolean) from public, anon;
grant execute on function public.save_read(uuid, integer, jsonb, jsonb, text, text, boolean) to authenticated, service_role;

-- A reader who finds they know the applicant (or their school) says so: the conflict is recorded,
-- their read is withdrawn unsent and the application gets another reader.
create or replace function public.declare_read_conflict(read_id uuid, school text default null,
  reason text default '')
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  read public.application_reads;
  app public.applications;
begin
  select * into read from public.application_reads r where r.id = read_id for update;
  if not found or read.reader_id is distinct from (select auth.uid()) then
    raise exception 'This read is not assigned to you.' using errcode = '42501';
  end if;
  if read.status = 'submitted' then
    raise exception 'You have already sent this read; ask an administrator to set it aside.' using errcode = 'P0001';
  end if;
  if char_length(coalesce(reason, '')) > 500 then
    raise exception 'The reason is 500 characters at most.' using errcode = '22023';
  end if;
  select * into app from public.applications a where a.id = read.application_id;
  if nullif(btrim(coalesce(school, '')), '') is null then
    insert into public.reader_conflicts (reader_id, applicant_id, reason, created_by)
    values (read.reader_id, app.applicant_id, coalesce(reason, ''), read.reader_id)
    on conflict do nothing;
  else
    if char_length(btrim(school)) not between 2 and 160 then
      raise exception 'Name the school in 2 to 160 characters.' using errcode = '22023';
    end if;
    insert into public.reader_conflicts (reader_id, school, reason, created_by)
    values (read.reader_id, btrim(school), coalesce(reason, ''), read.reader_id)
    on conflict do nothing;
  end if;
  delete from public.application_reads r where r.id = read_id;
  if read.extra then
    -- When nobody else is free the administrator sees the extra read missing and asks again later.
    begin
      perform public.add_extra_read(app.id);
    exception when sqlstate 'P0001' then
      null;
    end;
  else
    perform public.fill_reads(array[app.id]);
  end if;
end
$$;
revoke execute on function public.declare_read_conflict(uuid, text, text) from public, anon;
grant execute on function public.declare_read_conflict(uuid, text, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Results.

-- What an application's reads add up to, for staff: reads sent of those needed, the mean of the sent
-- totals and their spread, and whether they disagree by more than the office's margin. A reader
-- with an open read of an application sees no totals for it until they send theirs.
create or replace function public.read_results(application_ids uuid[])
returns table (application_id uuid, reads_required integer, reads_assigned integer, reads_submitted integer,
  mean_total numeric, low_total numeric, high_total numeric, disagreement boolean, blind boolean)
language sql stable security definer
set search_path = ''
as $$
  select a.id, i.reads_required,
    count(r.id)::integer,
    count(r.id) filter (where r.status = 'submitted')::integer,
    case when blind.yes then null else round(avg(r.total) filter (where r.status = 'submitted'), 2) end,
    case when blind.yes then null else min(r.total) filter (where r.status = 'submitted') end,
    case when blind.yes then null else max(r.total) filter (where r.status = 'submitted') end,
    case when blind.yes then null else coalesce(max(r.total) filter (where r.status = 'submitted')
      - min(r.total) filter (where r.status = 'submitted') > (select s.disagreement_margin from public.admissions_settings s),
      false) end,
    blind.yes
  from public.applications a
  join public.intakes i on i.id = a.intake_id
  cross join lateral (select public.holds_open_read(a.id) and not public.has_role('admin') yes) blind
  left join public.application_reads r on r.application_id = a.id
  where a.id = any (application_ids) and public.is_staff() and a.status <> 'draft'
  group by a.id, i.reads_required, blind.yes
$$;
revoke execute on function public.read_results(uuid[]) from public, anon;
grant execute on function public.read_results(uuid[]) to authenticated, service_role;

-- Each reader's work, for administrators: reads assigned, sent and left, the last one sent, and two
-- signs worth a look: drift (how far, on average, their totals sit above or below the other readers'
-- on the same applications) and spread (how much their own totals vary; near zero gives nearly
-- everyone the same score). Flags need at least five reads to say anything.
create or replace function public.reader_progress()
returns table (reader_id uuid, reader_name text, cap integer, assigned integer, submitted integer,
  remaining integer, last_submitted_at timestamptz, drift numeric, spread numeric, drift_flag boolean,
  flat_flag boolean)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators see readers'' progress.' using errcode = '42501';
  end if;
  return query
  with mine as (
    select r.reader_id, r.application_id, r.total from public.application_reads r where r.status = 'submitted'
  ), offsets as (
    select m.reader_id, m.total - avg(o.total) off
    from mine m join mine o on o.application_id = m.application_id and o.reader_id <> m.reader_id
    group by m.reader_id, m.application_id, m.total
  ), drift as (
    select o.reader_id, round(avg(o.off), 2) drift, count(*) n from offsets o group by o.reader_id
  )
  select u.user_id, public.person_name(u.user_id), public.reader_cap(u.user_id),
    count(r.id)::integer, count(r.id) filter (where r.status = 'submitted')::integer,
    count(r.id) filter (where r.status <> 'submitted')::integer,
    max(r.submitted_at),
    d.drift,
    round(stddev_pop(r.total) filter (where r.status = 'submitted'), 2),
    coalesce(d.n >= 5 and abs(d.drift) > (select s.disagreement_margin from public.admissions_settings s) / 2.0, false),
    coalesce(count(r.id) filter (where r.status = 'submitted') >= 5
      and stddev_pop(r.total) filter (where r.status = 'submitted') < 3, false)
  from public.user_roles u
  left join public.application_reads r on r.reader_id = u.user_id
  left join drift d on d.reader_id = u.user_id
  where u.role = 'reader'
  group by u.user_id, d.drift, d.n
  order by 2;
end
$$;
revoke execute on function public.reader_progress() from public, anon;
grant execute on function public.reader_progress() to authenticated, service_role;

-- The committee's list for an intake: applications being assessed, ranked by their mean total, best
-- first; with only_complete, those whose reads are all sent. Admin and counsellors; a counsellor's
-- own open reads stay blind (their applications show no total).
create or replace function public.committee_ranking(intake_id uuid, only_complete boolean default true,
  max_rows integer default 200, skip integer default 0)
returns table (application_id uuid, reference text, applicant_name text, status text, reads_required integer,
  reads_submitted integer, mean_total numeric, disagreement boolean, rank bigint, total_count bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see the ranking.' using errcode = '42501';
  end if;
  return query
  with results as (
    select a.id, a.reference, a.answers -> 'personal' ->> 'full_name' applicant_name, a.status,
      i.reads_required,
      count(r.id) filter (where r.status = 'submitted')::integer sent,
      count(r.id) filter (where r.status <> 'submitted')::integer open,
      avg(r.total) filter (where r.status = 'submitted') mean,
      max(r.total) filter (where r.status = 'submitted') - min(r.total) filter (where r.status = 'submitted') gap,
      bool_or(r.reader_id = (select auth.uid()) and r.status <> 'submitted') mine_open
    from public.applications a
    join public.intakes i on i.id = a.intake_id
    left join public.application_reads r on r.application_id = a.id
    where a.intake_id = committee_ranking.intake_id
      and a.status in ('submitted', 'under_review', 'action_required', 'waitlisted')
    group by a.id, i.reads_required
  ), shown as (
    select x.*, coalesce(x.mine_open, false) and not public.has_role('admin') blind from results x
    where not only_complete or (x.sent >= x.reads_required and x.open = 0)
  )
  select s.id, s.reference, s.applicant_name, s.status, s.reads_required, s.sent,
    case when s.blind then null else round(s.mean, 2) end,
    case when s.blind then null else coalesce(s.gap > (select m.disagreement_margin from public.admissions_settings m), false) end,
    rank() over (order by case when s.blind then null else s.mean end desc nulls last),
    count(*) over ()
  from shown s
  order by 9, s.reference
  limit least(greatest(coalesce(max_rows, 200), 1), 1000) offset greatest(coalesce(skip, 0), 0);
end
$$;
revoke execute on function public.committee_ranking(uuid, boolean, integer, integer) from public, anon;
grant execute on function public.committee_ranking(uuid, boolean, integer, integer) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Retention.

-- Readers' comments are records an applicant may one day read; once an intake has been archived for
-- the office's retention period they are erased. Scores, totals and decisions stay. The daily job
-- calls this; it returns how many reads lost their comments.
create or replace function public.erase_old_read_comments() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  erased integer;
begin
  perform set_config('unipath.change', 'comments erased after the retention period', true);
  with old as (
    select r.id from public.application_reads r
    join public.applications a on a.id = r.application_id
    join public.intakes i on i.id = a.intake_id
    where i.status = 'archived' and r.comments_erased_at is null
      and i.archived_at < now() - make_interval(days => (select s.read_comment_retention_days from public.admissions_settings s))
  )
  update public.application_reads r set comments = '{}', overall_comment = '', comments_erased_at = now()
  from old where r.id = old.id;
  get diagnostics erased = row_count;
  perform set_config('unipath.change', '', true);
  return erased;
end
$$;
revoke execute on function public.erase_old_read_comments() from public, anon, authenticated;
grant execute on function public.erase_old_read_comments() to service_role;

-- ---------------------------------------------------------------------------------------------
-- Settings.

-- The office's assessment settings, for administrators: the cap on each reader's open reads, the
-- margin beyond which two reads disagree, and how long reader comments outlive an archived intake.
create or replace function public.set_assessment_settings(reader_cap integer, disagreement_margin integer,
  retention_days integer)
returns public.admissions_settings
language plpgsql security definer
set search_path = ''
as $$
declare
  settings public.admissions_settings;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators change the assessment settings.' using errcode = '42501';
  end if;
  if reader_cap is null or reader_cap not between 1 and 10000 then
    raise exception 'A reader holds from 1 to 10,000 open reads.' using errcode = '22023';
  end if;
  if disagreement_margin is null or disagreement_margin not between 1 and 100 then
    raise exception 'The disagreement margin is from 1 to 100 points.' using errcode = '22023';
  end if;
  if retention_days is null or retention_days not between 0 and 3650 then
    raise exception 'Comments are kept from 0 to 3,650 days after an intake is archived.' using errcode = '22023';
  end if;
  update public.admissions_settings s set reader_cap = set_assessment_settings.reader_cap,
    disagreement_margin = set_assessment_settings.disagreement_margin,
    read_comment_retention_days = retention_days, updated_at = now()
  returning * into settings;
  return settings;
end
$$;
revoke execute on function public.set_assessment_settings(integer, integer, integer) from public, anon;
grant execute on function public.set_assessment_settings(integer, integer, integer) to authenticated, service_role;

-- One reader's own cap (null: the office's) and whether they are taking reads, for administrators.
create or replace function public.set_reader_settings(reader uuid, max_open_reads integer, paused boolean)
returns public.reader_settings
language plpgsql security definer
set search_path = ''
as $$
declare
  settings public.reader_settings;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators change a reader''s settings.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.user_roles r where r.user_id = reader and r.role = 'reader') then
    raise exception 'This person is not a reader.' using errcode = 'P0002';
  end if;
  if max_open_reads is not null and max_open_reads not between 0 and 10000 then
    raise exception 'A reader''s cap is from 0 to 10,000 open reads; leave it empty for the office''s.'
      using errcode = '22023';
  end if;
  insert into public.reader_settings (reader_id, max_open_reads, paused, updated_by)
  values (reader, max_open_reads, coalesce(paused, false), (select auth.uid()))
  on conflict (reader_id) do update set max_open_reads = excluded.max_open_reads, paused = excluded.paused,
    updated_by = excluded.updated_by
  returning * into settings;
  return settings;
end
$$;
revoke execute on function public.set_reader_settings(uuid, integer, boolean) from public, anon;
grant execute on function public.set_reader_settings(uuid, integer, boolean) to authenticated, service_role;

-- Assigns every application still being assessed that has fewer reads than its intake asks for,
-- oldest submission first (after caps were raised or readers added). Answers how many reads it gave.
create or replace function public.assign_missing_reads() returns integer
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators assign reads.' using errcode = '42501';
  end if;
  return public.fill_reads(array(
    select a.id from public.applications a join public.intakes i on i.id = a.intake_id
    where a.status in ('submitted', 'under_review', 'action_required')
      and (select count(*) from public.application_reads r where r.application_id = a.id and not r.extra)
        < i.reads_required
    order by a.submitted_at limit 5000));
end
$$;
revoke execute on function public.assign_missing_reads() from public, anon;
grant execute on function public.assign_missing_reads() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- What an applicant may read.

-- The caller's own applications' sent reads, once a decision on the application has been released:
-- each read's scores against its criteria, its total and recommendation, and the comments that
-- retention has not erased. Readers are not named. For "Download my data".
create or replace function public.my_assessment_records()
returns table (application_id uuid, reference text, read_number integer, submitted_at timestamptz,
  total numeric, recommendation text, scores jsonb, criteria jsonb, comments jsonb, overall_comment text,
  comments_erased_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select a.id, a.reference, (row_number() over (partition by a.id order by r.submitted_at, r.id))::integer,
    r.submitted_at, r.total, public.recommendation_label(r.recommendation), r.scores,
    (select jsonb_agg(jsonb_build_object('key', c ->> 'key', 'label', c ->> 'label', 'min', c -> 'min',
      'max', c -> 'max')) from jsonb_array_elements(v.criteria) c),
    r.comments, r.overall_comment, r.comments_erased_at
  from public.applications a
  join public.application_reads r on r.application_id = a.id and r.status = 'submitted'
  join public.scoresheet_versions v on v.id = r.scoresheet_version_id
  where a.applicant_id = (select auth.uid())
    and exists (select 1 from public.application_decisions d where d.application_id = a.id and d.state = 'released')
  order by a.id, 3
$$;
revoke execute on function public.my_assessment_records() from public, anon;
grant execute on function public.my_assessment_records() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Interviews.

-- A time staff offer for interviews on an intake: when (with the office's time zone, so everyone
-- reads the same wall-clock time), where (a place or an online link), who interviews, how many
-- applicants it seats, and how many hours before it applicants may still book, move or cancel.
create table public.interview_slots (
  id uuid primary key default gen_random_uuid(),
  intake_id uuid not null references public.intakes (id) on delete cascade,
  starts_at timestamptz not null,
  duration_minutes integer not null default 30 check (duration_minutes between 5 and 480),
  time_zone text not null default 'UTC' check (char_length(time_zone) between 1 and 64),
  location text not null check (char_length(btrim(location)) between 2 and 300),
  online boolean not null default false,
  interviewer_id uuid references auth.users (id) on delete set null,
  seats integer not null default 1 check (seats between 1 and 50),
  cutoff_hours integer not null default 24 check (cutoff_hours between 0 and 720),
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  cancelled_at timestamptz,
  constraint interview_slots_online_link check (not online or location ~ '^https://')
);
create index interview_slots_intake_idx on public.interview_slots (intake_id, starts_at);
create index interview_slots_interviewer_idx on public.interview_slots (interviewer_id, starts_at);
create index interview_slots_created_by_idx on public.interview_slots (created_by);

-- An application invited to interview: the applicant may then book one of the intake's slots.
create table public.interview_invitations (
  application_id uuid primary key references public.applications (id) on delete cascade,
  invited_at timestamptz not null default now(),
  invited_by uuid references auth.users (id) on delete set null
);
create index interview_invitations_invited_by_idx on public.interview_invitations (invited_by);

-- A seat taken in a slot. One live booking per application; moving it cancels the old one. The
-- interviewer scores it on the intake's interview scoresheet.
create table public.interview_bookings (
  id uuid primary key default gen_random_uuid(),
  slot_id uuid not null references public.interview_slots (id) on delete cascade,
  application_id uuid not null references public.interview_invitations (application_id) on delete cascade,
  booked_at timestamptz not null default now(),
  cancelled_at timestamptz,
  scoresheet_version_id uuid references public.scoresheet_versions (id) on delete restrict,
  scores jsonb not null default '{}' check (jsonb_typeof(scores) = 'object'),
  comments jsonb not null default '{}' check (jsonb_typeof(comments) = 'object' and octet_length(comments::text) <= 65536),
  recommendation text check (recommendation = any (public.read_recommendations())),
  notes text not null default '' check (char_length(notes) <= 4000),
  total numeric(5, 2) check (total between 0 and 100),
  scored_at timestamptz,
  scored_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now(),
  version integer not null default 1 check (version > 0),
  updated_by uuid references auth.users (id) on delete set null,
  last_change text
);
create unique index interview_bookings_live_key on public.interview_bookings (application_id) where cancelled_at is null;
create index interview_bookings_slot_idx on public.interview_bookings (slot_id) where cancelled_at is null;
create index interview_bookings_slot_all_idx on public.interview_bookings (slot_id);
create index interview_bookings_version_idx on public.interview_bookings (scoresheet_version_id);
create index interview_bookings_scored_by_idx on public.interview_bookings (scored_by);
create index interview_bookings_updated_by_idx on public.interview_bookings (updated_by);

alter table public.interview_slots enable row level security;
alter table public.interview_invitations enable row level security;
alter table public.interview_bookings enable row level security;
revoke all on public.interview_slots, public.interview_invitations, public.interview_bookings from anon, authenticated;
grant select on public.interview_slots, public.interview_invitations, public.interview_bookings to authenticated;

-- Whether the caller is the applicant of an application invited to interview on this intake.
create or replace function public.invited_to_intake(intake uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.interview_invitations v join public.applications a on a.id = v.application_id
    where a.intake_id = intake and a.applicant_id = (select auth.uid()))
$$;
revoke execute on function public.invited_to_intake(uuid) from public, anon;
grant execute on function public.invited_to_intake(uuid) to authenticated, service_role;

create or replace function public.owns_application(application uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.applications a where a.id = application and a.applicant_id = (select auth.uid()))
$$;
revoke execute on function public.owns_application(uuid) from public, anon;
grant execute on function public.owns_application(uuid) to authenticated, service_role;

-- Staff see every slot; an invited applicant sees their intake's slots (not who else booked them).
create policy interview_slots_select on public.interview_slots
  for select to authenticated
  using ((select public.is_staff()) or public.invited_to_intake(intake_id));
create policy interview_invitations_select on public.interview_invitations
  for select to authenticated
  using ((select public.is_staff()) or public.owns_application(application_id));
-- Bookings carry the interviewer's scores: staff only. Applicants see their own through my_interview().
create policy interview_bookings_select on public.interview_bookings
  for select to authenticated
  using ((select public.is_staff()));

create trigger interview_bookings_touch before update on public.interview_bookings
  for each row execute function public.touch_updated_at();
create trigger version_10_check before update of version on public.interview_bookings
  for each row execute function public.check_row_version('interview');
create trigger version_20_stamp before update on public.interview_bookings
  for each row execute function public.stamp_row_version();
create trigger interview_slots_audit after insert or update or delete on public.interview_slots
  for each row execute function public.audit_staff_change();
create trigger interview_invitations_audit after insert or delete on public.interview_invitations
  for each row execute function public.audit_staff_change();
create trigger interview_bookings_audit after update on public.interview_bookings
  for each row execute function public.audit_staff_change('scores', 'comments', 'notes');

-- Whether a text names a time zone Postgres knows (an IANA name such as Europe/London).
create or replace function public.is_time_zone(name text) returns boolean
language sql stable
set search_path = ''
as $$
  select exists (select 1 from pg_catalog.pg_timezone_names z where z.name = is_time_zone.name)
$$;
grant execute on function public.is_time_zone(text) to authenticated, service_role;

-- Staff add slots to an intake: one per start time given as the office's wall-clock time in
-- time_zone, all alike otherwise. Answers how many.
create or replace function public.create_interview_slots(intake_id uuid, starts timestamp[], duration_minutes integer,
  time_zone text, location text, online boolean, interviewer uuid, seats integer, cutoff_hours integer)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  made integer;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff offer interview times.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.intakes i where i.id = create_interview_slots.intake_id) then
    raise exception 'No such intake.' using errcode = 'P0002';
  end if;
  if coalesce(cardinality(starts), 0) not between 1 and 200 then
    raise exception 'Give from 1 to 200 start times at once.' using errcode = '22023';
  end if;
  if not public.is_time_zone(time_zone) then
    raise exception 'Choose a time zone from the list (for example Europe/London).' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(starts) s where s is null or (s at time zone time_zone) < now()) then
    raise exception 'Interview times must be in the future.' using errcode = '22023';
  end if;
  if interviewer is not null and not exists (select 1 from public.user_roles r where r.user_id = interviewer
      and r.role in ('admin', 'counsellor')) then
    raise exception 'The interviewer must be a member of staff.' using errcode = 'P0001';
  end if;
  if online and coalesce(location, '') !~ '^https://' then
    raise exception 'An online interview needs its link, starting with https://.' using errcode = '22023';
  end if;
  if char_length(btrim(coalesce(location, ''))) not between 2 and 300 then
    raise exception 'Say where the interview is, or give its link (2 to 300 characters).' using errcode = '22023';
  end if;
  if coalesce(duration_minutes, 0) not between 5 and 480 or coalesce(seats, 0) not between 1 and 50
      or coalesce(cutoff_hours, -1) not between 0 and 720 then
    raise exception 'An interview lasts 5 to 480 minutes, seats 1 to 50 and closes 0 to 720 hours before.'
      using errcode = '22023';
  end if;
  insert into public.interview_slots (intake_id, starts_at, duration_minutes, time_zone, location, online,
    interviewer_id, seats, cutoff_hours, created_by)
  select create_interview_slots.intake_id, s at time zone time_zone, duration_minutes, time_zone, btrim(location),
    online, interviewer, seats, cutoff_hours, (select auth.uid())
  from (select distinct s from unnest(starts) s) x;
  get diagnostics made = row_count;
  return made;
end
$$;
revoke execute on function public.create_interview_slots(uuid, timestamp[], integer, text, text, boolean, uuid, integer, integer)
  from public, anon;
grant execute on function public.create_interview_slots(uuid, timestamp[], integer, text, text, boolean, uuid, integer, integer)
  to authenticated, service_role;

-- A slot's time as the office reads it: "Tuesday 12 January 2027, 14:00 (Europe/London)".
create or replace function public.interview_time_label(slot public.interview_slots) returns text
language sql stable
set search_path = ''
as $$
  select to_char(slot.starts_at at time zone slot.time_zone, 'FMDay FMDD FMMonth YYYY, HH24:MI')
    || ' (' || slot.time_zone || ')'
$$;
grant execute on function public.interview_time_label(public.interview_slots) to authenticated, service_role;

-- Staff invite applications to interview (one, a selection, or everyone above a score from the
-- ranking); each applicant is told once. Answers how many were newly invited.
create or replace function public.invite_to_interview(application_ids uuid[]) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  app record;
  invited integer := 0;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff invite applicants to interview.' using errcode = '42501';
  end if;
  if coalesce(cardinality(application_ids), 0) not between 1 and 1000 then
    raise exception 'Invite from 1 to 1,000 applications at a time.' using errcode = '22023';
  end if;
  for app in
    insert into public.interview_invitations (application_id, invited_by)
    select a.id, (select auth.uid()) from public.applications a
    where a.id = any (application_ids) and a.status in ('submitted', 'under_review', 'action_required', 'waitlisted')
    on conflict do nothing
    returning application_id
  loop
    invited := invited + 1;
    perform public.queue_event((select a.applicant_id from public.applications a where a.id = app.application_id),
      app.application_id, 'interview_invitation', jsonb_build_object('interview_url',
        (select s.site_url from public.admissions_settings s) || '/applications/' || app.application_id || '/interview'));
  end loop;
  return invited;
end
$$;
revoke execute on function public.invite_to_interview(uuid[]) from public, anon;
grant execute on function public.invite_to_interview(uuid[]) to authenticated, service_role;

-- Seats left in a slot (staff and invited applicants).
create or replace function public.interview_seats_left(slot_id uuid) returns integer
language sql stable security definer
set search_path = ''
as $$
  select s.seats - (select count(*)::integer from public.interview_bookings b where b.slot_id = s.id and b.cancelled_at is null)
  from public.interview_slots s where s.id = interview_seats_left.slot_id
$$;
revoke execute on function public.interview_seats_left(uuid) from public, anon;
grant execute on function public.interview_seats_left(uuid) to authenticated, service_role;

-- The applicant books a seat for their invited application, or moves their booking to another
-- slot. The slot's row is locked, so two applicants cannot both take its last seat; a booking,
-- a move or a cancellation is refused once the slot's cut-off has passed.
create or replace function public.book_interview(application_id uuid, slot_id uuid) returns public.interview_bookings
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
  slot public.interview_slots;
  current_booking public.interview_bookings;
  old_slot public.interview_slots;
  booking public.interview_bookings;
  taken integer;
begin
  select * into app from public.applications a where a.id = book_interview.application_id;
  if not found or app.applicant_id is distinct from (select auth.uid()) then
    raise exception 'This application is not yours.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.interview_invitations v where v.application_id = app.id) then
    raise exception 'This application has not been invited to interview.' using errcode = 'P0001';
  end if;
  select * into slot from public.interview_slots s where s.id = book_interview.slot_id for update;
  if not found or slot.intake_id <> app.intake_id or slot.cancelled_at is not null then
    raise exception 'This interview time is not offered for your application.' using errcode = 'P0002';
  end if;
  if now() > slot.starts_at - make_interval(hours => slot.cutoff_hours) then
    raise exception 'Booking for this time closed % hours before it starts. Choose a later time.', slot.cutoff_hours
      using errcode = 'P0001';
  end if;
  select * into current_booking from public.interview_bookings b
  where b.application_id = app.id and b.cancelled_at is null for update;
  if found then
    if current_booking.slot_id = slot.id then
      return current_booking;
    end if;
    select * into old_slot from public.interview_slots s where s.id = current_booking.slot_id;
    if now() > old_slot.starts_at - make_interval(hours => old_slot.cutoff_hours) then
      raise exception 'Your interview is less than % hours away and can no longer be moved. Write to admissions if you cannot come.',
        old_slot.cutoff_hours using errcode = 'P0001';
    end if;
  end if;
  select count(*) into taken from public.interview_bookings b where b.slot_id = slot.id and b.cancelled_at is null;
  if taken >= slot.seats then
    raise exception 'Someone has just taken the last seat at this time. Choose another time.' using errcode = 'P0001';
  end if;
  if current_booking.id is not null then
    update public.interview_bookings b set cancelled_at = now() where b.id = current_booking.id;
  end if;
  insert into public.interview_bookings (slot_id, application_id) values (slot.id, app.id) returning * into booking;
  perform public.queue_event(app.applicant_id, app.id, 'interview_booked', jsonb_build_object(
    'interview_time', public.interview_time_label(slot),
    'interview_place', slot.location,
    'interview_url', (select s.site_url from public.admissions_settings s) || '/applications/' || app.id || '/interview',
    'calendar_url', (select s.site_url from public.admissions_settings s) || '/applications/' || app.id || '/interview.ics',
    'moved', case when current_booking.id is null then 'booked' else 'moved' end));
  return booking;
end
$$;
revoke execute on function public.book_interview(uuid, uuid) from public, anon;
grant execute on function public.book_interview(uuid, uuid) to authenticated, service_role;

-- The applicant cancels their booking before the cut-off; they may book again while times are offered.
create or replace function public.cancel_interview_booking(application_id uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  booking public.interview_bookings;
  slot public.interview_slots;
begin
  if not public.owns_application(application_id) then
    raise exception 'This application is not yours.' using errcode = '42501';
  end if;
  select * into booking from public.interview_bookings b
  where b.application_id = cancel_interview_booking.application_id and b.cancelled_at is null for update;
  if not found then
    raise exception 'You have no interview booked.' using errcode = 'P0002';
  end if;
  select * into slot from public.interview_slots s where s.id = booking.slot_id;
  if now() > slot.starts_at - make_interval(hours => slot.cutoff_hours) then
    raise exception 'Your interview is less than % hours away and can no longer be cancelled here. Write to admissions if you cannot come.',
      slot.cutoff_hours using errcode = 'P0001';
  end if;
  update public.interview_bookings b set cancelled_at = now() where b.id = booking.id;
end
$$;
revoke execute on function public.cancel_interview_booking(uuid) from public, anon;
grant execute on function public.cancel_interview_booking(uuid) to authenticated, service_role;

-- What an applicant sees of their interview: the invitation, their live booking and the times they
-- may choose, each with seats left. Nothing for anyone else's application.
create or replace function public.my_interview(application_id uuid)
returns table (invited boolean, booking_id uuid, booked_slot uuid, slot_id uuid, starts_at timestamptz,
  duration_minutes integer, time_zone text, location text, online boolean, seats_left integer,
  bookable boolean, closes_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select true, b.id, b.slot_id, s.id, s.starts_at, s.duration_minutes, s.time_zone, s.location, s.online,
    public.interview_seats_left(s.id), now() <= s.starts_at - make_interval(hours => s.cutoff_hours),
    s.starts_at - make_interval(hours => s.cutoff_hours)
  from public.applications a
  join public.interview_invitations v on v.application_id = a.id
  join public.interview_slots s on s.intake_id = a.intake_id and s.cancelled_at is null
  left join public.interview_bookings b on b.application_id = a.id and b.cancelled_at is null
  where a.id = my_interview.application_id and a.applicant_id = (select auth.uid())
    and (s.starts_at > now() or s.id = b.slot_id)
  order by s.starts_at
$$;
revoke execute on function public.my_interview(uuid) from public, anon;
grant execute on function public.my_interview(uuid) to authenticated, service_role;

-- The interviewer (or an administrator) scores a booked interview on the intake's interview
-- scoresheet; a draft until sent, then final, versions checked as elsewhere.
create or replace function public.score_interview(booking_id uuid, expected_version integer, scores jsonb,
  comments jsonb, recommendation text, notes text, send boolean default false)
returns public.interview_bookings
language plpgsql security definer
set search_path = ''
as $$
declare
  booking public.interview_bookings;
  slot public.interview_slots;
  sheet public.scoresheet_versions;
  problem text;
begin
  select * into booking from public.interview_bookings b where b.id = booking_id for update;
  if not found then
    raise exception 'No such interview.' using errcode = 'P0002';
  end if;
  select * into slot from public.interview_slots s where s.id = booking.slot_id;
  if slot.interviewer_id is distinct from (select auth.uid()) and not public.has_role('admin') then
    raise exception 'Only the interviewer scores this interview.' using errcode = '42501';
  end if;
  if booking.scored_at is not null then
    raise exception 'This interview was scored on % UTC; the score is final.',
      to_char(booking.scored_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') using errcode = 'P0001';
  end if;
  if booking.scoresheet_version_id is null then
    sheet := public.scoresheet_version_for(booking.application_id, 'interview');
    if sheet.id is null then
      raise exception 'No interview scoresheet applies yet: ask an administrator to define one.' using errcode = 'P0001';
    end if;
  else
    select * into sheet from public.scoresheet_versions v where v.id = booking.scoresheet_version_id;
  end if;
  if char_length(coalesce(notes, '')) > 4000 then
    raise exception 'The notes are 4,000 characters at most.' using errcode = '22023';
  end if;
  problem := public.read_problem(sheet.criteria, coalesce(scores, '{}'), coalesce(comments, '{}'),
    nullif(recommendation, ''), coalesce(send, false));
  if problem is not null then
    raise exception '%', replace(problem, 'this read', 'this score') using errcode = '22023';
  end if;
  perform set_config('unipath.change', case when send then 'interview scored' else 'interview score saved' end, true);
  update public.interview_bookings b set scoresheet_version_id = sheet.id, scores = coalesce(score_interview.scores, '{}'),
    comments = coalesce(score_interview.comments, '{}'), recommendation = nullif(score_interview.recommendation, ''),
    notes = coalesce(score_interview.notes, ''),
    total = case when send then public.read_total(sheet.criteria, score_interview.scores) end,
    scored_at = case when send then now() end, scored_by = case when send then (select auth.uid()) end,
    version = expected_version, updated_by = (select auth.uid())
  where b.id = booking_id
  returning * into booking;
  perform set_config('unipath.change', '', true);
  return booking;
end
$$;
revoke execute on function public.score_interview(uuid, integer, jsonb, jsonb, text, text, boolean) from public, anon;
grant execute on function public.score_interview(uuid, integer, jsonb, jsonb, text, text, boolean) to authenticated, service_role;

-- The messages about interviews: the invitation, the confirmation of a booking (with its calendar
-- file) and the reminder the day before.
insert into public.message_templates (key, audience, essential, description, fields, subject, summary, body_text, body_html) values
('interview_invitation', 'applicant', true,
  'Admissions invites the applicant to book an interview for their application.',
  '{recipient_name,reference,course,university,term,application_url,interview_url,site_url}',
  'Book your interview for {{course}}',
  'You are invited to interview for {{course}} ({{reference}}): choose a time',
  E'Hello {{recipient_name}},\n\nAdmissions would like to interview you about your application {{reference}} for {{course}} at {{university}} ({{term}}).\n\nChoose a time that suits you: {{interview_url}}\n\nYou can move or cancel your booking until shortly before the interview.\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Admissions would like to interview you about your application {{reference}} for {{course}} at {{university}} ({{term}}).</p><p><a href="{{interview_url}}">Choose a time that suits you</a></p><p>You can move or cancel your booking until shortly before the interview.</p><p>Unipath Admissions</p>'),
('interview_booked', 'applicant', true,
  'The confirmation of an interview the applicant booked or moved, with a link to its calendar file.',
  '{recipient_name,reference,course,university,term,application_url,interview_url,calendar_url,interview_time,interview_place,moved,site_url}',
  'Your interview for {{course}}: {{interview_time}}',
  'Interview {{moved}} for {{reference}}: {{interview_time}}',
  E'Hello {{recipient_name}},\n\nYour interview for {{course}} at {{university}} (application {{reference}}) is {{moved}}:\n\n{{interview_time}}\n{{interview_place}}\n\nAdd it to your calendar: {{calendar_url}}\nMove or cancel it: {{interview_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Your interview for {{course}} at {{university}} (application {{reference}}) is {{moved}}:</p><p><strong>{{interview_time}}</strong><br>{{interview_place}}</p><p><a href="{{calendar_url}}">Add it to your calendar</a> · <a href="{{interview_url}}">Move or cancel it</a></p><p>Unipath Admissions</p>'),
('reminder_interview', 'applicant', false,
  'Reminder the day before an interview the applicant has booked.',
  '{recipient_name,reference,course,university,term,application_url,interview_url,calendar_url,interview_time,interview_place,profile_url,site_url,unsubscribe_url}',
  'Your interview for {{course}} is tomorrow',
  'Interview for {{reference}}: {{interview_time}}',
  E'Hello {{recipient_name}},\n\nA reminder: your interview for {{course}} at {{university}} (application {{reference}}) is at\n\n{{interview_time}}\n{{interview_place}}\n\nAdd it to your calendar: {{calendar_url}}\nSee the details: {{interview_url}}\n\nYou get this reminder because reminders are on. To stop reminders: {{unsubscribe_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>A reminder: your interview for {{course}} at {{university}} (application {{reference}}) is at</p><p><strong>{{interview_time}}</strong><br>{{interview_place}}</p><p><a href="{{calendar_url}}">Add it to your calendar</a> · <a href="{{interview_url}}">See the details</a></p><p>You get this reminder because reminders are on. <a href="{{unsubscribe_url}}">Stop reminders</a>.</p><p>Unipath Admissions</p>');
