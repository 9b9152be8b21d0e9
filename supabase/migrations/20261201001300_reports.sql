-- Reports: the figures an admissions office runs its year on. A cycle is named by the calendar
-- year its intakes start in. Every figure can be read as of a moment, so this cycle today is set
-- beside the previous cycle on the same date a year ago. Staff see only the applications of the
-- universities they cover (staff_sees_all, staff_course_ids).

-- When each application first reached each step, kept on the row as its status moves, so that the
-- reports read one table instead of aggregating the history each time. Set by the database alone.
alter table public.applications
  add column reached_review_at timestamptz,
  add column first_decision_at timestamptz,
  add column first_offer_at timestamptz,
  add column accepted_offer_at timestamptz,
  add column enrolled_at timestamptz;

create or replace function public.stamp_application_steps() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if new.status = 'under_review' then
      new.reached_review_at := coalesce(old.reached_review_at, now());
    end if;
    -- A decision reaches the application (and its applicant) when it is released.
    if new.status in ('offer_conditional', 'offer_unconditional', 'waitlisted', 'rejected') then
      new.first_decision_at := coalesce(old.first_decision_at, now());
    end if;
    if new.status in ('offer_conditional', 'offer_unconditional') then
      new.first_offer_at := coalesce(old.first_offer_at, now());
    end if;
    if new.status in ('conditions_pending', 'accepted', 'enrolled') then
      new.accepted_offer_at := coalesce(old.accepted_offer_at, now());
    end if;
    if new.status = 'enrolled' then
      new.enrolled_at := coalesce(old.enrolled_at, now());
    end if;
  end if;
  return new;
end
$$;
revoke execute on function public.stamp_application_steps() from public, anon, authenticated;
create trigger applications_stamp_steps before update of status on public.applications
  for each row execute function public.stamp_application_steps();
-- The audit log records the status change itself; the steps it stamps add nothing to it.
drop trigger applications_audit on public.applications;
create trigger applications_audit after update of status, assigned_to, offer_conditions, reply_by
  on public.applications
  for each row execute function public.audit_staff_change('answers', 'current_step', 'reached_review_at',
    'first_decision_at', 'first_offer_at', 'accepted_offer_at', 'enrolled_at');

-- The steps of applications whose history was written without the trigger: those there are already
-- when this migration runs. Callable by the migration's owner only.
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
$$;
revoke execute on function public.backfill_application_steps() from public, anon, authenticated, service_role;

-- Without touching the applications' versions, their updated_at or the audit log.
alter table public.applications disable trigger user;
select public.backfill_application_steps();
alter table public.applications enable trigger user;

-- The applications of one cycle that the caller covers and the filters match, each with the moment
-- it reached each step of the funnel by `as_of` (null: not reached by then), from the step columns.
--   started:   the draft was created
--   submitted: the applicant submitted it
--   complete:  admissions began reviewing it (documents and fee in order), or decided it
--   decided:   its first decision was released to the applicant
--   offered:   its first offer was released
--   accepted:  the applicant accepted an offer
--   enrolled:  the applicant enrolled
create or replace function public.report_applications(filters jsonb, cycle integer, as_of timestamptz,
  everything boolean default false)
returns table (id uuid, applicant_id uuid, course_id uuid, intake_id uuid, level text, field text,
  nationality text, residence text, status text, assigned_to uuid, started_at timestamptz,
  submitted_at timestamptz, complete_at timestamptz, decided_at timestamptz, offered_at timestamptz,
  accepted_at timestamptz, enrolled_at timestamptz)
language plpgsql stable security definer
set search_path = ''
-- Compiling these queries would take longer than running them; a plan made for the filters given
-- (not a generic one) keeps every filter left unset out of the work; the rows fit in memory.
set jit = off
set plan_cache_mode = force_custom_plan
set work_mem = '64MB'
rows 10000
as $$
#variable_conflict use_column
declare
  -- The scope and the filters, worked out once, so the query is planned with them as constants.
  sees_all boolean := everything or public.staff_sees_all();
  covered uuid[] := case when sees_all then '{}' else array(select public.staff_course_ids()) end;
  only_intake uuid := (filters->>'intake')::uuid;
  only_course uuid := (filters->>'course')::uuid;
  only_university uuid := (filters->>'university')::uuid;
  only_level text := filters->>'level';
  only_nationality text := filters->>'nationality';
  started_from date := (filters->>'from')::date;
  started_to date := (filters->>'to')::date;
