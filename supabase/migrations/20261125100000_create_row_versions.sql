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

-- What a change touched, in words: "status Under review → Waitlisted, reviewer". Only keys whose
-- values differ count; columns a reader would not recognise are named as they are, without values.
create or replace function public.describe_change(before jsonb, after jsonb) returns text
language sql stable security definer
set search_path = ''
as $$
  select string_agg(label, ', ' order by label)
  from (
    select distinct case
      when k = 'status' then 'status ' || coalesce((select g.label from public.application_status_guide g
        where g.status = before ->> k), before ->> k, 'none') || ' → ' || coalesce((select g.label
        from public.application_status_guide g where g.status = after ->> k), after ->> k, 'none')
      when k in ('assigned_to', 'assignee') then 'reviewer'
      when k in ('answers', 'current_step') then 'answers'
      else replace(k, '_', ' ')
    end as label
    from jsonb_object_keys(coalesce(after, '{}') || coalesce(before, '{}')) k
    where k not in ('version', 'updated_by', 'updated_at', 'last_change', 'search_document')
      and (before -> k) is distinct from (after -> k)
  ) labels
$$;
-- Pure words about two JSON values; the update triggers call it as whoever updates.
revoke execute on function public.describe_change(jsonb, jsonb) from public;
grant execute on function public.describe_change(jsonb, jsonb) to anon, authenticated, service_role;

-- Refuses a write based on an old version, naming the newer change, who made it and when. An
-- applicant's own change (another window, another device) is named as theirs.
create or replace function public.refuse_stale_write(noun text, changed_by uuid, changed_at timestamptz,
  change text)
returns void
language plpgsql stable security definer
set search_path = ''
as $$
declare
  who text := case
    when changed_by is null then 'An automatic update'
    when changed_by = auth.uid() then 'You (in another window or on another device)'
    else public.person_name(changed_by) end;
begin
  raise exception '% changed this % at % UTC%, after you opened it. Nothing was saved: check the current version, then make your change again.',
    who, noun, to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI'),
    case when coalesce(change, '') = '' then '' else ' (' || change || ')' end
    using errcode = 'PT409', hint = 'Reload to see the current version; what you typed is kept in the form.';
end
$$;
revoke execute on function public.refuse_stale_write(text, uuid, timestamptz, text) from public, anon, authenticated;

-- Who changed a row last, when and what. Rows keep it in updated_by and last_change, except an
-- application's: applicants read their own row, and what staff did to it (a decision recorded but
-- not released) is not theirs to read, so it lives in application_changes, which only staff read.
create table public.application_changes (
  application_id uuid primary key references public.applications (id) on delete cascade,
  changed_by uuid references auth.users (id) on delete set null,
  changed_at timestamptz not null default now(),
  change text check (char_length(change) <= 300)
);
create index application_changes_changed_by_idx on public.application_changes (changed_by);
alter table public.application_changes enable row level security;
revoke all on public.application_changes from anon, authenticated;
grant select on public.application_changes to authenticated;
create policy application_changes_select_staff on public.application_changes
  for select to authenticated using ((select public.is_staff()));

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

create or replace function public.record_application_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.application_changes as c (application_id, changed_by, changed_at, change)
  values (new.id, auth.uid(), now(), nullif(current_setting('unipath.stamped_change', true), ''))
  on conflict (application_id) do update
    set changed_by = excluded.changed_by, changed_at = excluded.changed_at, change = excluded.change;
  return null;
end
$$;
revoke execute on function public.check_row_version(), public.stamp_row_version(),
  public.record_application_change() from public, anon, authenticated;

-- Triggers fire in name order: version_10_check before version_20_stamp.
do $$
declare
  target record;
begin
  for target in select * from (values
    ('applications', 'application', '{}'::text[]),
    ('universities', 'university', '{tuition_min,tuition_max,course_count}'),
    ('courses', 'course', '{search_document,university_name,university_city,university_country_code,university_published,next_deadline,intake_months,tuition_annual,tuition_annual_usd}'),
    ('intakes', 'intake', '{}'), ('document_requirements', 'document requirement', '{}'),
    ('leads', 'lead', '{}')) t(tbl, noun, derived)
  loop
    execute format('alter table public.%I add column version integer not null default 1 check (version > 0)',
      target.tbl);
    if target.tbl <> 'applications' then
      execute format('alter table public.%I add column updated_by uuid references auth.users (id) on delete set null,
        add column last_change text', target.tbl);
      execute format('create index %I on public.%I (updated_by)', target.tbl || '_updated_by_idx', target.tbl);
    end if;
    execute format('create trigger version_10_check before update of version on public.%I
      for each row execute function public.check_row_version(%L)', target.tbl, target.noun);
    execute format('create trigger version_20_stamp before update on public.%I
      for each row execute function public.stamp_row_version(%s)', target.tbl,
      (select string_agg(quote_literal(c), ', ') from unnest(target.derived) c));
  end loop;
end
$$;

create trigger applications_record_change after update on public.applications
  for each row when (old.version is distinct from new.version)
  execute function public.record_application_change();

-- Column grants: the API may send the version with the columns it already updates.
grant update (version) on public.applications, public.leads to authenticated;

-- The audit log records what people changed; the version and the stamp of who changed it are
-- bookkeeping, never a change of their own.
create or replace function public.audit_staff_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  who uuid := auth.uid();
  left_out text[] := coalesce(tg_argv::text[], '{}') || array['version', 'updated_by', 'last_change'];
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - left_out end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - left_out end;
  row_key text := coalesce(new_row ->> 'id', old_row ->> 'id', coalesce(new_row, old_row) ->> 'user_id');
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
