-- Decisions are made, approved and released. Until a decision is released the application keeps its
-- status, so the applicant (who reads only their application row, its history and their e-mail)
-- sees nothing of it; the decision itself lives in application_decisions, which only staff read.
--
-- Outcomes by the status they apply to:
--   under_review, waitlisted           → offer_conditional, offer_unconditional, waitlisted*, rejected
--   offer_conditional                  → conditions_met (→ offer_unconditional), conditions_not_met
--                                        (→ rejected), offer_withdrawn
--   conditions_pending                 → conditions_met (→ accepted), conditions_not_met, offer_withdrawn
--   offer_unconditional, accepted      → offer_withdrawn
--   (* waitlisted only from under_review)
-- conditions_pending is "accepted, conditions pending": a conditional offer the applicant accepted.
-- Enrolment follows only an accepted unconditional place.

alter table public.applications drop constraint applications_status_check;
alter table public.applications add constraint applications_status_check check (status in ('draft',
  'submitted', 'under_review', 'action_required', 'offer_conditional', 'offer_unconditional', 'waitlisted',
  'rejected', 'conditions_pending', 'accepted', 'declined', 'enrolled', 'withdrawn', 'expired',
  'offer_withdrawn'));
alter table public.applications
  add column waitlist_rank integer check (waitlist_rank > 0),
  -- The public wording of the reason given with a negative outcome, as the letter quoted it.
  add column outcome_reason text check (char_length(outcome_reason) <= 500),
  add column conditions_met_at timestamptz,
  add constraint applications_waitlist_rank_key unique (intake_id, waitlist_rank) deferrable initially deferred;

-- An accepted conditional offer whose conditions were never confirmed is still pending.
update public.applications set status = 'conditions_pending'
where status = 'accepted' and offer_conditions is not null and conditions_met_at is null;

create or replace view public.application_status_guide with (security_invoker = true) as
  select * from (values
    ('draft', 'Draft', 'applicant', 'Complete every step, upload the required documents and submit before the deadline.', false, 1),
    ('submitted', 'Submitted', 'admissions', 'Admissions will start reviewing your application; there is nothing to do for now.', false, 2),
    ('under_review', 'Under review', 'admissions', 'Admissions is reviewing your application and documents.', false, 3),
    ('action_required', 'Action required', 'applicant', 'Read the request from admissions and update your documents.', false, 4),
    ('offer_conditional', 'Conditional offer', 'applicant', 'Accept or decline the offer before the reply-by date, then meet its conditions.', false, 5),
    ('offer_unconditional', 'Unconditional offer', 'applicant', 'Accept or decline the offer before the reply-by date.', false, 5),
    ('waitlisted', 'Waitlisted', 'admissions', 'You are on the waiting list. If a place becomes free, admissions will make you an offer; there is nothing to do for now.', false, 5),
    ('conditions_pending', 'Accepted, conditions pending', 'applicant', 'Meet the conditions of your offer. Admissions will confirm your place once they are met.', false, 6),
    ('accepted', 'Offer accepted', 'admissions', 'Admissions will confirm your enrolment and send joining instructions.', false, 6),
    ('enrolled', 'Enrolled', 'none', 'You are enrolled. Welcome!', true, 7),
    ('rejected', 'Unsuccessful', 'none', 'This application is closed. You can apply to another course.', true, 7),
    ('declined', 'Offer declined', 'none', 'You declined the offer; this application is closed.', true, 7),
    ('withdrawn', 'Withdrawn', 'none', 'You withdrew this application; it is closed.', true, 7),
    ('expired', 'Offer expired', 'none', 'The reply-by date passed without a reply; the offer has lapsed.', true, 7),
    ('offer_withdrawn', 'Offer withdrawn', 'none', 'Admissions withdrew the offer; this application is closed.', true, 7)
  ) as guide (status, label, next_actor, next_step, is_final, stage);

