-- The admin console: staff roles and the users screen, the admissions overview (figures, intakes,
-- triage), applicants' contacts, the review queue's counts, staff searches that ignore accents and
-- case, and the audit log as people read it. Each function checks the caller's role itself.

-- ---------------------------------------------------------------------------------------------
-- Staff roles and users.

-- Who runs admissions. The first administrator is granted by the server once it has checked the
-- setup token (service role only); later grants and revocations go through set_staff_role(), which
-- only an administrator may call and which never removes the last administrator.

create or replace function public.admin_exists() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.user_roles r where r.role = 'admin')
$$;
revoke execute on function public.admin_exists() from public;
grant execute on function public.admin_exists() to anon, authenticated, service_role;

-- True when the user became the first administrator; false when one already exists. The table
-- lock makes two simultaneous claims wait for each other, so only one wins.
create or replace function public.claim_first_admin(claimant uuid) returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  lock table public.user_roles in share row exclusive mode;
  if exists (select 1 from public.user_roles r where r.role = 'admin') then
    return false;
  end if;
  if not exists (select 1 from auth.users u where u.id = claimant) then
    raise exception 'No such user.' using errcode = 'P0002';
  end if;
  insert into public.user_roles (user_id, role, granted_by) values (claimant, 'admin', claimant);
  return true;
end
$$;
revoke execute on function public.claim_first_admin(uuid) from public, anon, authenticated;
grant execute on function public.claim_first_admin(uuid) to service_role;

create or replace function public.set_staff_role(target uuid, role text, granted boolean) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators manage staff roles.' using errcode = '42501';
  end if;
  if set_staff_role.role is null or set_staff_role.role not in ('admin', 'counsellor', 'reader') then
    raise exception 'Unknown role.' using errcode = '22023';
  end if;
  if granted is null then
    raise exception 'Say whether the role is granted or revoked.' using errcode = '22023';
  end if;
  lock table public.user_roles in share row exclusive mode;
  if granted then
    if not exists (select 1 from auth.users u where u.id = target) then
      raise exception 'No such user.' using errcode = 'P0002';
    end if;
    if set_staff_role.role = 'reader' and not exists (select 1 from public.user_roles r
        where r.user_id = target and r.role in ('admin', 'counsellor')) then
      raise exception 'Readers are members of staff: make them a counsellor or an administrator first.'
        using errcode = 'P0001';
    end if;
    insert into public.user_roles (user_id, role, granted_by)
    values (target, set_staff_role.role, (select auth.uid()))
    on conflict do nothing;
    return;
  end if;
  if set_staff_role.role = 'admin'
    and exists (select 1 from public.user_roles r where r.user_id = target and r.role = 'admin')
    and (select count(*) from public.user_roles r where r.role = 'admin') <= 1 then
    raise exception 'The last administrator cannot be removed. Make someone else an administrator first.'
      using errcode = 'P0001';
  end if;
  delete from public.user_roles r where r.user_id = target and r.role = set_staff_role.role;
  -- A reader who is no longer staff is no longer a reader.
  if not exists (select 1 from public.user_roles r where r.user_id = target and r.role in ('admin', 'counsellor')) then
    delete from public.user_roles r where r.user_id = target and r.role = 'reader';
  end if;
  -- Work in progress returns to the pool when someone leaves the team; reads not yet submitted go
  -- back to be assigned again when they stop reading.
  if not exists (select 1 from public.user_roles r where r.user_id = target and r.role = 'reader') then
    perform public.release_reads_of(target);
  end if;
  if not exists (select 1 from public.user_roles r where r.user_id = target) then
    update public.applications a set assigned_to = null where a.assigned_to = target;
    update public.leads l set assignee = null where l.assignee = target;
  end if;
end
$$;
revoke execute on function public.set_staff_role(uuid, text, boolean) from public, anon;
grant execute on function public.set_staff_role(uuid, text, boolean) to authenticated, service_role;

-- The users and roles screen: accounts found by e-mail address or by the name on their profile,
-- newest first, with their roles. Administrators only.
create function public.admin_list_users(search text default null, page_size integer default 25,
  page_offset integer default 0)
