-- The reports read one narrow row per application (its cycle, course, university, level, field, the
-- applicant's nationality and residence, and the moment it reached each step) from a table the
-- database keeps as applications, profiles, courses and intakes change, instead of joining four wide
-- tables each time; and they read each cycle's rows in as few passes as they can: the funnel, the
-- funnel per course and intake, levels, fields and open assignments in one grouped pass; applicants by
-- nationality and residence in one; time to decision overall, by month and by course in one; the
-- work of each person in one. A caller may ask for some reports only (`sections`), and only what
-- those need is read.

create table public.application_facts (
  id uuid primary key references public.applications (id) on delete cascade,
  applicant_id uuid not null,
  course_id uuid not null,
  intake_id uuid not null,
  university_id uuid not null,
  -- The calendar year the intake starts in.
  cycle integer not null,
  level text,
  field text,
  -- The profile's nationality, else the one the application gave.
  nationality text,
  residence text,
  status text not null,
  assigned_to uuid,
  created_at timestamptz not null,
  submitted_at timestamptz,
  reached_review_at timestamptz,
  first_decision_at timestamptz,
  first_offer_at timestamptz,
  accepted_offer_at timestamptz,
  enrolled_at timestamptz
);
create index application_facts_cycle_idx on public.application_facts (cycle);
-- Read only by the report functions (security definer); nobody reads or writes it through the API.
alter table public.application_facts enable row level security;
revoke all on public.application_facts from public, anon, authenticated, service_role;

-- Writes the facts of the applications `ids` (every application when null) as they stand now.
create or replace function public.refresh_application_facts(ids uuid[]) returns void
language plpgsql security definer
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
begin
  if ids is null then
    delete from public.application_facts f where not exists (select from public.applications a where a.id = f.id);
  end if;
  insert into public.application_facts as f (id, applicant_id, course_id, intake_id, university_id, cycle, level,
    field, nationality, residence, status, assigned_to, created_at, submitted_at, reached_review_at,
    first_decision_at, first_offer_at, accepted_offer_at, enrolled_at)
  select a.id, a.applicant_id, a.course_id, a.intake_id, c.university_id, extract(year from i.start_date)::integer,
    c.level, c.field, coalesce(p.nationality, nullif(a.answers #>> '{personal,nationality}', '')), p.country,
    a.status, a.assigned_to, a.created_at, a.submitted_at, a.reached_review_at, a.first_decision_at,
    a.first_offer_at, a.accepted_offer_at, a.enrolled_at
  from public.applications a
  join public.intakes i on i.id = a.intake_id
  join public.courses c on c.id = a.course_id
  left join public.profiles p on p.id = a.applicant_id
  where ids is null or a.id = any (ids)
  on conflict (id) do update set applicant_id = excluded.applicant_id, course_id = excluded.course_id,
    intake_id = excluded.intake_id, university_id = excluded.university_id, cycle = excluded.cycle,
    level = excluded.level, field = excluded.field, nationality = excluded.nationality,
    residence = excluded.residence, status = excluded.status, assigned_to = excluded.assigned_to,
    created_at = excluded.created_at, submitted_at = excluded.submitted_at,
    reached_review_at = excluded.reached_review_at, first_decision_at = excluded.first_decision_at,
    first_offer_at = excluded.first_offer_at, accepted_offer_at = excluded.accepted_offer_at,
    enrolled_at = excluded.enrolled_at;
end
$$;
revoke execute on function public.refresh_application_facts(uuid[]) from public, anon, authenticated, service_role;

create or replace function public.keep_application_facts() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  row_ record := case when tg_op = 'DELETE' then old else new end;
begin
  if tg_table_name = 'applications' then
    perform public.refresh_application_facts(array[new.id]);
  elsif tg_table_name = 'profiles' then
    perform public.refresh_application_facts(array(select a.id from public.applications a where a.applicant_id = row_.id));
  elsif tg_table_name = 'courses' then
    perform public.refresh_application_facts(array(select a.id from public.applications a where a.course_id = new.id));
  elsif tg_table_name = 'intakes' then
    perform public.refresh_application_facts(array(select a.id from public.applications a where a.intake_id = new.id));
  end if;
  return null;
end
$$;
revoke execute on function public.keep_application_facts() from public, anon, authenticated, service_role;

create trigger applications_facts_insert after insert on public.applications
  for each row execute function public.keep_application_facts();
create trigger applications_facts after update on public.applications
  for each row when ((old.applicant_id, old.course_id, old.intake_id, old.status, old.assigned_to, old.created_at,
      old.submitted_at, old.reached_review_at, old.first_decision_at, old.first_offer_at, old.accepted_offer_at,
      old.enrolled_at, old.answers #>> '{personal,nationality}')
    is distinct from (new.applicant_id, new.course_id, new.intake_id, new.status, new.assigned_to, new.created_at,
      new.submitted_at, new.reached_review_at, new.first_decision_at, new.first_offer_at, new.accepted_offer_at,
      new.enrolled_at, new.answers #>> '{personal,nationality}'))
  execute function public.keep_application_facts();
create trigger profiles_application_facts after insert or delete or update of nationality, country on public.profiles
  for each row execute function public.keep_application_facts();
create trigger courses_application_facts after update of university_id, level, field on public.courses
  for each row when ((old.university_id, old.level, old.field) is distinct from (new.university_id, new.level, new.field))
  execute function public.keep_application_facts();
create trigger intakes_application_facts after update of start_date on public.intakes
  for each row when (old.start_date is distinct from new.start_date)
  execute function public.keep_application_facts();

-- Rows written with triggers off (a migration's backfill, a bulk seed) are caught up here too.
create or replace function public.backfill_application_steps() returns void
language sql
set search_path = ''
as $$
  update public.applications a set reached_review_at = h.reviewed, accepted_offer_at = h.accepted,
    enrolled_at = h.enrolled
  from (select h.application_id,
      min(h.created_at) filter (where h.to_status = 'under_review') reviewed,
      min(h.created_at) filter (where h.to_status in ('conditions_pending', 'accepted', 'enrolled')) accepted,
      min(h.created_at) filter (where h.to_status = 'enrolled') enrolled
    from public.application_status_history h group by h.application_id) h
  where h.application_id = a.id;
  update public.applications a set first_decision_at = d.decided, first_offer_at = d.offered
  from (select d.application_id, min(d.released_at) decided,
      min(d.released_at) filter (where d.outcome in ('offer_conditional', 'offer_unconditional')) offered
    from public.application_decisions d where d.state = 'released' group by d.application_id) d
  where d.application_id = a.id;
  select public.refresh_application_facts(null);
$$;
revoke execute on function public.backfill_application_steps() from public, anon, authenticated, service_role;

select public.refresh_application_facts(null);

-- The reports read the facts table themselves now (below), with their filters planned as constants.
drop function public.report_applications(jsonb, integer, timestamptz, boolean);

-- Every report for the filters: {cycle, previous_cycle, as_of, options} and, for each section asked
-- for (all when `sections` is not given): funnel {funnel, by_course}; time_to_decision
-- {time_to_decision, waiting}; applicants {nationality, residence, level, field}; staff {weeks, staff,
-- open_work}. Filters: cycle, intake, course, university, level, nationality, from and to (the day
-- the application was started), as_of, sections. `everything` counts every university, for the weekly
-- summary that administrators receive; else the caller's universities.
create or replace function public.report_figures(filters jsonb, everything boolean) returns jsonb
language plpgsql stable security definer
set search_path = ''
set jit = off
set plan_cache_mode = force_custom_plan
set work_mem = '64MB'
as $$
declare
  as_of timestamptz := coalesce((filters->>'as_of')::timestamptz, now());
  year_ago timestamptz := as_of - interval '1 year';
  year_ integer := coalesce((filters->>'cycle')::integer,
    (select extract(year from min(i.start_date))::integer from public.intakes i where i.start_date >= as_of::date),
    extract(year from as_of)::integer);
  -- The scope and the filters, worked out once, so that the query is planned with them as constants.
  sees_all boolean := everything or public.staff_sees_all();
  covered uuid[] := case when sees_all then '{}' else array(select public.staff_course_ids()) end;
  only_intake uuid := (filters->>'intake')::uuid;
  only_course uuid := (filters->>'course')::uuid;
  only_university uuid := (filters->>'university')::uuid;
  only_level text := filters->>'level';
  only_nationality text := filters->>'nationality';
  started_from date := (filters->>'from')::date;
  started_to date := (filters->>'to')::date;
  sections text[];
  want_funnel boolean;
  want_timing boolean;
  want_applicants boolean;
  want_staff boolean;
  first_week date := (date_trunc('week', as_of) - interval '49 days')::date;
  result jsonb;
begin
  -- Malformed ids and dates are refused before anything is read, whatever the data.
  perform (filters->>'intake')::uuid, (filters->>'course')::uuid, (filters->>'university')::uuid,
    (filters->>'from')::date, (filters->>'to')::date;
  if year_ not between 2000 and 2100 then
    raise exception 'Choose a cycle between 2000 and 2100.' using errcode = '22023';
  end if;
  if filters ? 'sections' then
    if jsonb_typeof(filters->'sections') <> 'array' then
      raise exception 'Sections are a list: funnel, time_to_decision, applicants, staff.' using errcode = '22023';
    end if;
    sections := array(select jsonb_array_elements_text(filters->'sections'));
    if not sections <@ array['funnel', 'time_to_decision', 'applicants', 'staff'] then
      raise exception 'Sections are a list: funnel, time_to_decision, applicants, staff.' using errcode = '22023';
    end if;
  else
    sections := array['funnel', 'time_to_decision', 'applicants', 'staff'];
  end if;
  want_funnel := 'funnel' = any (sections);
  want_timing := 'time_to_decision' = any (sections);
  want_applicants := 'applicants' = any (sections);
  want_staff := 'staff' = any (sections);

  -- A CTE is read only when a section that needs it is; each `case` below leaves the others unread.
  -- Each pass reads the facts afresh (a narrow scan costs less than keeping a copy of them). `scoped`
  -- holds this cycle as of `as_of` and the previous one as of a year earlier (its start-date filter a
  -- year earlier too) that the caller covers and the filters match, each with the moment it reached
  -- each step by then (null when it had not):
  --   started:   the draft was created
  --   submitted: the applicant submitted it
  --   complete:  admissions began reviewing it (documents and fee in order), or decided it
  --   decided:   its first decision was released to the applicant
  --   offered:   its first offer was released
  --   accepted:  the applicant accepted an offer
  --   enrolled:  the applicant enrolled
  with scoped as not materialized (
    select t.cycle = year_ this_cycle, f.id, f.applicant_id, f.course_id, f.intake_id, f.level, f.field,
      f.nationality, f.residence, f.status, f.assigned_to,
      case when f.submitted_at <= t.upto then f.submitted_at end submitted_at,
      case when f.submitted_at <= t.upto then least(
        case when f.reached_review_at <= t.upto then f.reached_review_at end,
        case when f.first_decision_at <= t.upto then f.first_decision_at end) end complete_at,
      case when f.first_decision_at <= t.upto then f.first_decision_at end decided_at,
      case when f.first_offer_at <= t.upto then f.first_offer_at end offered_at,
      case when f.accepted_offer_at <= t.upto then f.accepted_offer_at end accepted_at,
      case when f.enrolled_at <= t.upto then f.enrolled_at end enrolled_at
    from (values (year_, as_of, interval '0'), (year_ - 1, year_ago, interval '1 year')) t (cycle, upto, back)
    join public.application_facts f on f.cycle = t.cycle
    where f.created_at <= t.upto
      and (sees_all or f.course_id = any (covered))
      and (only_intake is null or f.intake_id = only_intake)
      and (only_course is null or f.course_id = only_course)
      and (only_university is null or f.university_id = only_university)
      and (only_level is null or f.level = only_level)
      and (started_from is null or f.created_at >= (started_from - t.back)::date)
      and (started_to is null or f.created_at < (started_to - t.back)::date + 1)
      and (only_nationality is null or f.nationality = only_nationality)
  ), cur as not materialized (
    select * from scoped s where s.this_cycle
  ), prv as not materialized (
    select * from scoped s where not s.this_cycle
  ), counted as materialized (
    -- One pass: the funnel (set 15), per course and intake (3), per level (13) and field (14), and
    -- the open applications assigned to each person (7).
    select grouping(c.course_id, c.intake_id, c.level, c.field) g, grouping(c.assigned_to) ga,
      c.course_id, c.intake_id, c.level, c.field, c.assigned_to,
      count(*) started, count(c.submitted_at) submitted, count(c.complete_at) complete,
      count(c.decided_at) decided, count(c.offered_at) offered, count(c.accepted_at) accepted,
      count(c.enrolled_at) enrolled,
      count(*) filter (where c.status in ('submitted', 'under_review', 'action_required')) open_
    from cur c
    group by grouping sets ((), (c.course_id, c.intake_id), (c.level), (c.field), (c.assigned_to))
  ), counted_before as materialized (
    select grouping(p.course_id, p.level, p.field) g, p.course_id, p.level, p.field,
      count(*) started, count(p.submitted_at) submitted, count(p.complete_at) complete,
      count(p.decided_at) decided, count(p.offered_at) offered, count(p.accepted_at) accepted,
      count(p.enrolled_at) enrolled
    from prv p
    group by grouping sets ((), (p.course_id), (p.level), (p.field))
  ), people as materialized (
    -- Each applicant once per nationality and residence, however many choices they made.
    select x.nationality, x.residence, count(*) filter (where x.this_cycle) cur_n,
      count(*) filter (where not x.this_cycle) prev_n,
      grouping(x.nationality) gn
    from (
      select true this_cycle, c.applicant_id, coalesce(c.nationality, '') nationality, coalesce(c.residence, '') residence
      from cur c where c.submitted_at is not null group by 2, 3, 4
      union all
      select false, p.applicant_id, coalesce(p.nationality, ''), coalesce(p.residence, '')
      from prv p where p.submitted_at is not null group by 2, 3, 4
    ) x
    group by grouping sets ((x.nationality), (x.residence))
  ), timing as materialized (
    -- Days from submission to the first released decision: overall (set 3), by month (1), by course (2).
    select grouping(d.month_, d.course_id) g, d.month_, d.course_id, count(*) n,
      round((percentile_cont(0.5) within group (order by d.d))::numeric, 1) median,
      round((percentile_cont(0.9) within group (order by d.d))::numeric, 1) p90
    from (select c.course_id, date_trunc('month', c.decided_at)::date month_,
        extract(epoch from c.decided_at - c.submitted_at) / 86400 d
      from cur c where c.decided_at is not null and c.submitted_at is not null) d
    group by grouping sets ((), (d.month_), (d.course_id))
  ), timing_before as (
    select count(*) n,
      round((percentile_cont(0.5) within group (order by p.d))::numeric, 1) median,
      round((percentile_cont(0.9) within group (order by p.d))::numeric, 1) p90
    from (select extract(epoch from p.decided_at - p.submitted_at) / 86400 d from prv p
      where p.decided_at is not null and p.submitted_at is not null) p
  ), weeks as (
    select (date_trunc('week', as_of)::date - 7 * g)::date week from generate_series(7, 0, -1) g
  ), work as materialized (
    -- Decisions recommended and reads sent in the last eight weeks, and reads still open, per person.
    select w.person, w.week, sum(w.decisions)::bigint decisions, sum(w.reads)::bigint reads,
      sum(w.open_reads)::bigint open_reads
    from (
      select d.application_id, d.recommended_by person, date_trunc('week', d.recommended_at)::date week,
        1 decisions, 0 reads, 0 open_reads
      from public.application_decisions d
      where d.recommended_by is not null and d.recommended_at <= as_of and d.recommended_at >= first_week
      union all
      select r.application_id, r.reader_id, date_trunc('week', r.submitted_at)::date, 0, 1, 0
      from public.application_reads r
      where r.status = 'submitted' and r.submitted_at <= as_of and r.submitted_at >= first_week
      union all
      select r.application_id, r.reader_id, null, 0, 0, 1
      from public.application_reads r where r.status in ('assigned', 'draft')
    ) w
    join cur c on c.id = w.application_id
    group by 1, 2
  ), breakdown as (
    select 'nationality' dim, p.nationality k, p.cur_n, p.prev_n from people p where p.gn = 0
    union all
    select 'residence', p.residence, p.cur_n, p.prev_n from people p where p.gn = 1
    union all
    select 'level', x.k, sum(x.c)::bigint, sum(x.p)::bigint from (
      select c.level k, c.submitted c, 0 p from counted c where c.g = 13 and c.ga = 1
      union all
      select b.level, 0, b.submitted from counted_before b where b.g = 5
    ) x group by 2
    union all
    select 'field', x.k, sum(x.c)::bigint, sum(x.p)::bigint from (
      select c.field k, c.submitted c, 0 p from counted c where c.g = 14 and c.ga = 1
      union all
      select b.field, 0, b.submitted from counted_before b where b.g = 6
    ) x group by 2
  )
  select jsonb_build_object(
    'cycle', year_,
    'previous_cycle', year_ - 1,
    'as_of', as_of,
    'options', jsonb_build_object(
      'cycles', coalesce((select jsonb_agg(y order by y desc) from (
        select distinct extract(year from i.start_date)::integer y
        from public.intakes i where exists (select 1 from public.applications a where a.intake_id = i.id)) ys), '[]'),
      'universities', coalesce((select jsonb_agg(jsonb_build_object('id', u.id, 'name', u.name) order by u.name)
        from public.universities u
        where everything or public.staff_sees_all() or u.id in (select s.university_id from public.staff_universities s
          where s.user_id = (select auth.uid()))), '[]'))
  )
  || case when want_funnel then jsonb_build_object(
    'funnel', jsonb_build_object(
      'current', coalesce((select jsonb_build_object('started', c.started, 'submitted', c.submitted,
          'complete', c.complete, 'decided', c.decided, 'offered', c.offered,
          'accepted', c.accepted, 'enrolled', c.enrolled) from counted c where c.g = 15 and c.ga = 1),
        -- Grouping sets give the empty set no row when nothing matched.
        jsonb_build_object('started', 0, 'submitted', 0, 'complete', 0, 'decided', 0, 'offered', 0,
          'accepted', 0, 'enrolled', 0)),
      'previous', coalesce((select jsonb_build_object('started', b.started, 'submitted', b.submitted,
          'complete', b.complete, 'decided', b.decided, 'offered', b.offered,
          'accepted', b.accepted, 'enrolled', b.enrolled) from counted_before b where b.g = 7),
        jsonb_build_object('started', 0, 'submitted', 0, 'complete', 0, 'decided', 0, 'offered', 0,
          'accepted', 0, 'enrolled', 0))),
    'by_course', coalesce((
      select jsonb_agg(jsonb_build_object('course_id', t.course_id, 'intake_id', t.intake_id, 'course_title', co.title,
          'university_name', co.university_name, 'term', i.term, 'started', t.started, 'submitted', t.submitted,
          'complete', t.complete, 'decided', t.decided, 'offered', t.offered, 'accepted', t.accepted,
          'enrolled', t.enrolled, 'previous_submitted', coalesce(pc.submitted, 0))
        order by t.started desc, co.title, i.term)
      from (select * from counted g where g.g = 3 and g.ga = 1
        order by g.started desc, g.course_id, g.intake_id limit 200) t
      join public.courses co on co.id = t.course_id
      join public.intakes i on i.id = t.intake_id
      left join counted_before pc on pc.g = 3 and pc.course_id = t.course_id), '[]'))
    else '{}' end
  || case when want_timing then jsonb_build_object(
    'time_to_decision', jsonb_build_object(
      'current', coalesce((select jsonb_build_object('decided', t.n, 'median_days', t.median, 'p90_days', t.p90)
          from timing t where t.g = 3),
        jsonb_build_object('decided', 0, 'median_days', null, 'p90_days', null)),
      'previous', (select jsonb_build_object('decided', t.n, 'median_days', t.median, 'p90_days', t.p90)
        from timing_before t),
      'by_month', coalesce((select jsonb_agg(jsonb_build_object('month', m.month_, 'decided', m.n,
          'median_days', m.median, 'p90_days', m.p90) order by m.month_) from timing m where m.g = 1), '[]'),
      'by_course', coalesce((select jsonb_agg(jsonb_build_object('course_id', m.course_id, 'course_title', co.title,
          'university_name', co.university_name, 'decided', m.n, 'median_days', m.median, 'p90_days', m.p90)
          order by m.n desc, co.title)
        from (select * from timing t where t.g = 2 order by t.n desc, t.course_id limit 100) m
        join public.courses co on co.id = m.course_id), '[]')),
    'waiting', coalesce((select jsonb_agg(jsonb_build_object('id', w.id, 'reference', ap.reference,
        'course_title', co.title, 'university_name', co.university_name, 'status', w.status,
        'submitted_at', w.submitted_at,
        'days', round((extract(epoch from as_of - w.submitted_at) / 86400)::numeric, 1)) order by w.submitted_at, w.id)
      from (select c.id, c.course_id, c.status, c.submitted_at from cur c
        where c.submitted_at is not null and c.decided_at is null
          and c.status in ('submitted', 'under_review', 'action_required')
        order by c.submitted_at, c.id limit 10) w
      join public.applications ap on ap.id = w.id
      join public.courses co on co.id = w.course_id), '[]'))
    else '{}' end
  || case when want_applicants then jsonb_build_object(
    'nationality', coalesce((select jsonb_agg(jsonb_build_object('key', b.k, 'current', b.cur_n, 'previous', b.prev_n)
        order by b.cur_n desc, b.prev_n desc, b.k) from breakdown b where b.dim = 'nationality'), '[]'),
    'residence', coalesce((select jsonb_agg(jsonb_build_object('key', b.k, 'current', b.cur_n, 'previous', b.prev_n)
        order by b.cur_n desc, b.prev_n desc, b.k) from breakdown b where b.dim = 'residence'), '[]'),
    'level', coalesce((select jsonb_agg(jsonb_build_object('key', b.k, 'current', b.cur_n, 'previous', b.prev_n)
        order by b.cur_n desc, b.prev_n desc, b.k) from breakdown b where b.dim = 'level'), '[]'),
    'field', coalesce((select jsonb_agg(jsonb_build_object('key', b.k, 'current', b.cur_n, 'previous', b.prev_n)
        order by b.cur_n desc, b.prev_n desc, b.k) from breakdown b where b.dim = 'field'), '[]'))
    else '{}' end
  || case when want_staff then jsonb_build_object(
    'weeks', (select jsonb_agg(w.week order by w.week) from weeks w),
    'staff', coalesce((select jsonb_agg(jsonb_build_object('person', s.person, 'email', u.email, 'week', s.week,
        'decisions', s.decisions, 'reads', s.reads) order by u.email, s.week)
      from work s left join auth.users u on u.id = s.person
      where s.week is not null), '[]'),
    'open_work', coalesce((select jsonb_agg(jsonb_build_object('person', o.person, 'email', u.email,
        'open_reads', o.open_reads, 'assigned', o.assigned) order by o.open_reads + o.assigned desc, u.email)
      from (select x.person, sum(x.open_reads)::bigint open_reads, sum(x.assigned)::bigint assigned from (
          select w.person, w.open_reads, 0 assigned from work w where w.week is null
          union all
          select c.assigned_to, 0, c.open_ from counted c where c.ga = 0 and c.assigned_to is not null and c.open_ > 0
        ) x group by 1) o
      left join auth.users u on u.id = o.person), '[]'))
    else '{}' end
  into result;
  return result;
end
$$;
revoke execute on function public.report_figures(jsonb, boolean) from public, anon, authenticated;

-- Composes the summaries due (each administrator's first, then one every 7 days), returns how many.
-- Any number of servers may run it at once: each administrator's row is taken once. The figures are
-- the same for everyone, so they are read once per run, and only the two reports the summary lists.
create or replace function public.compose_weekly_summaries(at_ timestamptz default now()) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  person record;
  cur jsonb;
  wk jsonb;
  lines text[];
  event_id bigint;
  composed integer := 0;
  failure text;
  step record;
  sections jsonb := '["funnel", "time_to_decision"]';
begin
  for person in
    select s.user_id from public.staff_notification_settings s
    where s.weekly_summary and (s.last_summary_at is null or s.last_summary_at <= at_ - interval '7 days')
      and exists (select 1 from public.user_roles r where r.user_id = s.user_id and r.role = 'admin')
    for update of s skip locked
  loop
    update public.staff_notification_settings s set last_summary_at = at_ where s.user_id = person.user_id;
    begin
      if cur is null then
        cur := public.report_figures(jsonb_build_object('as_of', at_, 'sections', sections), true);
        wk := public.report_figures(jsonb_build_object('as_of', at_ - interval '7 days', 'cycle', cur->'cycle',
          'sections', sections), true);
      end if;
      lines := '{}';
      for step in select * from (values ('started', 'Started'), ('submitted', 'Submitted'), ('complete', 'Complete'),
          ('decided', 'Decided'), ('offered', 'Offered'), ('accepted', 'Accepted'), ('enrolled', 'Enrolled')) x (k, label)
      loop
        lines := lines || public.summary_line(step.label, cur->'funnel'->'current'->step.k,
          wk->'funnel'->'current'->step.k, cur->'funnel'->'previous'->step.k);
      end loop;
      lines := lines || public.summary_line('Median days to a decision', cur->'time_to_decision'->'current'->'median_days',
        wk->'time_to_decision'->'current'->'median_days', cur->'time_to_decision'->'previous'->'median_days');
      lines := lines || public.summary_line('90th percentile days to a decision',
        cur->'time_to_decision'->'current'->'p90_days', wk->'time_to_decision'->'current'->'p90_days',
        cur->'time_to_decision'->'previous'->'p90_days');
      insert into public.notification_events (recipient_id, application_id, template_key, fields)
      values (person.user_id, null, 'weekly_summary', jsonb_build_object(
        'recipient_name', coalesce((select nullif(btrim(p.full_name), '') from public.profiles p where p.id = person.user_id), 'there'),
        'site_url', (select st.site_url from public.admissions_settings st),
        'cycle', cur->>'cycle',
        'previous_cycle', cur->>'previous_cycle',
        'week_of', to_char(at_ at time zone 'UTC', 'FMDD FMMonth YYYY'),
        'figures', array_to_string(lines, E'\n'),
        'figures_html', '<ul><li>' || array_to_string(array(select public.escape_html(l) from unnest(lines) l), '</li><li>')
          || '</li></ul>'))
      returning id into event_id;
      perform public.compose_message(person.user_id, null, array[event_id], 'staff_digest');
      composed := composed + 1;
    exception when others then
      failure := sqlerrm;
      perform public.record_job_failure('digest', 'weekly-summary:' || person.user_id, person.user_id, null, failure);
    end;
  end loop;
  return composed;
end
$$;
revoke execute on function public.compose_weekly_summaries(timestamptz) from public, anon, authenticated;
grant execute on function public.compose_weekly_summaries(timestamptz) to service_role;