-- Statuses that hold one of the intake's places, and those that count as an acceptance.
create or replace function public.holds_place(status text) returns boolean
language sql immutable
set search_path = ''
as $$
  select status in ('offer_conditional', 'offer_unconditional', 'conditions_pending', 'accepted', 'enrolled')
$$;

create or replace function public.decision_allowed(from_status text, outcome text) returns boolean
language sql immutable
set search_path = ''
as $$
  select (from_status, outcome) in (
    ('under_review', 'offer_conditional'), ('under_review', 'offer_unconditional'),
    ('under_review', 'waitlisted'), ('under_review', 'rejected'),
    ('waitlisted', 'offer_conditional'), ('waitlisted', 'offer_unconditional'), ('waitlisted', 'rejected'),
    ('offer_conditional', 'conditions_met'), ('offer_conditional', 'conditions_not_met'),
    ('offer_conditional', 'offer_withdrawn'),
    ('conditions_pending', 'conditions_met'), ('conditions_pending', 'conditions_not_met'),
    ('conditions_pending', 'offer_withdrawn'),
    ('offer_unconditional', 'offer_withdrawn'), ('accepted', 'offer_withdrawn'))
$$;

-- The status a released decision gives the application.
create or replace function public.decision_target(from_status text, outcome text) returns text
language sql immutable
set search_path = ''
as $$
  select case outcome
    when 'conditions_met' then case from_status when 'conditions_pending' then 'accepted' else 'offer_unconditional' end
    when 'conditions_not_met' then 'rejected'
    else outcome end
$$;
revoke execute on function public.holds_place(text), public.decision_allowed(text, text),
  public.decision_target(text, text) from public;
grant execute on function public.holds_place(text), public.decision_allowed(text, text),
  public.decision_target(text, text) to anon, authenticated, service_role;

create table public.application_decisions (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  outcome text not null check (outcome in ('offer_conditional', 'offer_unconditional', 'waitlisted',
    'rejected', 'conditions_met', 'conditions_not_met', 'offer_withdrawn')),
  -- The status the decision was made on; it applies only while the application still has it.
  from_status text not null,
  conditions text check (char_length(conditions) <= 4000),
  reason_id uuid references public.decision_reasons (id) on delete restrict,
  reason_detail text check (char_length(reason_detail) <= 2000),
  -- An administrator's reason for going beyond the places or the document checks.
  override_reason text check (char_length(override_reason) <= 1000),
  state text not null default 'recommended'
    check (state in ('recommended', 'approved', 'released', 'cancelled')),
  recommended_by uuid references auth.users (id) on delete set null,
  recommended_at timestamptz not null default now(),
  approved_by uuid references auth.users (id) on delete set null,
  approved_at timestamptz,
  released_by uuid references auth.users (id) on delete set null,
  released_at timestamptz,
  cancelled_by uuid references auth.users (id) on delete set null,
  cancelled_at timestamptz,
  cancel_note text check (char_length(cancel_note) <= 1000),
  constraint application_decisions_from check (public.decision_allowed(from_status, outcome)),
  constraint application_decisions_conditions check (outcome <> 'offer_conditional' or conditions is not null),
  constraint application_decisions_reason check (
    outcome not in ('rejected', 'offer_withdrawn', 'conditions_not_met') or reason_id is not null),
  constraint application_decisions_stages check (
    (state = 'recommended') = (approved_at is null and cancelled_at is null)
    and (state = 'released') = (released_at is not null)
    and (state = 'cancelled') = (cancelled_at is not null)
    and (released_at is null or approved_at is not null))
);
-- One open decision per application at a time.
create unique index application_decisions_open_idx on public.application_decisions (application_id)
  where state in ('recommended', 'approved');
