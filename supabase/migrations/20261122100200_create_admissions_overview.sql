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

-- Intakes with the demand against them, soonest deadline first, filtered by status and a search on
-- the course, university or term.
create or replace function public.admin_intakes(status_filter text default null, search text default null,
  page_size integer default 25, page_offset integer default 0)
returns table (id uuid, course_id uuid, course_title text, university_name text, term text,
  opens_at date, deadline date, reply_by date, start_date date, capacity integer, status text,
  applications bigint, awaiting_decision bigint, offers bigint, accepted bigint, total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pattern text := '%' || replace(replace(replace(lower(btrim(coalesce(search, ''))), '\', '\\'), '%', '\%'),
    '_', '\_') || '%';
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see intakes.' using errcode = '42501';
  end if;
  return query
  select i.id, i.course_id, c.title, c.university_name, i.term, i.opens_at, i.deadline, i.reply_by,
    i.start_date, i.capacity, i.status,
    count(a.id) filter (where a.status <> 'draft'),
    count(a.id) filter (where a.status in ('submitted', 'under_review', 'action_required')),
    count(a.id) filter (where a.status in ('offer_conditional', 'offer_unconditional', 'accepted', 'enrolled')),
    count(a.id) filter (where a.status in ('accepted', 'enrolled')),
    count(*) over ()
  from public.intakes i
  join public.courses c on c.id = i.course_id
  left join public.applications a on a.intake_id = i.id
  where (status_filter is null or status_filter = '' or i.status = status_filter)
    and (pattern = '%%' or lower(c.title || ' ' || c.university_name || ' ' || i.term) like pattern)
  group by i.id, c.id
  order by (i.status in ('open', 'closed')) desc, i.deadline, c.title, i.id
  limit least(greatest(coalesce(page_size, 25), 1), 100) offset greatest(coalesce(page_offset, 0), 0);
end
$$;
revoke execute on function public.admin_intakes(text, text, integer, integer) from public, anon;
grant execute on function public.admin_intakes(text, text, integer, integer) to authenticated, service_role;

-- An intake's life: draft → open ⇄ closed → decisions_published → archived. Decisions are published
-- only when no application on the intake still waits for one, so every applicant hears together.
create or replace function public.set_intake_status(intake_id uuid, to_status text)
returns public.intakes
language plpgsql security definer
set search_path = ''
as $$
declare
  intake public.intakes;
  waiting bigint;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators change an intake''s status.' using errcode = '42501';
  end if;
  select * into intake from public.intakes i where i.id = set_intake_status.intake_id for update;
  if not found then
    raise exception 'Intake not found.' using errcode = 'P0002';
  end if;
  if (intake.status, to_status) not in (('draft', 'open'), ('open', 'closed'), ('closed', 'open'),
    ('closed', 'decisions_published'), ('decisions_published', 'archived'), ('draft', 'archived')) then
    raise exception 'An intake cannot move from % to %.', intake.status, coalesce(to_status, 'nothing')
      using errcode = 'P0001';
  end if;
  if to_status = 'decisions_published' then
    select count(*) into waiting from public.applications a
    where a.intake_id = intake.id and a.status in ('submitted', 'under_review', 'action_required');
    if waiting > 0 then
      raise exception '% application(s) on this intake still await a decision.', waiting using errcode = 'P0001';
    end if;
  end if;
  update public.intakes i set status = to_status where i.id = intake.id returning * into intake;
  return intake;
end
$$;
revoke execute on function public.set_intake_status(uuid, text) from public, anon;
grant execute on function public.set_intake_status(uuid, text) to authenticated, service_role;

-- The triage queue's bulk action: give the chosen submissions a reviewer and/or move them to review,
-- all or nothing. Answers how many applications changed.
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
      perform public.assign_application(target, assignee);
    end if;
    if start_review then
      perform public.transition_application(target, 'under_review', 'Review started.');
    end if;
    changed := changed + 1;
  end loop;
  return changed;
end
$$;
revoke execute on function public.triage_applications(uuid[], uuid, boolean) from public, anon;
grant execute on function public.triage_applications(uuid[], uuid, boolean) to authenticated, service_role;