begin
  return query
  select a.id, a.applicant_id, a.course_id, a.intake_id, c.level, c.field,
    -- The profile's nationality, else the one the application gave (the answers are read only then).
    coalesce(p.nationality, nullif(a.answers #>> '{personal,nationality}', '')) nationality,
    p.country residence, a.status, a.assigned_to, a.created_at,
    case when a.submitted_at <= as_of then a.submitted_at end,
    case when a.submitted_at <= as_of then least(
      case when a.reached_review_at <= as_of then a.reached_review_at end,
      case when a.first_decision_at <= as_of then a.first_decision_at end) end,
    case when a.first_decision_at <= as_of then a.first_decision_at end,
    case when a.first_offer_at <= as_of then a.first_offer_at end,
    case when a.accepted_offer_at <= as_of then a.accepted_offer_at end,
    case when a.enrolled_at <= as_of then a.enrolled_at end
  from public.intakes i
  join public.applications a on a.intake_id = i.id
  join public.courses c on c.id = a.course_id
  left join public.profiles p on p.id = a.applicant_id
  where i.start_date >= make_date(cycle, 1, 1) and i.start_date < make_date(cycle + 1, 1, 1)
    and a.created_at <= as_of
    and (sees_all or a.course_id = any (covered))
    and (only_intake is null or a.intake_id = only_intake)
    and (only_course is null or a.course_id = only_course)
    and (only_university is null or c.university_id = only_university)
    and (only_level is null or c.level = only_level)
    and (started_from is null or a.created_at >= started_from)
    and (started_to is null or a.created_at < started_to + 1)
    and (only_nationality is null
      or coalesce(p.nationality, nullif(a.answers #>> '{personal,nationality}', '')) = only_nationality);
end
$$;
revoke execute on function public.report_applications(jsonb, integer, timestamptz, boolean) from public, anon, authenticated;

-- Every report for the filters: {cycle, previous_cycle, as_of, funnel, by_course, time_to_decision,
-- waiting, nationality, residence, level, field, staff, open_work, options}. Filters: cycle, intake,
-- course, university, level, nationality, from and to (the day the application was started), as_of.
-- `everything` counts every university, for the weekly summary that administrators receive; else the
-- caller's universities.
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
  cycle integer := coalesce((filters->>'cycle')::integer,
    (select extract(year from min(i.start_date))::integer from public.intakes i where i.start_date >= as_of::date),
    extract(year from as_of)::integer);
  earlier jsonb := filters
    || case when filters ? 'from' then jsonb_build_object('from', ((filters->>'from')::date - interval '1 year')::date) else '{}' end
    || case when filters ? 'to' then jsonb_build_object('to', ((filters->>'to')::date - interval '1 year')::date) else '{}' end;
  result jsonb;
begin
  -- Malformed ids and dates are refused before anything is read, whatever the data.
  perform (filters->>'intake')::uuid, (filters->>'course')::uuid, (filters->>'university')::uuid,
    (filters->>'from')::date, (filters->>'to')::date;
  if cycle not between 2000 and 2100 then
    raise exception 'Choose a cycle between 2000 and 2100.' using errcode = '22023';
  end if;
  with cur as materialized (
    select * from public.report_applications(filters, cycle, as_of, everything)
  ), prv as materialized (
    select * from public.report_applications(earlier, cycle - 1, year_ago, everything)
  ), days as (
    select c.course_id, date_trunc('month', c.decided_at)::date month_,
      extract(epoch from c.decided_at - c.submitted_at) / 86400 d
    from cur c where c.decided_at is not null and c.submitted_at is not null
  ), breakdown as (
    -- Applicants by nationality and residence (each once, however many choices they made: both are
    -- the profile's), applications by level and field; this cycle's and the last's side by side.
    select 'nationality' dim, x.k, sum(x.c)::bigint cur_n, sum(x.p)::bigint prev_n from (
      select coalesce(c.nationality, '') k, 1 c, 0 p from cur c where c.submitted_at is not null
      group by c.applicant_id, 1
      union all
      select coalesce(p.nationality, ''), 0, 1 from prv p where p.submitted_at is not null group by p.applicant_id, 1
    ) x group by 2
    union all
    select 'residence', x.k, sum(x.c)::bigint, sum(x.p)::bigint from (
      select coalesce(c.residence, '') k, 1 c, 0 p from cur c where c.submitted_at is not null
      group by c.applicant_id, 1
      union all
      select coalesce(p.residence, ''), 0, 1 from prv p where p.submitted_at is not null group by p.applicant_id, 1
    ) x group by 2
    union all
    select 'level', x.k, sum(x.c)::bigint, sum(x.p)::bigint from (
      select c.level k, count(*) c, 0 p from cur c where c.submitted_at is not null group by 1
      union all
      select p.level, 0, count(*) from prv p where p.submitted_at is not null group by 1
    ) x group by 2
    union all
    select 'field', x.k, sum(x.c)::bigint, sum(x.p)::bigint from (
      select c.field k, count(*) c, 0 p from cur c where c.submitted_at is not null group by 1
      union all
      select p.field, 0, count(*) from prv p where p.submitted_at is not null group by 1
    ) x group by 2
  ), previous_by_course as (
    select p.course_id, count(p.submitted_at) n from prv p group by 1
  ), weeks as (
    select (date_trunc('week', as_of)::date - 7 * g)::date week from generate_series(7, 0, -1) g
  ), staff_work as (
    select d.recommended_by person, date_trunc('week', d.recommended_at)::date week, count(*) decisions, 0::bigint reads
    from cur c join public.application_decisions d on d.application_id = c.id
    where d.recommended_by is not null
      and d.recommended_at <= as_of and d.recommended_at >= (select min(w.week) from weeks w)
    group by 1, 2
    union all
    select r.reader_id, date_trunc('week', r.submitted_at)::date, 0, count(*)
    from cur c join public.application_reads r on r.application_id = c.id
    where r.status = 'submitted'
      and r.submitted_at <= as_of and r.submitted_at >= (select min(w.week) from weeks w)
    group by 1, 2
  ), open_work as (
    select r.reader_id person, count(*) open_reads, 0::bigint assigned
    from cur c join public.application_reads r on r.application_id = c.id
    where r.status in ('assigned', 'draft')
    group by 1
    union all
    select c.assigned_to, 0, count(*)
    from cur c
    where c.assigned_to is not null and c.status in ('submitted', 'under_review', 'action_required')
    group by 1
  )
  select jsonb_build_object(
    'cycle', cycle,
    'previous_cycle', cycle - 1,
    'as_of', as_of,
    'funnel', jsonb_build_object(
      'current', (select jsonb_build_object('started', count(*), 'submitted', count(c.submitted_at),
          'complete', count(c.complete_at), 'decided', count(c.decided_at), 'offered', count(c.offered_at),
          'accepted', count(c.accepted_at), 'enrolled', count(c.enrolled_at)) from cur c),
      'previous', (select jsonb_build_object('started', count(*), 'submitted', count(p.submitted_at),
          'complete', count(p.complete_at), 'decided', count(p.decided_at), 'offered', count(p.offered_at),
          'accepted', count(p.accepted_at), 'enrolled', count(p.enrolled_at)) from prv p)),
    'by_course', coalesce((
      select jsonb_agg(jsonb_build_object('course_id', t.course_id, 'intake_id', t.intake_id, 'course_title', co.title,
          'university_name', co.university_name, 'term', i.term, 'started', t.started, 'submitted', t.submitted,
          'complete', t.complete, 'decided', t.decided, 'offered', t.offered, 'accepted', t.accepted,
          'enrolled', t.enrolled, 'previous_submitted', coalesce(pc.n, 0))
        order by t.started desc, co.title, i.term)
      from (select g.course_id, g.intake_id, count(*) started, count(g.submitted_at) submitted,
          count(g.complete_at) complete, count(g.decided_at) decided, count(g.offered_at) offered,
          count(g.accepted_at) accepted, count(g.enrolled_at) enrolled
        from cur g group by 1, 2 order by count(*) desc, g.course_id, g.intake_id limit 200) t
      join public.courses co on co.id = t.course_id
      join public.intakes i on i.id = t.intake_id
      left join previous_by_course pc on pc.course_id = t.course_id), '[]'),
    'time_to_decision', jsonb_build_object(
      'current', (select jsonb_build_object('decided', count(*),
          'median_days', round((percentile_cont(0.5) within group (order by d.d))::numeric, 1),
          'p90_days', round((percentile_cont(0.9) within group (order by d.d))::numeric, 1)) from days d),
      'previous', (select jsonb_build_object('decided', count(*),
          'median_days', round((percentile_cont(0.5) within group (order by x.d))::numeric, 1),
          'p90_days', round((percentile_cont(0.9) within group (order by x.d))::numeric, 1))
        from (select extract(epoch from p.decided_at - p.submitted_at) / 86400 d from prv p
          where p.decided_at is not null and p.submitted_at is not null) x),
      'by_month', coalesce((select jsonb_agg(jsonb_build_object('month', m.month_, 'decided', m.n,
          'median_days', m.median, 'p90_days', m.p90) order by m.month_) from (
        select d.month_, count(*) n, round((percentile_cont(0.5) within group (order by d.d))::numeric, 1) median,
          round((percentile_cont(0.9) within group (order by d.d))::numeric, 1) p90
        from days d group by d.month_) m), '[]'),
      'by_course', coalesce((select jsonb_agg(jsonb_build_object('course_id', m.course_id, 'course_title', co.title,
          'university_name', co.university_name, 'decided', m.n, 'median_days', m.median, 'p90_days', m.p90)
          order by m.n desc, co.title) from (
        select d.course_id, count(*) n,
          round((percentile_cont(0.5) within group (order by d.d))::numeric, 1) median,
          round((percentile_cont(0.9) within group (order by d.d))::numeric, 1) p90
        from days d group by 1 order by count(*) desc, d.course_id limit 100) m
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
      join public.courses co on co.id = w.course_id), '[]'),
    'nationality', coalesce((select jsonb_agg(jsonb_build_object('key', b.k, 'current', b.cur_n, 'previous', b.prev_n)
        order by b.cur_n desc, b.prev_n desc, b.k) from breakdown b where b.dim = 'nationality'), '[]'),
    'residence', coalesce((select jsonb_agg(jsonb_build_object('key', b.k, 'current', b.cur_n, 'previous', b.prev_n)
        order by b.cur_n desc, b.prev_n desc, b.k) from breakdown b where b.dim = 'residence'), '[]'),
    'level', coalesce((select jsonb_agg(jsonb_build_object('key', b.k, 'current', b.cur_n, 'previous', b.prev_n)
        order by b.cur_n desc, b.prev_n desc, b.k) from breakdown b where b.dim = 'level'), '[]'),
    'field', coalesce((select jsonb_agg(jsonb_build_object('key', b.k, 'current', b.cur_n, 'previous', b.prev_n)
        order by b.cur_n desc, b.prev_n desc, b.k) from breakdown b where b.dim = 'field'), '[]'),
    'weeks', (select jsonb_agg(w.week order by w.week) from weeks w),
    'staff', coalesce((select jsonb_agg(jsonb_build_object('person', s.person, 'email', u.email, 'week', s.week,
        'decisions', s.decisions, 'reads', s.reads) order by u.email, s.week)
      from (select sw.person, sw.week, sum(sw.decisions)::bigint decisions, sum(sw.reads)::bigint reads
        from staff_work sw group by 1, 2) s
      left join auth.users u on u.id = s.person), '[]'),
    'open_work', coalesce((select jsonb_agg(jsonb_build_object('person', o.person, 'email', u.email,
        'open_reads', o.open_reads, 'assigned', o.assigned) order by o.open_reads + o.assigned desc, u.email)
      from (select ow.person, sum(ow.open_reads)::bigint open_reads, sum(ow.assigned)::bigint assigned
        from open_work ow group by 1) o
      left join auth.users u on u.id = o.person), '[]'),
    'options', jsonb_build_object(
      'cycles', coalesce((select jsonb_agg(y order by y desc) from (
        select distinct extract(year from i.start_date)::integer y
        from public.intakes i where exists (select 1 from public.applications a where a.intake_id = i.id)) ys), '[]'),
      'universities', coalesce((select jsonb_agg(jsonb_build_object('id', u.id, 'name', u.name) order by u.name)
        from public.universities u
        where everything or public.staff_sees_all() or u.id in (select s.university_id from public.staff_universities s
          where s.user_id = (select auth.uid()))), '[]'))
  ) into result;
  return result;
end
$$;
revoke execute on function public.report_figures(jsonb, boolean) from public, anon, authenticated;

-- The reports a member of staff reads: the universities they cover.
create or replace function public.admissions_report(filters jsonb default '{}') returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see reports.' using errcode = '42501';
  end if;
  return public.report_figures(coalesce(filters, '{}'), false);
end
$$;
revoke execute on function public.admissions_report(jsonb) from public, anon;
grant execute on function public.admissions_report(jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The weekly summary: administrators who opt in get the cycle's figures once a week, beside the
-- same figures a week earlier and on the same date last year, through the outbox.

alter table public.staff_notification_settings
  add column weekly_summary boolean not null default false,
  add column last_summary_at timestamptz;
grant insert (weekly_summary), update (weekly_summary) on public.staff_notification_settings to authenticated;

-- One line of the summary: "Submitted: 120 (115 a week ago; 98 on this date last year)".
create or replace function public.summary_line(label text, now_ jsonb, week_ago jsonb, last_year jsonb) returns text
language sql immutable
set search_path = ''
as $$
  select format('%s: %s (%s a week ago; %s on this date last year)', label, coalesce(now_ #>> '{}', '–'),
    coalesce(week_ago #>> '{}', '–'), coalesce(last_year #>> '{}', '–'))
$$;
revoke execute on function public.summary_line(text, jsonb, jsonb, jsonb) from public, anon;

-- Composes the summaries due (each administrator's first, then one every 7 days), returns how many.
-- Any number of servers may run it at once: each administrator's row is taken once.
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
begin
  for person in
    select s.user_id from public.staff_notification_settings s
    where s.weekly_summary and (s.last_summary_at is null or s.last_summary_at <= at_ - interval '7 days')
      and exists (select 1 from public.user_roles r where r.user_id = s.user_id and r.role = 'admin')
    for update of s skip locked
  loop
    update public.staff_notification_settings s set last_summary_at = at_ where s.user_id = person.user_id;
    begin
      cur := public.report_figures(jsonb_build_object('as_of', at_), true);
      wk := public.report_figures(jsonb_build_object('as_of', at_ - interval '7 days', 'cycle', cur->'cycle'), true);
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

insert into public.message_templates (key, audience, essential, stands_alone, description, fields, subject, summary, body_text, body_html) values
('weekly_summary', 'staff', true, true,
  'The weekly figures an administrator asked for: the cycle so far, against a week ago and the same date last year.',
  '{recipient_name,site_url,cycle,previous_cycle,week_of,figures,figures_html}',
  'Admissions this week: the {{cycle}} cycle as of {{week_of}}',
  'The {{cycle}} cycle as of {{week_of}}, against last week and last year.',
  E'Hello {{recipient_name}},\n\nThe {{cycle}} entry cycle as of {{week_of}}, against a week ago and the {{previous_cycle}} cycle on the same date:\n\n{{figures}}\n\nEvery report, with its tables and downloads: {{site_url}}/admin/reports\n\nYou get this because you asked for a weekly summary. Change it at {{site_url}}/admin/notifications\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>The {{cycle}} entry cycle as of {{week_of}}, against a week ago and the {{previous_cycle}} cycle on the same date:</p>{{figures_html}}<p><a href="{{site_url}}/admin/reports">Every report, with its tables and downloads</a></p><p>You get this because you asked for a weekly summary. <a href="{{site_url}}/admin/notifications">Change it</a>.</p><p>Unipath</p>');