create index application_decisions_app_idx on public.application_decisions (application_id, recommended_at);
create index application_decisions_state_idx on public.application_decisions (state) where state in ('recommended', 'approved');
create index application_decisions_reason_idx on public.application_decisions (reason_id);
create index application_decisions_recommended_by_idx on public.application_decisions (recommended_by);
create index application_decisions_approved_by_idx on public.application_decisions (approved_by);
create index application_decisions_released_by_idx on public.application_decisions (released_by);
create index application_decisions_cancelled_by_idx on public.application_decisions (cancelled_by);

alter table public.application_decisions enable row level security;
revoke all on public.application_decisions from anon, authenticated;
grant select on public.application_decisions to authenticated;
create policy application_decisions_select_staff on public.application_decisions
  for select to authenticated using ((select public.is_staff()));

create trigger application_decisions_audit after insert or update on public.application_decisions
  for each row execute function public.audit_staff_change();

-- Places of an intake: offers out (released and not yet answered), offers decided but not released,
-- acceptances (conditions pending, accepted, enrolled), what is left, and the waiting list.
create or replace function public.intake_places(intake_id uuid)
returns table (places integer, over_offer integer, offers_out bigint, pending_offers bigint,
  acceptances bigint, held bigint, places_left integer, waitlisted bigint, unreleased bigint)
language sql stable security definer
set search_path = ''
as $$
  with counts as (
    select
      count(*) filter (where a.status in ('offer_conditional', 'offer_unconditional')) offers_out,
      count(*) filter (where a.status in ('conditions_pending', 'accepted', 'enrolled')) acceptances,
      count(*) filter (where a.status = 'waitlisted') waitlisted,
      count(d.id) filter (where d.outcome in ('offer_conditional', 'offer_unconditional')
        and not public.holds_place(a.status)) pending_offers,
      count(d.id) unreleased
    from public.applications a
    left join public.application_decisions d on d.application_id = a.id and d.state in ('recommended', 'approved')
    where a.intake_id = intake_places.intake_id
  )
  select i.capacity, i.over_offer, c.offers_out, c.pending_offers, c.acceptances,
    c.offers_out + c.pending_offers + c.acceptances,
    case when i.capacity is null then null
      else greatest(i.capacity - (c.offers_out + c.pending_offers + c.acceptances), 0)::integer end,
    c.waitlisted, c.unreleased
  from public.intakes i cross join counts c
  where i.id = intake_places.intake_id
$$;
revoke execute on function public.intake_places(uuid) from public, anon, authenticated;