returns table (id uuid, email text, full_name text, created_at timestamptz, last_sign_in_at timestamptz,
  roles text[], total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pattern text := public.folded_pattern(search);
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators list users.' using errcode = '42501';
  end if;
  return query
  select u.id, u.email::text, nullif(btrim(p.full_name), ''), u.created_at, u.last_sign_in_at,
    coalesce((select array_agg(r.role order by r.role) from public.user_roles r where r.user_id = u.id), '{}'),
    count(*) over ()
  from auth.users u
  left join public.profiles p on p.id = u.id
  where pattern is null or public.fold(coalesce(u.email, '')) like pattern or public.fold(p.full_name) like pattern
  order by (exists (select 1 from public.user_roles r where r.user_id = u.id)) desc, u.created_at desc, u.id
  limit least(greatest(coalesce(page_size, 25), 1), 100) offset greatest(coalesce(page_offset, 0), 0);
end
$$;
revoke execute on function public.admin_list_users(text, integer, integer) from public, anon;
grant execute on function public.admin_list_users(text, integer, integer) to authenticated, service_role;

-- Everyone who can be given an application or a lead. Staff only.
create or replace function public.staff_directory()
returns table (id uuid, email text, roles text[], name text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see the team.' using errcode = '42501';
  end if;
  return query
  select u.id, u.email::text, array_agg(r.role order by r.role), public.person_name(u.id)
  from public.user_roles r join auth.users u on u.id = r.user_id
  group by u.id, u.email
  order by u.email;
end
$$;
revoke execute on function public.staff_directory() from public, anon;
grant execute on function public.staff_directory() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The admissions overview.

-- What the admissions team looks at: the console's figures, the intakes with their demand, and the
-- functions that close an intake, publish its decisions and triage new submissions. Staff only.

-- Applications by status (drafts apart), submissions per week for the last twelve weeks, leads by
-- source, and the days from submission to decision (median and 90th percentile).
create or replace function public.admin_kpis() returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  this_week date := date_trunc('week', now())::date;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see these figures.' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'applications_by_status', coalesce((
      select jsonb_agg(jsonb_build_object('status', s.status, 'count', s.n) order by s.n desc, s.status)
      from (select a.status, count(*) n from public.applications a where a.status <> 'draft' group by a.status) s
    ), '[]'),
    'drafts', (select count(*) from public.applications a where a.status = 'draft'),
    'submissions_per_week', (
      select jsonb_agg(jsonb_build_object('week', w.week, 'count', (
        select count(*) from public.applications a
        where a.submitted_at >= w.week and a.submitted_at < w.week + 7)) order by w.week)
      from (select (this_week - 7 * g)::date week from generate_series(11, 0, -1) g) w
    ),
    'leads_by_source', coalesce((
      select jsonb_agg(jsonb_build_object('source', s.source, 'count', s.n) order by s.n desc, s.source)
      from (select l.source, count(*) n from public.leads l group by l.source) s
    ), '[]'),
    'new_leads', (select count(*) from public.leads l where l.status = 'new'),
    'time_to_decision', (
      select jsonb_build_object(
        'decided', count(*),
        'median_days', round((percentile_cont(0.5) within group (order by d.days))::numeric, 1),
        'p90_days', round((percentile_cont(0.9) within group (order by d.days))::numeric, 1))
      from (select extract(epoch from a.decided_at - a.submitted_at) / 86400 days
        from public.applications a
        where a.decided_at is not null and a.submitted_at is not null) d
    ),
    'awaiting_triage', (select count(*) from public.applications a where a.status = 'submitted'),
    'in_review', (select count(*) from public.applications a where a.status in ('under_review', 'action_required'))
  );
end
$$;
revoke execute on function public.admin_kpis() from public, anon;
grant execute on function public.admin_kpis() to authenticated, service_role;

-- Intakes with their places and demand, soonest deadline first, filtered by status and a search on
-- the course, university or term.
create or replace function public.admin_intakes(status_filter text default null, search text default null,
  page_size integer default 25, page_offset integer default 0)
