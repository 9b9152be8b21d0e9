-- The audit log as people read it, and searches that ignore accents and case.
--
-- audit_entries() answers administrators with the log already labelled by the database: who acted
-- by name, what the record is (an application by its UP-… reference, a university or course by name,
-- "Decision on UP-…"), and the people, applications, courses and reasons inside the values by name
-- instead of their ids. Filters: record type, person, a search, days; pages by offset (with the
-- total) or after an entry (for exports, without the total).
--
-- fold() is the one comparison every search uses on both sides: lower case without accents, so
-- "zoe" finds "Zoë Fernández-Walsh" and "sao paulo" finds "São Paulo".

create extension if not exists unaccent with schema extensions;

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

-- ---------------------------------------------------------------------------------------------
-- The audit log, labelled.

-- An application as staff name it: its reference, or what is left of it.
create or replace function public.audit_application_label(application uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select case
    when application is null then null
    when a.id is null then 'a deleted application'
    else coalesce(a.reference, 'a draft application') end
  from (select application as id) x
  left join public.applications a on a.id = x.id
$$;

create or replace function public.audit_course_label(course uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select case when course is null then null
    else coalesce((select c.title || ', ' || c.university_name from public.courses c where c.id = course),
      'a deleted course') end
$$;

create or replace function public.audit_intake_label(intake uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select case when intake is null then null
    else coalesce((select i.term || ' · ' || c.title || ', ' || c.university_name
      from public.intakes i join public.courses c on c.id = i.course_id where i.id = intake),
      'a deleted intake') end
$$;

-- A recorded value as people read it: ids of people, applications, universities, courses, intakes
-- and reasons become names (by the key they are stored under), outcomes and statuses words. Other
-- values stay as they are.
create or replace function public.audit_value_label(key text, value jsonb) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  text_value text := case when jsonb_typeof(value) = 'string' then value #>> '{}' end;
  ref_id uuid := case when text_value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then text_value::uuid end;
begin
  if key in ('outcome') and text_value is not null then
    return to_jsonb(public.decision_label(text_value));
  elsif key in ('from_status', 'to_status') and text_value is not null then
    return to_jsonb(coalesce((select g.label from public.application_status_guide g where g.status = text_value),
      text_value));
  elsif ref_id is null then
    return value;
  elsif key in ('actor', 'applicant_id', 'assigned_to', 'assignee', 'user_id', 'granted_by', 'author',
      'reviewed_by', 'recommended_by', 'approved_by', 'released_by', 'cancelled_by', 'resolved_by', 'updated_by') then
    return to_jsonb(public.person_name(ref_id));
  elsif key = 'application_id' then
    return to_jsonb(public.audit_application_label(ref_id));
  elsif key = 'university_id' then
    return to_jsonb(coalesce((select u.name from public.universities u where u.id = ref_id), 'a deleted university'));
  elsif key = 'course_id' then
    return to_jsonb(public.audit_course_label(ref_id));
  elsif key = 'intake_id' then
    return to_jsonb(public.audit_intake_label(ref_id));
  elsif key = 'reason_id' then
    return to_jsonb(coalesce((select r.public_wording from public.decision_reasons r where r.id = ref_id),
      'a deleted reason'));
  end if;
  return value;
end
$$;

-- The values of an entry, labelled; the record's own id is left out (the entry names the record).
create or replace function public.audit_values_labelled(recorded jsonb) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select case when recorded is null or jsonb_typeof(recorded) <> 'object' then recorded
    else coalesce((select jsonb_object_agg(e.key, public.audit_value_label(e.key, e.value))
      from jsonb_each(recorded - 'id') e), '{}'::jsonb) end
$$;

-- The application an entry is about: the record itself, or the one its document, note, decision or
-- place alert belongs to (read from the row while it exists, else from the values recorded).
create or replace function public.audit_application_of(entity text, entity_id text, before jsonb, after jsonb)
returns uuid
language plpgsql stable security definer
set search_path = ''
as $$
declare
  record_id uuid := case when entity_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then entity_id::uuid end;
  recorded text := coalesce(after ->> 'application_id', before ->> 'application_id');
  found_id uuid;
begin
  if entity = 'applications' then
    return record_id;
  end if;
  case entity
    when 'application_documents' then select d.application_id into found_id from public.application_documents d where d.id = record_id;
    when 'application_notes' then select n.application_id into found_id from public.application_notes n where n.id = record_id;
    when 'application_decisions' then select d.application_id into found_id from public.application_decisions d where d.id = record_id;
    when 'place_alerts' then select p.application_id into found_id from public.place_alerts p where p.id = record_id;
    else return null;
  end case;
  return coalesce(found_id, case when recorded ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then recorded::uuid end);
end
$$;

-- What the record of an entry is, in words: "UP-2027-AB12CD", "Decision on UP-2027-AB12CD",
-- "Passport for UP-2027-AB12CD", "MSc Data Science, Ashcombe University", "Counsellor role of Priya
-- Nair". The row as it is now when it still exists, else the values the entry recorded.
create or replace function public.audit_record_label(entity text, entity_id text, before jsonb, after jsonb,
  application uuid)
returns text
language plpgsql stable security definer
set search_path = ''
as $$
declare
  recorded jsonb := coalesce(before, '{}'::jsonb) || coalesce(after, '{}'::jsonb);
  record_id uuid := case when entity_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then entity_id::uuid end;
  app_reference text := public.audit_application_label(application);
  label text;
begin
  case entity
    when 'applications' then
      return app_reference;
    when 'application_documents' then
      return public.document_kind_label(coalesce((select d.kind from public.application_documents d where d.id = record_id),
        recorded ->> 'kind', 'document')) || ' for ' || coalesce(app_reference, 'an application');
    when 'application_notes' then
      return 'Note on ' || coalesce(app_reference, 'an application');
    when 'application_decisions' then
      return 'Decision on ' || coalesce(app_reference, 'an application');
    when 'place_alerts' then
      return 'Place freed by ' || coalesce(app_reference, 'an application');
    when 'leads' then
      select coalesce(l.name, l.email, 'WhatsApp contact') into label from public.leads l where l.id = record_id;
      return coalesce(label, recorded ->> 'name', recorded ->> 'email', 'a deleted lead');
    when 'universities' then
      return coalesce((select u.name from public.universities u where u.id = record_id), recorded ->> 'name',
        'a deleted university');
    when 'courses' then
      return coalesce((select c.title || ', ' || c.university_name from public.courses c where c.id = record_id),
        recorded ->> 'title', 'a deleted course');
    when 'intakes' then
      if exists (select 1 from public.intakes i where i.id = record_id) then
        return public.audit_intake_label(record_id);
      end if;
      return coalesce((recorded ->> 'term') || ' · ' || public.audit_course_label((recorded ->> 'course_id')::uuid),
        'a deleted intake');
    when 'document_requirements' then
      select public.document_kind_label(r.kind) || ' for ' || public.audit_course_label(r.course_id) into label
      from public.document_requirements r where r.id = record_id;
      return coalesce(label, public.document_kind_label(recorded ->> 'kind') || ' for '
        || public.audit_course_label((recorded ->> 'course_id')::uuid), 'a deleted document requirement');
    when 'user_roles' then
      return case recorded ->> 'role' when 'admin' then 'Administrator' when 'counsellor' then 'Counsellor'
        else coalesce(initcap(recorded ->> 'role'), 'Staff') end || ' role of ' || public.person_name(record_id);
    when 'decision_reasons' then
      return coalesce((select r.public_wording from public.decision_reasons r where r.id = record_id),
        recorded ->> 'public_wording', 'a deleted reason');
    else
      return entity_id;
  end case;
end
$$;

revoke execute on function public.audit_application_label(uuid), public.audit_course_label(uuid),
  public.audit_intake_label(uuid), public.audit_value_label(text, jsonb), public.audit_values_labelled(jsonb),
  public.audit_application_of(text, text, jsonb, jsonb), public.audit_record_label(text, text, jsonb, jsonb, uuid)
  from public, anon, authenticated;

-- The log for administrators, newest first, labelled. `search` finds the acting person (name or
-- e-mail) or the record (its label), ignoring accents and case. Pages of at most 1,000: by offset
-- with the total in every row, or, given `after_entry`, the entries older than that one without a
-- total (an export reads the whole log that way while new entries arrive).
create or replace function public.audit_entries(
  entity_filter text default null,
  person uuid default null,
  search text default null,
  since timestamptz default null,
  until timestamptz default null,
  page_size integer default 25,
  page_offset integer default 0,
  after_entry bigint default null
)
returns table (id bigint, created_at timestamptz, actor uuid, actor_name text, actor_email text, action text,
  entity text, entity_id text, entity_label text, application_id uuid, before jsonb, after jsonb, total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  needle text := public.folded_pattern(search);
  size integer := least(greatest(coalesce(page_size, 25), 1), 1000);
  skip integer := greatest(coalesce(page_offset, 0), 0);
  cursor_at timestamptz;
  counted bigint;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators read the audit log.' using errcode = '42501';
  end if;
  if after_entry is not null then
    select l.created_at into cursor_at from public.audit_log l where l.id = after_entry;
    if not found then
      raise exception 'No audit entry %.', after_entry using errcode = '22023';
    end if;
    skip := 0;
  end if;
  if needle is null then
    if after_entry is null then
      select count(*) into counted from public.audit_log l
      where (entity_filter is null or l.entity = entity_filter)
        and (person is null or l.actor = person)
        and (since is null or l.created_at >= since)
        and (until is null or l.created_at < until);
    end if;
    -- Without a search only the page is labelled.
    return query
    with page as materialized (
      select l.* from public.audit_log l
      where (entity_filter is null or l.entity = entity_filter)
        and (person is null or l.actor = person)
        and (since is null or l.created_at >= since)
        and (until is null or l.created_at < until)
        and (cursor_at is null or (l.created_at, l.id) < (cursor_at, after_entry))
      order by l.created_at desc, l.id desc
      limit size offset skip
    )
    select p.id, p.created_at, p.actor,
      coalesce(case when p.actor is not null then public.person_name(p.actor) end, p.actor_email),
      p.actor_email, p.action, p.entity, p.entity_id,
      public.audit_record_label(p.entity, p.entity_id, p.before, p.after, x.application), x.application,
      public.audit_values_labelled(p.before), public.audit_values_labelled(p.after), counted
    from page p
    cross join lateral (select public.audit_application_of(p.entity, p.entity_id, p.before, p.after) as application) x
    order by p.created_at desc, p.id desc;
    return;
  end if;
  -- A search looks at every label, so every entry the other filters leave is labelled first.
  return query
  with labelled as (
    select l.id, l.created_at, l.actor,
      coalesce(case when l.actor is not null then public.person_name(l.actor) end, l.actor_email) as actor_name,
      l.actor_email, l.action, l.entity, l.entity_id,
      public.audit_record_label(l.entity, l.entity_id, l.before, l.after, x.application) as entity_label,
      x.application, l.before, l.after
    from public.audit_log l
    cross join lateral (select public.audit_application_of(l.entity, l.entity_id, l.before, l.after) as application) x
    where (entity_filter is null or l.entity = entity_filter)
      and (person is null or l.actor = person)
      and (since is null or l.created_at >= since)
      and (until is null or l.created_at < until)
      and (cursor_at is null or (l.created_at, l.id) < (cursor_at, after_entry))
  ),
  found as (
    select m.*, case when after_entry is null then count(*) over () end as matched from labelled m
    where public.fold(m.actor_name) like needle or public.fold(m.actor_email) like needle
      or public.fold(m.entity_label) like needle
  )
  select f.id, f.created_at, f.actor, f.actor_name, f.actor_email, f.action, f.entity, f.entity_id,
    f.entity_label, f.application, public.audit_values_labelled(f.before), public.audit_values_labelled(f.after),
    f.matched
  from found f
  order by f.created_at desc, f.id desc
  limit size offset skip;
end
$$;
revoke execute on function public.audit_entries(text, uuid, text, timestamptz, timestamptz, integer, integer, bigint)
  from public, anon;
grant execute on function public.audit_entries(text, uuid, text, timestamptz, timestamptz, integer, integer, bigint)
  to authenticated, service_role;

-- Everyone the log names as having acted, by name, for the person filter. Administrators only.
create or replace function public.audit_people()
returns table (id uuid, name text, email text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators read the audit log.' using errcode = '42501';
  end if;
  return query
  select p.actor, public.person_name(p.actor), u.email::text
  from (select distinct l.actor from public.audit_log l where l.actor is not null) p
  left join auth.users u on u.id = p.actor
  order by public.fold(public.person_name(p.actor)), p.actor;
end
$$;
revoke execute on function public.audit_people() from public, anon;
grant execute on function public.audit_people() to authenticated, service_role;