-- The same figures for staff screens.
create or replace function public.staff_intake_places(intake_id uuid)
returns table (places integer, over_offer integer, offers_out bigint, pending_offers bigint,
  acceptances bigint, held bigint, places_left integer, waitlisted bigint, unreleased bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see places.' using errcode = '42501';
  end if;
  return query select * from public.intake_places(staff_intake_places.intake_id);
end
$$;
revoke execute on function public.staff_intake_places(uuid) from public, anon;
grant execute on function public.staff_intake_places(uuid) to authenticated, service_role;

-- Whether an intake's places are all spoken for, kept apart from the intake row so offers and
-- replies do not change the intake (its version, its audit trail). Visitors read it with the intake.
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

create or replace function public.refresh_intake_fullness(intake uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  full_now boolean;
begin
  if intake is null or not exists (select 1 from public.intakes i where i.id = intake) then
    return;
  end if;
  select coalesce(p.places_left = 0, false) into full_now from public.intake_places(intake) p;
  insert into public.intake_fullness as f (intake_id, is_full) values (intake, coalesce(full_now, false))
  on conflict (intake_id) do update set is_full = excluded.is_full, updated_at = now()
  where f.is_full is distinct from excluded.is_full;
end
$$;
revoke execute on function public.refresh_intake_fullness(uuid) from public, anon, authenticated;

create or replace function public.refresh_fullness_trigger() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'intakes' then
    perform public.refresh_intake_fullness(new.id);
  elsif tg_table_name = 'applications' then
    perform public.refresh_intake_fullness(new.intake_id);
  else
    perform public.refresh_intake_fullness((select a.intake_id from public.applications a
      where a.id = new.application_id));
  end if;
  return null;
end
$$;
revoke execute on function public.refresh_fullness_trigger() from public, anon, authenticated;

create trigger intakes_fullness after insert or update of capacity, over_offer on public.intakes
  for each row execute function public.refresh_fullness_trigger();
create trigger applications_fullness after update of status on public.applications
  for each row when (old.status is distinct from new.status)
  execute function public.refresh_fullness_trigger();
create trigger application_decisions_fullness after insert or update of state on public.application_decisions
  for each row execute function public.refresh_fullness_trigger();

insert into public.intake_fullness (intake_id) select id from public.intakes on conflict do nothing;
select public.refresh_intake_fullness(id) from public.intakes;

-- The catalogue's fingerprint also changes when an intake fills up or frees a place.
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
    (select concat(count(*) filter (where is_full), '@', max(updated_at)) from public.intake_fullness))
$$;

-- When a place frees up on an intake with a waiting list, staff are told: an alert on the intake
-- until someone promotes the next in line or dismisses it, and an e-mail to the administrators.
create table public.place_alerts (
  id uuid primary key default gen_random_uuid(),
  intake_id uuid not null references public.intakes (id) on delete cascade,
  application_id uuid not null references public.applications (id) on delete cascade,
  from_status text not null,
  to_status text not null,
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid references auth.users (id) on delete set null,
  resolution text check (resolution in ('promoted', 'dismissed'))
);
create index place_alerts_open_idx on public.place_alerts (intake_id, created_at) where resolved_at is null;
create index place_alerts_application_idx on public.place_alerts (application_id);
create index place_alerts_resolved_by_idx on public.place_alerts (resolved_by);

alter table public.place_alerts enable row level security;
revoke all on public.place_alerts from anon, authenticated;
grant select on public.place_alerts to authenticated;
create policy place_alerts_select_staff on public.place_alerts
  for select to authenticated using ((select public.is_staff()));
create trigger place_alerts_audit after update on public.place_alerts
  for each row execute function public.audit_staff_change();

create or replace function public.record_freed_place() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  course text;
begin
  if not exists (select 1 from public.applications a where a.intake_id = new.intake_id and a.status = 'waitlisted') then
    return null;
  end if;
  insert into public.place_alerts (intake_id, application_id, from_status, to_status)
  values (new.intake_id, new.id, old.status, new.status);
  select c.title || ' at ' || c.university_name || ' (' || i.term || ')' into course
  from public.intakes i join public.courses c on c.id = i.course_id where i.id = new.intake_id;
  insert into public.notification_outbox (recipient, user_id, application_id, kind, subject, body)
  select u.email, u.id, new.id, 'place_freed', format('A place is free on %s', course),
    format(E'Hello,\n\nApplication %s on %s is now %s, so a place is free and the waiting list can move.\n'
      'Open the intake in the admin console to offer the place to the next applicant in line.\n\nUnipath',
      new.reference, course, coalesce((select g.label from public.application_status_guide g
        where g.status = new.status), new.status))
  from public.user_roles r join auth.users u on u.id = r.user_id
  where r.role = 'admin' and u.email is not null;
  return null;
end
$$;
revoke execute on function public.record_freed_place() from public, anon, authenticated;

create trigger applications_place_freed after update of status on public.applications
  for each row when (public.holds_place(old.status) and not public.holds_place(new.status))
  execute function public.record_freed_place();

-- Leaving the waiting list gives up the rank; the others keep theirs (positions are read in order).
create or replace function public.clear_waitlist_rank() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status <> 'waitlisted' then
    new.waitlist_rank := null;
  end if;
  return new;
end
$$;
revoke execute on function public.clear_waitlist_rank() from public, anon, authenticated;
create trigger applications_waitlist_rank before update of status on public.applications
  for each row when (old.status = 'waitlisted' and new.status <> 'waitlisted')
  execute function public.clear_waitlist_rank();