returns table (id uuid, course_id uuid, course_title text, university_name text, term text,
  opens_at date, deadline date, reply_by date, start_date date, capacity integer, status text,
  release_mode text, over_offer integer, applications bigint, awaiting_decision bigint, offers bigint,
  accepted bigint, offers_out bigint, pending_offers bigint, acceptances bigint, places_left integer,
  waitlisted bigint, unreleased bigint, offer_room integer, open_alerts bigint, total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pattern text := public.folded_pattern(search);
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see intakes.' using errcode = '42501';
  end if;
  return query
  select i.id, i.course_id, c.title, c.university_name, i.term, i.opens_at, i.deadline, i.reply_by,
    i.start_date, i.capacity, i.status, i.release_mode, i.over_offer,
    count(a.id) filter (where a.status <> 'draft'),
    count(a.id) filter (where a.status in ('submitted', 'under_review', 'action_required')),
    count(a.id) filter (where a.status in ('offer_conditional', 'offer_unconditional', 'conditions_pending',
      'accepted', 'enrolled')),
    count(a.id) filter (where a.status in ('conditions_pending', 'accepted', 'enrolled')),
    p.offers_out, p.pending_offers, p.acceptances, p.places_left, p.waitlisted, p.unreleased, p.offer_room,
    (select count(*) from public.place_alerts x where x.intake_id = i.id and x.resolved_at is null),
    count(*) over ()
  from public.intakes i
  join public.courses c on c.id = i.course_id
  cross join lateral public.intake_places(i.id) p
  left join public.applications a on a.intake_id = i.id
  where (status_filter is null or status_filter = '' or i.status = status_filter)
    and (pattern is null or public.fold(c.title || ' ' || c.university_name || ' ' || i.term) like pattern)
  group by i.id, c.id, p.offers_out, p.pending_offers, p.acceptances, p.places_left, p.waitlisted, p.unreleased,
    p.offer_room
  order by (i.status in ('open', 'closed')) desc, i.deadline, c.title, i.id
  limit least(greatest(coalesce(page_size, 25), 1), 100) offset greatest(coalesce(page_offset, 0), 0);
end
$$;
revoke execute on function public.admin_intakes(text, text, integer, integer) from public, anon;
grant execute on function public.admin_intakes(text, text, integer, integer) to authenticated, service_role;

-- An intake's life: draft → open ⇄ closed → decisions_published → archived. Publishing decisions
-- goes through publish_decisions, which waits until no application on the intake still waits for
-- one, so every applicant hears together.
create or replace function public.set_intake_status(intake_id uuid, to_status text)
returns public.intakes
language plpgsql security definer
set search_path = ''
as $$
declare
  intake public.intakes;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators change an intake''s status.' using errcode = '42501';
  end if;
  select * into intake from public.intakes i where i.id = set_intake_status.intake_id for update;
  if not found then
    raise exception 'Intake not found.' using errcode = 'P0002';
  end if;
  if to_status is null or (intake.status, to_status) not in (('draft', 'open'), ('open', 'closed'),
    ('closed', 'open'), ('closed', 'decisions_published'), ('decisions_published', 'archived'),
    ('draft', 'archived')) then
    raise exception 'An intake cannot move from % to %.', intake.status, coalesce(to_status, 'nothing')
      using errcode = 'P0001';
  end if;
  if to_status = 'decisions_published' then
    perform public.publish_decisions(intake.id);
    select * into intake from public.intakes i where i.id = set_intake_status.intake_id;
    return intake;
  end if;
  update public.intakes i set status = to_status where i.id = intake.id returning * into intake;
  return intake;
end
$$;
revoke execute on function public.set_intake_status(uuid, text) from public, anon;
grant execute on function public.set_intake_status(uuid, text) to authenticated, service_role;

-- The triage queue's bulk action: give the chosen submissions a reviewer and/or move them to review,
-- all or nothing, on the applications as they are now. Answers how many applications changed.
create or replace function public.triage_applications(application_ids uuid[], assignee uuid default null,
  start_review boolean default false)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  target uuid;
  changed integer := 0;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff triage applications.' using errcode = '42501';
  end if;
  if coalesce(cardinality(application_ids), 0) = 0 then
    raise exception 'Choose at least one application.' using errcode = '22023';
  end if;
  if cardinality(application_ids) > 200 then
    raise exception 'Choose at most 200 applications at a time.' using errcode = '22023';
  end if;
  if assignee is null and not coalesce(start_review, false) then
    raise exception 'Choose a reviewer or the move to review.' using errcode = '22023';
  end if;
  foreach target in array (select array_agg(distinct t) from unnest(application_ids) t) loop
    if assignee is not null then
      perform public.assign_application(target, assignee,
        (select a.version from public.applications a where a.id = target));
    end if;
    if start_review then
      perform public.transition_application(target, 'under_review',
        (select a.version from public.applications a where a.id = target), 'Review started.');
    end if;
    changed := changed + 1;
  end loop;
  return changed;
end
$$;
revoke execute on function public.triage_applications(uuid[], uuid, boolean) from public, anon;
grant execute on function public.triage_applications(uuid[], uuid, boolean) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Applicants' contacts and the review queue.

-- Staff reach applicants by e-mail: the review queue shows and searches the addresses of people who
-- have submitted an application. Nobody else's address is reachable, and only staff may ask.
create or replace function public.applicant_emails(applicant_ids uuid[])
returns table (id uuid, email text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see applicants'' e-mail addresses.' using errcode = '42501';
  end if;
  return query
  select u.id, u.email::text from auth.users u
  where u.id = any(applicant_ids[1:500])
    and exists (select 1 from public.applications a where a.applicant_id = u.id and a.status <> 'draft');
end
$$;

-- Applicants whose address contains the text (at most 50), for the queue's search box.
create or replace function public.search_applicant_ids(search text)
returns setof uuid
language plpgsql stable security definer
set search_path = ''
as $$
declare
  needle text := public.fold(btrim(coalesce(search, '')));
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff search applicants.' using errcode = '42501';
  end if;
  if char_length(needle) < 3 or char_length(needle) > 254 then
    return;
  end if;
  return query
  select u.id from auth.users u
  where strpos(public.fold(u.email), needle) > 0
    and exists (select 1 from public.applications a where a.applicant_id = u.id and a.status <> 'draft')
  order by u.email
  limit 50;
end
$$;

revoke execute on function public.applicant_emails(uuid[]), public.search_applicant_ids(text) from public, anon;
grant execute on function public.applicant_emails(uuid[]), public.search_applicant_ids(text)
  to authenticated, service_role;

-- The review queue's status links: how many submitted applications of each status match the queue's
-- filters, under the same searches as its list (applicant_ids: applicants found some other way,
-- counted too), in one query rather than one count per status. It runs with the caller's rights, so
-- row-level security decides what is counted exactly as it decides what the queue lists.
create or replace function public.review_queue_counts(
  search text default null,
  applicant_ids uuid[] default null,
  course_search text default null,
  intake_search text default null,
  assignee uuid default null,
  unassigned boolean default false
)
returns table (status text, total bigint)
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  searching boolean := public.folded_pattern(search) is not null;
  narrowed boolean := public.folded_pattern(course_search) is not null or public.folded_pattern(intake_search) is not null;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff count the review queue.' using errcode = '42501';
  end if;
  return query
  select a.status, count(*)
  from public.applications a
  where a.status <> 'draft'
    and (not (searching or narrowed)
      or a.id in (select public.staff_application_ids(search, course_search, intake_search))
      or (searching and a.applicant_id = any(coalesce(review_queue_counts.applicant_ids, '{}'))
        and (not narrowed or a.id in (select public.staff_application_ids(null, course_search, intake_search)))))
    and (not coalesce(review_queue_counts.unassigned, false) or a.assigned_to is null)
    and (review_queue_counts.assignee is null or a.assigned_to = review_queue_counts.assignee)
  group by a.status
  order by a.status;
end
$$;

revoke execute on function public.review_queue_counts(text, uuid[], text, text, uuid, boolean) from public, anon;
grant execute on function public.review_queue_counts(text, uuid[], text, text, uuid, boolean)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Staff searches. Every search staff type ignores accents and case: both sides of each comparison
-- go through public.fold(), and trigram indexes on the folded text keep them quick. Searches return
-- the table's rows, so the app keeps choosing columns, embeds, filters, order and pages.

-- The applications a member of staff finds by the queue's searches: `search` in the reference, the
-- name given in the answers, the applicant's profile name or e-mail address; `course_search` in the
-- course title or university name; `intake_search` in the term. Blank searches match everything.
-- Runs with the caller's rights: row-level security decides what is found, as for the table itself.
create or replace function public.staff_application_ids(search text default null,
  course_search text default null, intake_search text default null)
returns setof uuid
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  needle text := public.folded_pattern(search);
  course_needle text := public.folded_pattern(course_search);
  intake_needle text := public.folded_pattern(intake_search);
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff search applications.' using errcode = '42501';
  end if;
  return query
  select a.id from public.applications a
  where (needle is null or a.id in (
      select m.id from public.applications m
      where public.fold(coalesce(m.reference, '') || ' ' || coalesce(m.answers -> 'personal' ->> 'full_name', ''))
        like needle
      union
      select m.id from public.applications m
      where m.applicant_id in (select p.id from public.profiles p where public.fold(p.full_name) like needle)
      union
      select m.id from public.applications m
      where m.applicant_id in (select public.search_applicant_ids(search))))
    and (course_needle is null or exists (
      select 1 from public.courses c where c.id = a.course_id
        and (public.fold(c.title) like course_needle or public.fold(c.university_name) like course_needle)))
    and (intake_needle is null or exists (
      select 1 from public.intakes i where i.id = a.intake_id and public.fold(i.term) like intake_needle));
end
$$;

-- The same applications as rows, for the queue and triage lists to select, filter, order and page
-- like the table (supabase-js: .rpc('staff_search_applications', {...}).select(...)).
create or replace function public.staff_search_applications(search text default null,
  course_search text default null, intake_search text default null)
returns setof public.applications
language sql stable security invoker
set search_path = ''
as $$
  select a.* from public.applications a
  where a.id in (select public.staff_application_ids(search, course_search, intake_search))
$$;
-- Decisions on the applications the same search finds, for the list of unreleased decisions. Like
-- the table, it shows anyone but staff nothing.
create or replace function public.staff_search_decisions(search text default null)
returns setof public.application_decisions
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  if not public.is_staff() then
    return;
  end if;
  return query
  select d.* from public.application_decisions d
  where d.application_id in (select public.staff_application_ids(search));
end
$$;
revoke execute on function public.staff_application_ids(text, text, text),
  public.staff_search_applications(text, text, text), public.staff_search_decisions(text) from public, anon;
grant execute on function public.staff_application_ids(text, text, text),
  public.staff_search_applications(text, text, text), public.staff_search_decisions(text)
  to authenticated, service_role;

-- Leads whose name or e-mail address contains the text. Staff only, through the leads policies.
create or replace function public.staff_search_leads(search text default null)
returns setof public.leads
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  needle text := public.folded_pattern(search);
begin
  return query
  select l.* from public.leads l
  where needle is null or public.fold(coalesce(l.name, '') || ' ' || coalesce(l.email, '')) like needle;
end
$$;
revoke execute on function public.staff_search_leads(text) from public, anon;
grant execute on function public.staff_search_leads(text) to authenticated, service_role;

-- Universities whose name contains the text, for the catalogue screen; the universities policies
-- decide which (administrators see unpublished ones too).
create or replace function public.staff_search_universities(search text default null)
returns setof public.universities
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  needle text := public.folded_pattern(search);
begin
  return query
  select u.* from public.universities u where needle is null or public.fold(u.name) like needle;
end
$$;
revoke execute on function public.staff_search_universities(text) from public, anon;
grant execute on function public.staff_search_universities(text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The audit log, labelled.

-- audit_entries() answers administrators with the log already labelled by the database: who acted
-- by name, what the record is (an application by its UP-… reference, a university or course by name,
-- "Decision on UP-…"), and the people, applications, courses and reasons inside the values by name
-- instead of their ids. Filters: record type, person, a search, days; pages by offset (with the
-- total) or after an entry (for exports, without the total).

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
    when 'duplicate_dismissals' then found_id := null;
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
    when 'duplicate_dismissals' then
      return 'Not a duplicate: ' || coalesce(app_reference, 'an application') || ' and '
        || coalesce(public.audit_application_label((recorded ->> 'other_application_id')::uuid), 'another application');
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
    when 'scholarships' then
      return coalesce((select s.name from public.scholarships s where s.id = record_id), recorded ->> 'name',
        'a deleted scholarship');
    when 'living_costs' then
      return coalesce((select c.city || ' (' || c.country_code || ')' from public.living_costs c where c.id = record_id),
        (recorded ->> 'city') || ' (' || (recorded ->> 'country_code') || ')', 'a deleted living cost');
    when 'message_templates' then
      return coalesce((select t.description from public.message_templates t where t.key = entity_id),
        entity_id);
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
-- e-mail), the record (its label, an application's reference) or the applicant an entry's
-- application belongs to (name or e-mail), ignoring accents and case. Pages of at most 1,000: by offset
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
      or (m.application is not null and exists (select 1 from public.applications a
        left join public.profiles p on p.id = a.applicant_id
        left join auth.users u on u.id = a.applicant_id
        where a.id = m.application and (public.fold(coalesce(a.answers #>> '{personal,full_name}', '')) like needle
          or public.fold(coalesce(p.full_name, '')) like needle or public.fold(coalesce(u.email, '')) like needle)))
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

-- ---------------------------------------------------------------------------------------------
-- Who opened which document. Staff open an applicant's file through the app (/admin/documents/<id>),
-- which signs a short storage link at that moment, so a link on a page never dies; every opening is
-- kept here. Administrators read the log; the staff who opened a file see their own openings.
create table public.document_openings (
  id bigint generated always as identity primary key,
  document_id uuid not null references public.application_documents (id) on delete cascade,
  application_id uuid not null references public.applications (id) on delete cascade,
  opened_by uuid references auth.users (id) on delete set null,
  opened_at timestamptz not null default now()
);
create index document_openings_document_idx on public.document_openings (document_id, opened_at);
create index document_openings_application_idx on public.document_openings (application_id);
create index document_openings_opened_by_idx on public.document_openings (opened_by);
alter table public.document_openings enable row level security;
revoke all on public.document_openings from anon, authenticated;
grant select on public.document_openings to authenticated;
create policy document_openings_select on public.document_openings
  for select to authenticated
  using ((select public.has_role('admin')) or ((select public.is_staff()) and opened_by = (select auth.uid())));

-- A member of staff opens a document: the opening is recorded and its storage path returned for the
-- app to sign with the caller's own token (the storage policy still decides).
create or replace function public.open_application_document(document_id uuid)
returns table (storage_path text, file_name text)
language plpgsql security definer
set search_path = ''
as $$
declare
  doc public.application_documents;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff open applicants'' documents.' using errcode = '42501';
  end if;
  select * into doc from public.application_documents d where d.id = open_application_document.document_id;
  if not found then
    raise exception 'That document was not found.' using errcode = 'P0002';
  end if;
  insert into public.document_openings (document_id, application_id, opened_by)
  values (doc.id, doc.application_id, auth.uid());
  return query select doc.storage_path, doc.file_name;
end
$$;
revoke execute on function public.open_application_document(uuid) from public, anon;
grant execute on function public.open_application_document(uuid) to authenticated, service_role;

-- How often each document of an application was opened, and by whom last, for the review screen.
create or replace function public.document_openings_of(application_id uuid)
returns table (document_id uuid, openings bigint, last_opened_at timestamptz, last_opened_by text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see who opened documents.' using errcode = '42501';
  end if;
  return query
  select o.document_id, count(*), max(o.opened_at),
    (select public.person_name(l.opened_by) from public.document_openings l
      where l.document_id = o.document_id order by l.opened_at desc, l.id desc limit 1)
  from public.document_openings o
  where o.application_id = document_openings_of.application_id
  group by o.document_id;
end
$$;
revoke execute on function public.document_openings_of(uuid) from public, anon;
grant execute on function public.document_openings_of(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Possible duplicates: another applicant's submitted application that matches on the folded name
-- (accents, case and spacing ignored) with the same date of birth, or on the same phone number
-- (digits only), passport number (letters and digits only, any case) or e-mail mailbox (email_key). Staff see the match on the review screen and a flag in the queue, and can mark a
-- pair "not a duplicate", which is recorded with who said so.
create or replace function public.applicant_name_key(answers jsonb) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select nullif(regexp_replace(public.fold(btrim(coalesce(answers #>> '{personal,full_name}', ''))), '\s+', ' ', 'g'), '')
    || '|' || nullif(answers #>> '{personal,date_of_birth}', '')
$$;
create or replace function public.applicant_phone_key(answers jsonb) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case when char_length(d) >= 7 then d end
  from (select regexp_replace(coalesce(answers #>> '{personal,phone}', ''), '[^0-9]', '', 'g') d) x
$$;
-- A passport number as issued: letters and digits only, upper case; too short to tell people apart: none.
create or replace function public.applicant_passport_key(answers jsonb) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case when char_length(d) >= 5 then d end
  from (select upper(regexp_replace(coalesce(answers #>> '{personal,passport_number}', ''), '[^A-Za-z0-9]', '', 'g')) d) x
$$;
revoke execute on function public.applicant_name_key(jsonb), public.applicant_phone_key(jsonb),
  public.applicant_passport_key(jsonb) from public, anon;
create index applications_name_key_idx on public.applications (public.applicant_name_key(answers))
  where status <> 'draft';
create index applications_phone_key_idx on public.applications (public.applicant_phone_key(answers))
  where status <> 'draft';
create index applications_passport_key_idx on public.applications (public.applicant_passport_key(answers))
  where status <> 'draft';
create index applications_email_key_idx on public.applications (applicant_email_key) where status <> 'draft';

create table public.duplicate_dismissals (
  id bigint generated always as identity primary key,
  -- The pair in a fixed order (the smaller id first), so one row answers both ways.
  application_id uuid not null references public.applications (id) on delete cascade,
  other_application_id uuid not null references public.applications (id) on delete cascade,
  dismissed_by uuid references auth.users (id) on delete set null,
  dismissed_at timestamptz not null default now(),
  unique (application_id, other_application_id),
  check (application_id < other_application_id)
);
create index duplicate_dismissals_other_idx on public.duplicate_dismissals (other_application_id);
create index duplicate_dismissals_by_idx on public.duplicate_dismissals (dismissed_by);
alter table public.duplicate_dismissals enable row level security;
revoke all on public.duplicate_dismissals from anon, authenticated;
grant select on public.duplicate_dismissals to authenticated;
create policy duplicate_dismissals_select_staff on public.duplicate_dismissals
  for select to authenticated using ((select public.is_staff()));
create trigger duplicate_dismissals_audit after insert on public.duplicate_dismissals
  for each row execute function public.audit_staff_change();

-- The other applicants' applications an application may duplicate, with what matched.
create or replace function public.possible_duplicates(application_id uuid)
returns table (other_id uuid, reference text, applicant_name text, status text, matched_on text[])
language plpgsql stable security definer
set search_path = ''
as $$
declare
  app public.applications;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see possible duplicates.' using errcode = '42501';
  end if;
  select * into app from public.applications a where a.id = possible_duplicates.application_id;
  if not found then
    return;
  end if;
  return query
  select o.id, o.reference, coalesce(nullif(btrim(o.answers #>> '{personal,full_name}'), ''), 'an applicant'), o.status,
    array_remove(array[
      case when public.applicant_name_key(o.answers) = public.applicant_name_key(app.answers) then 'name and date of birth' end,
      case when public.applicant_phone_key(o.answers) = public.applicant_phone_key(app.answers) then 'phone number' end,
      case when public.applicant_passport_key(o.answers) = public.applicant_passport_key(app.answers) then 'passport number' end,
      case when o.applicant_email_key = app.applicant_email_key then 'e-mail address' end], null)
  from public.applications o
  where o.status <> 'draft' and o.applicant_id <> app.applicant_id
    and (public.applicant_name_key(o.answers) = public.applicant_name_key(app.answers)
      or public.applicant_phone_key(o.answers) = public.applicant_phone_key(app.answers)
      or public.applicant_passport_key(o.answers) = public.applicant_passport_key(app.answers)
      or o.applicant_email_key = app.applicant_email_key)
    and not exists (select 1 from public.duplicate_dismissals x
      where x.application_id = least(o.id, app.id) and x.other_application_id = greatest(o.id, app.id))
  order by o.submitted_at, o.id;
end
$$;
revoke execute on function public.possible_duplicates(uuid) from public, anon;
grant execute on function public.possible_duplicates(uuid) to authenticated, service_role;

-- Which of these applications (a queue page) have at least one possible duplicate.
create or replace function public.flag_possible_duplicates(application_ids uuid[])
returns setof uuid
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see possible duplicates.' using errcode = '42501';
  end if;
  return query
  select a.id from public.applications a
  where a.id = any (application_ids[1:200]) and exists (select 1 from public.possible_duplicates(a.id));
end
$$;
revoke execute on function public.flag_possible_duplicates(uuid[]) from public, anon;
grant execute on function public.flag_possible_duplicates(uuid[]) to authenticated, service_role;

-- Staff say two applications are not the same person; the flag goes from both.
create or replace function public.dismiss_duplicate(application_id uuid, other_id uuid)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff handle possible duplicates.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.possible_duplicates(dismiss_duplicate.application_id) d where d.other_id = dismiss_duplicate.other_id) then
    raise exception 'Those applications are not flagged as possible duplicates.' using errcode = 'P0001';
  end if;
  insert into public.duplicate_dismissals (application_id, other_application_id, dismissed_by)
  values (least(dismiss_duplicate.application_id, other_id), greatest(dismiss_duplicate.application_id, other_id), auth.uid())
  on conflict do nothing;
end
$$;
revoke execute on function public.dismiss_duplicate(uuid, uuid) from public, anon;
grant execute on function public.dismiss_duplicate(uuid, uuid) to authenticated, service_role;
