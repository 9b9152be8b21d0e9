-- Decisions: how an admissions office runs them (approval, the reasons it gives, places per
-- intake), the decisions themselves from recommendation to release, the places an intake holds and
-- its waiting list, and the alerts when a place frees up.

-- ---------------------------------------------------------------------------------------------
-- Settings and reasons.

-- One row. DECISION_APPROVAL in the app server's environment sets decision_approval at start:
--   admin  counsellors recommend; an administrator approves and releases (the default)
--   none   any member of staff decides and releases
create table public.admissions_settings (
  id boolean primary key default true check (id),
  decision_approval text not null default 'admin' check (decision_approval in ('admin', 'none')),
  updated_at timestamptz not null default now(),
  -- The app's public address, for links in messages; the app server sets it at start (SITE_URL).
  site_url text not null default 'http://127.0.0.1:4321'
    check (site_url ~ '^https?://[^\s/]+(/[^\s]*)?$' and char_length(site_url) <= 200),
  -- Assessment: how many open reads a reader holds at most (unless their own cap says otherwise),
  -- how far apart two reads' totals (0 to 100) may be before they are flagged, and how many days
  -- after an intake is archived readers' comments are erased (scores and decisions stay).
  reader_cap integer not null default 40 check (reader_cap between 1 and 10000),
  disagreement_margin integer not null default 20 check (disagreement_margin between 1 and 100),
  read_comment_retention_days integer not null default 365 check (read_comment_retention_days between 0 and 3650)
);
insert into public.admissions_settings default values;

alter table public.admissions_settings enable row level security;
revoke all on public.admissions_settings from anon, authenticated;
grant select on public.admissions_settings to authenticated;
create policy admissions_settings_select_staff on public.admissions_settings
  for select to authenticated using ((select public.is_staff()));

create or replace function public.decision_approval() returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select s.decision_approval from public.admissions_settings s), 'admin')
$$;
revoke execute on function public.decision_approval() from public, anon;
grant execute on function public.decision_approval() to authenticated, service_role;

create or replace function public.set_decision_approval(mode text) returns text
language plpgsql security definer
set search_path = ''
as $$
begin
  if mode is null or mode not in ('admin', 'none') then
    raise exception 'DECISION_APPROVAL is admin or none, not %.', coalesce(mode, 'empty') using errcode = '22023';
  end if;
  update public.admissions_settings set decision_approval = mode, updated_at = now()
  where decision_approval is distinct from mode;
  return mode;
end
$$;
revoke execute on function public.set_decision_approval(text) from public, anon, authenticated;
grant execute on function public.set_decision_approval(text) to service_role;

-- Whoever may approve and release decisions now: administrators, or all staff without approval.
create or replace function public.may_release_decisions() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select public.has_role('admin') or (public.is_staff() and public.decision_approval() = 'none')
$$;
revoke execute on function public.may_release_decisions() from public, anon;
grant execute on function public.may_release_decisions() to authenticated, service_role;

create or replace function public.set_site_url(url text) returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  clean text := rtrim(btrim(coalesce(url, '')), '/');
begin
  if clean !~ '^https?://[^\s/]+(/[^\s]*)?$' or char_length(clean) > 200 then
    raise exception 'SITE_URL must be an http(s) address, not %.', coalesce(url, 'empty') using errcode = '22023';
  end if;
  update public.admissions_settings set site_url = clean, updated_at = now() where site_url is distinct from clean;
  return clean;
end
$$;
revoke execute on function public.set_site_url(text) from public, anon, authenticated;
grant execute on function public.set_site_url(text) to service_role;

-- The reasons an office gives for a negative outcome. Letters quote the public wording; the private
-- detail of a decision stays with staff. Administrators keep the list; a reason in use is retired
-- (active = false), never deleted.
create table public.decision_reasons (
  id uuid primary key default gen_random_uuid(),
  outcome text not null check (outcome in ('rejected', 'offer_withdrawn', 'conditions_not_met')),
  public_wording text not null check (char_length(btrim(public_wording)) between 10 and 500),
  active boolean not null default true,
  position integer not null default 100 check (position between 0 and 10000),
  version integer not null default 1 check (version > 0),
  updated_by uuid references auth.users (id) on delete set null,
  last_change text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (outcome, public_wording)
);
create index decision_reasons_updated_by_idx on public.decision_reasons (updated_by);

create trigger decision_reasons_touch before update on public.decision_reasons
  for each row execute function public.touch_updated_at();
create trigger version_10_check before update of version on public.decision_reasons
  for each row execute function public.check_row_version('reason');
create trigger version_20_stamp before update on public.decision_reasons
  for each row execute function public.stamp_row_version();
create trigger decision_reasons_audit after insert or update or delete on public.decision_reasons
  for each row execute function public.audit_staff_change();

alter table public.decision_reasons enable row level security;
revoke all on public.decision_reasons from anon, authenticated;
grant select, delete, insert (outcome, public_wording, active, position),
  update (public_wording, active, position, version) on public.decision_reasons to authenticated;
create policy decision_reasons_select_staff on public.decision_reasons
  for select to authenticated using ((select public.is_staff()));
create policy decision_reasons_insert_admin on public.decision_reasons
  for insert to authenticated with check ((select public.has_role('admin')));
create policy decision_reasons_update_admin on public.decision_reasons
  for update to authenticated
  using ((select public.has_role('admin'))) with check ((select public.has_role('admin')));
create policy decision_reasons_delete_admin on public.decision_reasons
  for delete to authenticated using ((select public.has_role('admin')));

insert into public.decision_reasons (outcome, public_wording, position) values
  ('rejected', 'Your qualifications do not meet the academic entry requirements for this course.', 10),
  ('rejected', 'Your English language score is below the minimum this course requires.', 20),
  ('rejected', 'We received more applications from well-qualified applicants than we have places on this course.', 30),
  ('rejected', 'Your application did not show enough preparation or motivation for this course.', 40),
  ('offer_withdrawn', 'You did not send the documents we asked for by the date we gave.', 10),
  ('offer_withdrawn', 'Information in your application could not be verified.', 20),
  ('offer_withdrawn', 'The course will not run in this intake.', 30),
  ('conditions_not_met', 'Your final results did not meet the academic conditions of your offer.', 10),
  ('conditions_not_met', 'Your English language result did not meet the condition of your offer.', 20),
  ('conditions_not_met', 'We did not receive proof that the conditions were met by the deadline.', 30);

-- ---------------------------------------------------------------------------------------------
-- Decisions and places.

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
  -- When the conditions must be met by (each condition of the checklist starts with it) and when the
  -- applicant must reply to an offer by; null takes the intake's defaults when the decision applies.
  conditions_deadline date,
  reply_by date,
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

-- Places of an intake, the one count every screen, alert, e-mail and gate reads: offers out (released
-- and not yet answered), offers decided but not released, acceptances (conditions pending, accepted,
-- enrolled), the places left, how many more offers may be made within the places and the over-offer
-- allowance (offer_room), and the waiting list. Null places, places left and room: no limit.
create or replace function public.intake_places(intake_id uuid)
returns table (places integer, over_offer integer, offers_out bigint, pending_offers bigint,
  acceptances bigint, held bigint, places_left integer, waitlisted bigint, unreleased bigint,
  offer_room integer)
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
    c.waitlisted, c.unreleased,
    case when i.capacity is null then null
      else greatest(i.capacity + i.over_offer - (c.offers_out + c.pending_offers + c.acceptances), 0)::integer end
  from public.intakes i cross join counts c
  where i.id = intake_places.intake_id
$$;
revoke execute on function public.intake_places(uuid) from public, anon, authenticated;

-- Why another offer is refused on places, in the words both gates (deciding, releasing) use: the
-- places, the over-offer allowance and the offers and acceptances held by others, each counted right.
create or replace function public.no_place_left(places integer, over_offer integer, held bigint) returns text
language sql immutable
set search_path = ''
as $$
  select format('No place is left for another offer: %s%s, and %s already held. An administrator can override this with a reason.',
    case when places = 1 then '1 place' else places || ' places' end,
    case when over_offer = 1 then ' plus 1 over-offer' when over_offer > 1 then ' plus ' || over_offer || ' over-offers' else '' end,
    case when held = 1 then '1 offer or acceptance is' else held || ' offers and acceptances are' end)
$$;

-- The same figures for staff screens.
create or replace function public.staff_intake_places(intake_id uuid)
returns table (places integer, over_offer integer, offers_out bigint, pending_offers bigint,
  acceptances bigint, held bigint, places_left integer, waitlisted bigint, unreleased bigint,
  offer_room integer)
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
  -- Visitors and applicants learn only what applicants were told: offers released and places taken.
  -- A decision staff have not released yet leaves the public flag (and the catalogue's version) alone.
  select p.places is not null and p.offers_out + p.acceptances >= p.places into full_now
  from public.intake_places(intake) p;
  insert into public.intake_fullness as f (intake_id, is_full) values (intake, coalesce(full_now, false))
  on conflict (intake_id) do update set is_full = excluded.is_full, updated_at = now()
  where f.is_full is distinct from excluded.is_full;
  perform public.settle_place_alerts(intake);
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
create trigger applications_fullness_insert after insert on public.applications
  for each row when (public.holds_place(new.status))
  execute function public.refresh_fullness_trigger();
create trigger application_decisions_fullness after insert or update of state on public.application_decisions
  for each row execute function public.refresh_fullness_trigger();

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
  -- promoted: the next in line got the offer; dismissed: staff chose not to act; filled: an offer or
  -- acceptance took the room (or the places shrank) before anyone acted on it.
  resolution text check (resolution in ('promoted', 'dismissed', 'filled'))
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

-- A place became free while others wait: the alert, and each administrator hears of it, but only when
-- another offer may now be made (a decline that leaves the places and the over-offers still held frees
-- nothing), and never more alerts open than offers that can be made.
create or replace function public.record_freed_place() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  admin_id uuid;
  room integer;
begin
  if not exists (select 1 from public.applications a where a.intake_id = new.intake_id and a.status = 'waitlisted') then
    return null;
  end if;
  select p.offer_room into room from public.intake_places(new.intake_id) p;
  if room is not null and room <= (select count(*) from public.place_alerts x
      where x.intake_id = new.intake_id and x.resolved_at is null) then
    return null;
  end if;
  insert into public.place_alerts (intake_id, application_id, from_status, to_status)
  values (new.intake_id, new.id, old.status, new.status);
  for admin_id in select r.user_id from public.user_roles r where r.role = 'admin' loop
    perform public.queue_event(admin_id, new.id, 'place_freed', jsonb_build_object(
      'new_status', lower(coalesce((select g.label from public.application_status_guide g
        where g.status = new.status), new.status)),
      'intake_url', (select s.site_url from public.admissions_settings s) || '/admin-intake/' || new.intake_id));
  end loop;
  return null;
end
$$;
revoke execute on function public.record_freed_place() from public, anon, authenticated;

-- Open alerts follow the room: when offers or acceptances take it (or the places shrink), the newest
-- alerts beyond the offers that can still be made close: promoted when an offer to someone on the
-- waiting list is what took it, filled otherwise.
create or replace function public.settle_place_alerts(intake uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  room integer;
  promoting boolean;
begin
  select p.offer_room into room from public.intake_places(intake) p;
  if room is null then
    return;
  end if;
  promoting := exists (select 1 from public.application_decisions d
    join public.applications a on a.id = d.application_id
    where a.intake_id = intake and a.status = 'waitlisted' and d.state in ('recommended', 'approved')
      and d.outcome in ('offer_conditional', 'offer_unconditional'));
  update public.place_alerts p set resolved_at = now(), resolved_by = auth.uid(),
    resolution = case when promoting then 'promoted' else 'filled' end
  where p.id in (select x.id from public.place_alerts x where x.intake_id = intake and x.resolved_at is null
    order by x.created_at desc, x.id offset 0 limit greatest((select count(*) from public.place_alerts y
      where y.intake_id = intake and y.resolved_at is null) - room, 0));
end
$$;
revoke execute on function public.settle_place_alerts(uuid) from public, anon, authenticated;

create trigger applications_place_freed after update of status on public.applications
  for each row when (public.holds_place(old.status) and not public.holds_place(new.status))
  execute function public.record_freed_place();

-- Joining the waiting list puts an application last in line; leaving it gives up the rank, and the
-- others keep theirs (positions are read in rank order).
create or replace function public.keep_waitlist_rank() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.status <> 'waitlisted' then
    new.waitlist_rank := null;
  elsif new.waitlist_rank is null then
    new.waitlist_rank := coalesce((select max(w.waitlist_rank) from public.applications w
      where w.intake_id = new.intake_id), 0) + 1;
  end if;
  return new;
end
$$;
revoke execute on function public.keep_waitlist_rank() from public, anon, authenticated;
create trigger applications_waitlist_rank before insert or update of status on public.applications
  for each row execute function public.keep_waitlist_rank();

-- Where an application stands on its intake's waiting list: its place in line (1 is next) and how
-- many wait. To its applicant and to staff; nobody else, and nothing for an application not waiting.
create or replace function public.waitlist_position(application_id uuid, out place integer, out waiting integer)
language sql stable security definer
set search_path = ''
as $$
  select (select count(*)::integer + 1 from public.applications w
      where w.intake_id = a.intake_id and w.status = 'waitlisted' and w.waitlist_rank < a.waitlist_rank),
    (select count(*)::integer from public.applications w where w.intake_id = a.intake_id and w.status = 'waitlisted')
  from public.applications a
  where a.id = waitlist_position.application_id and a.status = 'waitlisted' and a.waitlist_rank is not null
    and (a.applicant_id = (select auth.uid()) or (select public.is_staff()))
$$;
revoke execute on function public.waitlist_position(uuid) from public, anon;
grant execute on function public.waitlist_position(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Deciding, approving, releasing and publishing.

-- Deciding, approving, releasing and publishing decisions. Every function takes the version of the
-- application the member of staff was looking at and refuses when it has moved on since. Refusals
-- say why in words for staff and change nothing (each call is one transaction).

-- Why the required documents do not allow an offer yet: one phrase per document that is not verified.
create or replace function public.unverified_documents(app public.applications) returns text[]
language sql stable security definer
set search_path = ''
as $$
  select coalesce(array_agg(public.document_kind_label(r.kind) || case
      when d.status = 'rejected' then ' was rejected'
      when d.status = 'uploaded' then ' is not verified yet'
      else ' is missing' end order by r.kind), '{}')
  from public.course_document_requirements(app.course_id) r
  left join lateral (
    select x.status from public.application_documents x
    where x.application_id = app.id and x.kind = r.kind
    order by (x.status = 'verified') desc, (x.status = 'uploaded') desc, x.created_at desc limit 1
  ) d on true
  where r.required
    and d.status is distinct from 'verified'
$$;

-- Everything that stops a decision, in words for staff; empty when it may be made. The places count
-- is read as it stands: decide_application locks the intake first so two offers cannot both take
-- the last place.
create or replace function public.decision_problems(app public.applications, outcome text,
  conditions text default null, reason_id uuid default null, override_reason text default null)
returns text[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  problems text[] := '{}';
  open_decision public.application_decisions;
  places record;
  documents text[];
  reason public.decision_reasons;
  overriding boolean := coalesce(btrim(override_reason), '') <> '';
  is_offer boolean := outcome in ('offer_conditional', 'offer_unconditional');
begin
  if outcome is null or outcome not in ('offer_conditional', 'offer_unconditional', 'waitlisted', 'rejected',
      'conditions_met', 'conditions_not_met', 'offer_withdrawn') then
    return array['Choose a decision.'];
  end if;
  if not public.decision_allowed(app.status, outcome) then
    return array[format('An application that is %s cannot get the decision “%s”.',
      lower(coalesce((select g.label from public.application_status_guide g where g.status = app.status), app.status)),
      public.decision_label(outcome))];
  end if;
  select * into open_decision from public.application_decisions d
  where d.application_id = app.id and d.state in ('recommended', 'approved');
  if found then
    problems := problems || format('A decision is already waiting (%s, %s by %s): approve, release or cancel it first.',
      public.decision_label(open_decision.outcome), open_decision.state,
      public.person_name(coalesce(open_decision.approved_by, open_decision.recommended_by)));
  end if;
  if outcome = 'offer_conditional' and coalesce(btrim(conditions), '') = '' then
    problems := problems || 'A conditional offer needs its conditions.'::text;
  elsif outcome = 'offer_conditional' and cardinality(public.condition_lines(conditions)) > 10 then
    problems := problems || 'A conditional offer lists 10 conditions at most, one per line.'::text;
  end if;
  if outcome in ('rejected', 'offer_withdrawn', 'conditions_not_met') then
    select * into reason from public.decision_reasons r where r.id = reason_id;
    if not found or reason.outcome <> decision_problems.outcome or not reason.active then
      problems := problems || format('Choose the reason for “%s” from the list.', public.decision_label(outcome));
    end if;
  end if;
  if overriding and not public.has_role('admin') then
    problems := problems || 'Only an administrator can override the places, document or reference checks.'::text;
  end if;
  if is_offer then
    documents := public.unverified_documents(app);
    if cardinality(documents) > 0 and not overriding then
      problems := problems || format('Every required document must be verified before an offer: %s. An administrator can override this with a reason.',
        array_to_string(documents, '; '));
    end if;
    if public.reference_shortfall(app) > 0 and not overriding then
      problems := problems || format('An offer needs the references the intake asks for: %s. An administrator can override this with a reason.',
        public.reference_count_words(app));
    end if;
    if not public.holds_place(app.status) then
      select * into places from public.intake_places(app.intake_id);
      if places.places is not null and places.held + 1 > places.places + places.over_offer and not overriding then
        problems := problems || public.no_place_left(places.places, places.over_offer, places.held);
      end if;
    end if;
  end if;
  return problems;
end
$$;

create or replace function public.decision_label(outcome text) returns text
language sql immutable
set search_path = ''
as $$
  select case outcome
    when 'offer_conditional' then 'Conditional offer'
    when 'offer_unconditional' then 'Unconditional offer'
    when 'waitlisted' then 'Waitlist'
    when 'rejected' then 'Unsuccessful'
    when 'conditions_met' then 'Conditions met'
    when 'conditions_not_met' then 'Conditions not met'
    when 'offer_withdrawn' then 'Offer withdrawn'
    else coalesce(outcome, 'none') end
$$;
revoke execute on function public.decision_label(text) from public;
grant execute on function public.decision_label(text) to anon, authenticated, service_role;

-- The problems a decision would meet, for the bulk preview: staff only.
create or replace function public.preview_decision(application_id uuid, outcome text,
  conditions text default null, reason_id uuid default null, override_reason text default null)
returns text[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  app public.applications;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff decide on applications.' using errcode = '42501';
  end if;
  select * into app from public.applications a where a.id = preview_decision.application_id and a.status <> 'draft';
  if not found then
    return array['Application not found.'];
  end if;
  return public.decision_problems(app, outcome, conditions, reason_id, override_reason);
end
$$;

-- The letter a released decision sends, in the applicant's words: the public wording of a reason
-- (outcome_reason, copied from the reason's public wording), never the private detail or internal notes.
create or replace function public.queue_decision_letter(app public.applications, decision public.application_decisions)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  perform public.queue_event(app.applicant_id, app.id, 'decision_' || decision.outcome,
    case decision.outcome
      when 'offer_conditional' then jsonb_build_object('conditions', public.conditions_in_words(app.id))
      when 'conditions_met' then jsonb_build_object('next_step', case when app.status = 'accepted'
        then 'Your place is confirmed. Admissions will send your enrolment instructions.'
        else format('Please accept or decline it on your Unipath applications page by %s.',
          to_char(app.reply_by, 'FMDD FMMonth YYYY')) end)
      when 'rejected' then jsonb_build_object('reason', app.outcome_reason)
      when 'conditions_not_met' then jsonb_build_object('reason', app.outcome_reason)
      when 'offer_withdrawn' then jsonb_build_object('reason', app.outcome_reason)
      else '{}'::jsonb end);
end
$$;

-- The days an offer takes when its decision names none: the intake's reply-by date, at least two
-- weeks away (four weeks when the intake has none), and conditions due two weeks before the intake
-- starts, at least two weeks away. The decision form shows them; apply_decision uses them.
create or replace function public.offer_default_dates(intake_id uuid, out reply_by date,
  out conditions_deadline date)
language sql stable security definer
set search_path = ''
as $$
  select greatest(coalesce(i.reply_by, current_date + 28), current_date + 14),
    greatest(i.start_date - 14, current_date + 14)
  from public.intakes i where i.id = offer_default_dates.intake_id
$$;
revoke execute on function public.offer_default_dates(uuid) from public, anon;
grant execute on function public.offer_default_dates(uuid) to authenticated, service_role;

-- Applies an approved decision: the decision is released, the application takes its new status
-- (recorded in its history), and the letter is queued.
create or replace function public.apply_decision(decision public.application_decisions)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
  intake public.intakes;
  target text;
  reason_text text;
  note text;
  offer_reply_by date;
begin
  select * into app from public.applications a where a.id = decision.application_id for update;
  if app.status <> decision.from_status then
    raise exception 'Application % is now %, no longer %: cancel this decision and decide again.', app.reference,
      lower(coalesce((select g.label from public.application_status_guide g where g.status = app.status), app.status)),
      lower(coalesce((select g.label from public.application_status_guide g where g.status = decision.from_status), decision.from_status))
      using errcode = 'P0001';
  end if;
  select * into intake from public.intakes i where i.id = app.intake_id;
  target := public.decision_target(app.status, decision.outcome);
  select r.public_wording into reason_text from public.decision_reasons r where r.id = decision.reason_id;
  -- The reply-by date an offer takes is kept on the decision too, so its letter reads as it was sent.
  offer_reply_by := case when target in ('offer_conditional', 'offer_unconditional') and not public.holds_place(app.status)
    then case when decision.reply_by is not null then greatest(decision.reply_by, current_date)
      else (public.offer_default_dates(intake.id)).reply_by end
    else app.reply_by end;
  note := case decision.outcome
    when 'offer_conditional' then 'Conditional offer made. Conditions: ' || decision.conditions
    when 'offer_unconditional' then 'Unconditional offer made.'
    when 'waitlisted' then 'Placed on the waiting list.'
    when 'conditions_met' then 'The conditions of the offer were met.'
    else reason_text end;
  update public.application_decisions d set state = 'released', released_by = auth.uid(), released_at = now(),
    reply_by = case when target in ('offer_conditional', 'offer_unconditional') then offer_reply_by
      else d.reply_by end
  where d.id = decision.id;
  perform set_config('unipath.transition_note', left(coalesce(note, ''), 2000), true);
  -- On an intake with places, settle_place_alerts closes the alert an offer from the waiting list
  -- answers as soon as the decision holds the place. Without a limit there is no room to count: the
  -- offer answers the oldest alert itself.
  if decision.from_status = 'waitlisted' and target in ('offer_conditional', 'offer_unconditional')
    and intake.capacity is null then
    update public.place_alerts p set resolved_at = now(), resolved_by = auth.uid(), resolution = 'promoted'
    where p.id = (select x.id from public.place_alerts x where x.intake_id = app.intake_id and x.resolved_at is null
      order by x.created_at limit 1);
  end if;
  perform set_config('unipath.change', 'released the decision ' || public.decision_label(decision.outcome), true);
  update public.applications a set
    status = target,
    offer_conditions = case when decision.outcome = 'offer_conditional' then decision.conditions
      when decision.outcome = 'offer_unconditional' then null else a.offer_conditions end,
    conditions_met_at = case when decision.outcome = 'conditions_met' then now() else a.conditions_met_at end,
    outcome_reason = case when reason_text is not null then reason_text else a.outcome_reason end,
    decided_at = case when decision.outcome in ('offer_conditional', 'offer_unconditional', 'waitlisted', 'rejected')
      then now() else a.decided_at end,
    reply_by = offer_reply_by
  where a.id = app.id
  returning * into app;
  perform set_config('unipath.change', '', true);
  perform public.settle_offer_conditions(app, decision, intake);
  perform public.queue_decision_letter(app, decision);
  return app;
end
$$;

-- Whether this intake lets a decision go out on its own now: rolling intakes always, batch intakes
-- once their decisions are published.
create or replace function public.releases_one_by_one(intake_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select i.release_mode = 'rolling' or i.status in ('decisions_published', 'archived')
  from public.intakes i where i.id = intake_id
$$;

-- Staff decide. A counsellor's decision is a recommendation an administrator approves, unless
-- DECISION_APPROVAL=none; an administrator's is approved at once. With release, an approved decision
-- also goes out now where the intake allows it.
create or replace function public.decide_application(application_id uuid, expected_version integer,
  outcome text, conditions text default null, reason_id uuid default null, reason_detail text default null,
  override_reason text default null, release boolean default false, conditions_deadline date default null,
  reply_by date default null)
returns public.application_decisions
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, true);
  problems text[];
  decision public.application_decisions;
  approved boolean := public.may_release_decisions();
  clean_override text := nullif(btrim(override_reason), '');
begin
  if app.status = 'draft' then
    raise exception 'Application not found.' using errcode = 'P0001';
  end if;
  perform public.check_application_version(app, expected_version);
  -- Offers on the same intake wait for each other here, so two cannot both take the last place.
  perform 1 from public.intakes i where i.id = app.intake_id for update;
  problems := public.decision_problems(app, outcome, conditions, reason_id, clean_override);
  if outcome in ('offer_conditional', 'offer_unconditional') and decide_application.reply_by < current_date then
    problems := problems || 'Choose a reply-by date from today on.'::text;
  end if;
  if outcome = 'offer_conditional' and decide_application.conditions_deadline < current_date then
    problems := problems || 'Choose a deadline for the conditions from today on.'::text;
  end if;
  if cardinality(problems) > 0 then
    raise exception '%', array_to_string(problems, ' ') using errcode = 'P0001';
  end if;
  insert into public.application_decisions (application_id, outcome, from_status, conditions, reason_id,
    reason_detail, override_reason, state, recommended_by, approved_by, approved_at, conditions_deadline, reply_by)
  values (app.id, outcome, app.status,
    case when outcome = 'offer_conditional' then left(btrim(conditions), 4000) end,
    case when outcome in ('rejected', 'offer_withdrawn', 'conditions_not_met') then reason_id end,
    nullif(left(btrim(reason_detail), 2000), ''), left(clean_override, 1000),
    case when approved then 'approved' else 'recommended' end, auth.uid(),
    case when approved then auth.uid() end, case when approved then now() end,
    case when outcome = 'offer_conditional' then decide_application.conditions_deadline end,
    case when outcome in ('offer_conditional', 'offer_unconditional') then decide_application.reply_by end)
  returning * into decision;
  perform public.mark_application_changed(app.id, case when approved then 'decided ' else 'recommended ' end
    || public.decision_label(outcome));
  if release and approved and public.releases_one_by_one(app.intake_id) then
    perform public.apply_decision(decision);
    select * into decision from public.application_decisions d where d.id = decision.id;
  end if;
  return decision;
end
$$;

-- The open decision of an application, locked, checked against the version the caller saw.
create or replace function public.lock_open_decision(decision_id uuid, expected_version integer)
returns public.application_decisions
language plpgsql security definer
set search_path = ''
as $$
declare
  decision public.application_decisions;
  app public.applications;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff act on decisions.' using errcode = '42501';
  end if;
  select * into decision from public.application_decisions d where d.id = decision_id;
  if not found then
    raise exception 'Decision not found.' using errcode = 'P0001';
  end if;
  app := public.lock_application(decision.application_id, true);
  perform public.check_application_version(app, expected_version);
  select * into decision from public.application_decisions d where d.id = decision_id for update;
  if decision.state not in ('recommended', 'approved') then
    raise exception 'This decision was already %.', decision.state using errcode = 'P0001';
  end if;
  return decision;
end
$$;

create or replace function public.approve_decision(decision_id uuid, expected_version integer,
  release boolean default false)
returns public.application_decisions
language plpgsql security definer
set search_path = ''
as $$
declare
  decision public.application_decisions;
  app public.applications;
  problems text[];
begin
  if not public.may_release_decisions() then
    raise exception 'Only an administrator approves decisions.' using errcode = '42501';
  end if;
  decision := public.lock_open_decision(decision_id, expected_version);
  if decision.state <> 'recommended' then
    raise exception 'This decision is already approved.' using errcode = 'P0001';
  end if;
  select * into app from public.applications a where a.id = decision.application_id;
  -- The checks are made again: documents or places may have changed since the recommendation.
  perform 1 from public.intakes i where i.id = app.intake_id for update;
  problems := public.decision_problems_on_approval(app, decision);
  if cardinality(problems) > 0 then
    raise exception '%', array_to_string(problems, ' ') using errcode = 'P0001';
  end if;
  update public.application_decisions d set state = 'approved', approved_by = auth.uid(), approved_at = now()
  where d.id = decision.id returning * into decision;
  perform public.mark_application_changed(app.id, 'approved ' || public.decision_label(decision.outcome));
  if release and public.releases_one_by_one(app.intake_id) then
    perform public.apply_decision(decision);
    select * into decision from public.application_decisions d where d.id = decision.id;
  end if;
  return decision;
end
$$;

-- At approval, the places and documents are checked again, this decision itself set aside.
create or replace function public.decision_problems_on_approval(app public.applications,
  decision public.application_decisions)
returns text[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  problems text[] := '{}';
  documents text[];
  places record;
  overriding boolean := decision.override_reason is not null;
begin
  if decision.outcome in ('offer_conditional', 'offer_unconditional') and not overriding then
    documents := public.unverified_documents(app);
    if cardinality(documents) > 0 then
      problems := problems || format('Every required document must be verified before an offer: %s. An administrator can override this with a reason.',
        array_to_string(documents, '; '));
    end if;
    if public.reference_shortfall(app) > 0 and not overriding then
      problems := problems || format('An offer needs the references the intake asks for: %s. An administrator can override this with a reason.',
        public.reference_count_words(app));
    end if;
    if not public.holds_place(app.status) then
      select * into places from public.intake_places(app.intake_id);
      -- This decision is already counted among the held places.
      if places.places is not null and places.held > places.places + places.over_offer then
        problems := problems || public.no_place_left(places.places, places.over_offer, places.held - 1);
      end if;
    end if;
  end if;
  return problems;
end
$$;

create or replace function public.release_decision(decision_id uuid, expected_version integer)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  decision public.application_decisions;
begin
  if not public.may_release_decisions() then
    raise exception 'Only an administrator releases decisions.' using errcode = '42501';
  end if;
  decision := public.lock_open_decision(decision_id, expected_version);
  if decision.state <> 'approved' then
    raise exception 'This decision needs an administrator''s approval before it is released.' using errcode = 'P0001';
  end if;
  if not public.releases_one_by_one((select a.intake_id from public.applications a where a.id = decision.application_id)) then
    raise exception 'Decisions on this intake go out together: publish decisions on the intake once every decision is ready.'
      using errcode = 'P0001';
  end if;
  return public.apply_decision(decision);
end
$$;

-- The member of staff who recommended a decision may take it back; an administrator may cancel any
-- decision that has not been released.
create or replace function public.cancel_decision(decision_id uuid, expected_version integer,
  note text default null)
returns public.application_decisions
language plpgsql security definer
set search_path = ''
as $$
declare
  decision public.application_decisions := public.lock_open_decision(decision_id, expected_version);
begin
  if not (public.has_role('admin') or (decision.state = 'recommended' and decision.recommended_by = auth.uid())
      or public.may_release_decisions()) then
    raise exception 'Only an administrator, or whoever recommended it, can cancel this decision.' using errcode = '42501';
  end if;
  update public.application_decisions d set state = 'cancelled', cancelled_by = auth.uid(), cancelled_at = now(),
    cancel_note = nullif(left(btrim(note), 1000), '')
  where d.id = decision.id returning * into decision;
  perform public.mark_application_changed(decision.application_id,
    'cancelled the decision ' || public.decision_label(decision.outcome));
  return decision;
end
$$;

-- Releases every approved decision held on an intake, oldest approval first, and says how many:
-- one round of a batch intake (a round while it recruits, or the final one at closing).
create or replace function public.release_approved_decisions(intake_id uuid) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  decision public.application_decisions;
  released integer := 0;
begin
  for decision in select d.* from public.application_decisions d join public.applications a on a.id = d.application_id
    where a.intake_id = release_approved_decisions.intake_id and d.state = 'approved' order by d.approved_at, d.id
  loop
    perform public.apply_decision(decision);
    released := released + 1;
  end loop;
  return released;
end
$$;
revoke execute on function public.release_approved_decisions(uuid) from public, anon, authenticated;

-- Publishing an intake's decisions releases every approved decision on it in one transaction, so
-- every applicant hears at the same moment. It waits until each application under review has an
-- approved decision and nothing awaits approval.
create or replace function public.publish_decisions(intake_id uuid) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  intake public.intakes;
  undecided bigint;
  unapproved bigint;
  released integer := 0;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators publish decisions.' using errcode = '42501';
  end if;
  select * into intake from public.intakes i where i.id = publish_decisions.intake_id for update;
  if not found then
    raise exception 'Intake not found.' using errcode = 'P0002';
  end if;
  if intake.status <> 'closed' then
    raise exception 'Close the intake before publishing its decisions (it is %).', intake.status using errcode = 'P0001';
  end if;
  select count(*) into undecided from public.applications a
  where a.intake_id = intake.id and a.status in ('submitted', 'under_review', 'action_required')
    and not exists (select 1 from public.application_decisions d where d.application_id = a.id and d.state = 'approved');
  select count(*) into unapproved from public.application_decisions d join public.applications a on a.id = d.application_id
  where a.intake_id = intake.id and d.state = 'recommended';
  if undecided > 0 or unapproved > 0 then
    raise exception '% application(s) on this intake still await a decision and % decision(s) await approval.',
      undecided, unapproved using errcode = 'P0001';
  end if;
  released := public.release_approved_decisions(intake.id);
  update public.intakes i set status = 'decisions_published' where i.id = intake.id;
  insert into public.decision_rounds (intake_id, number, released, final, published_by)
  values (intake.id, coalesce((select max(r.number) from public.decision_rounds r where r.intake_id = intake.id), 0) + 1,
    released, true, auth.uid());
  return released;
end
$$;

-- Decision rounds: while a batch intake still recruits (open or closed, not yet published), an
-- administrator publishes the decisions approved so far; every applicant of the round hears at the
-- same moment and the intake stays as it was. The final round is publish_decisions at closing.
create table public.decision_rounds (
  id uuid primary key default gen_random_uuid(),
  intake_id uuid not null references public.intakes (id) on delete cascade,
  number integer not null check (number > 0),
  released integer not null check (released >= 0),
  final boolean not null default false,
  published_by uuid references auth.users (id) on delete set null,
  published_at timestamptz not null default now(),
  unique (intake_id, number)
);
create index decision_rounds_published_by_idx on public.decision_rounds (published_by);
alter table public.decision_rounds enable row level security;
revoke all on public.decision_rounds from anon, authenticated;
grant select on public.decision_rounds to authenticated;
create policy decision_rounds_select_staff on public.decision_rounds
  for select to authenticated using ((select public.is_staff()));

create or replace function public.publish_decision_round(intake_id uuid) returns public.decision_rounds
language plpgsql security definer
set search_path = ''
as $$
declare
  intake public.intakes;
  released integer := 0;
  round public.decision_rounds;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators publish decisions.' using errcode = '42501';
  end if;
  select * into intake from public.intakes i where i.id = publish_decision_round.intake_id for update;
  if not found then
    raise exception 'Intake not found.' using errcode = 'P0002';
  end if;
  if intake.release_mode <> 'batch' or intake.status not in ('open', 'closed') then
    raise exception 'Rounds are for a batch intake whose decisions are not published yet.' using errcode = 'P0001';
  end if;
  released := public.release_approved_decisions(intake.id);
  if released = 0 then
    raise exception 'No approved decision is waiting on this intake: approve some first.' using errcode = 'P0001';
  end if;
  insert into public.decision_rounds (intake_id, number, released, published_by)
  values (intake.id, coalesce((select max(r.number) from public.decision_rounds r where r.intake_id = intake.id), 0) + 1,
    released, auth.uid())
  returning * into round;
  return round;
end
$$;
revoke execute on function public.publish_decision_round(uuid) from public, anon;
grant execute on function public.publish_decision_round(uuid) to authenticated, service_role;

-- Moves a waitlisted application one place up or down the list, swapping with its neighbour.
create or replace function public.move_on_waitlist(application_id uuid, expected_version integer, direction text)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, true);
  neighbour public.applications;
  own_rank integer;
begin
  perform public.check_application_version(app, expected_version);
  if app.status <> 'waitlisted' or app.waitlist_rank is null then
    raise exception 'Only a waitlisted application has a place on the waiting list.' using errcode = 'P0001';
  end if;
  if direction is null or direction not in ('up', 'down') then
    raise exception 'Move the application up or down.' using errcode = '22023';
  end if;
  select * into neighbour from public.applications a
  where a.intake_id = app.intake_id and a.status = 'waitlisted' and a.waitlist_rank is not null
    and case when direction = 'up' then a.waitlist_rank < app.waitlist_rank else a.waitlist_rank > app.waitlist_rank end
  order by case when direction = 'up' then -a.waitlist_rank else a.waitlist_rank end
  limit 1 for update;
  if not found then
    raise exception 'The application is already % of the waiting list.',
      case when direction = 'up' then 'at the top' else 'at the bottom' end using errcode = 'P0001';
  end if;
  own_rank := app.waitlist_rank;
  perform set_config('unipath.change', 'moved it on the waiting list', true);
  update public.applications a set waitlist_rank = neighbour.waitlist_rank where a.id = app.id returning * into app;
  update public.applications a set waitlist_rank = own_rank where a.id = neighbour.id;
  perform set_config('unipath.change', '', true);
  return app;
end
$$;

-- Staff dismiss a freed-place alert they will not act on.
create or replace function public.dismiss_place_alert(alert_id uuid) returns public.place_alerts
language plpgsql security definer
set search_path = ''
as $$
declare
  alert public.place_alerts;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff handle place alerts.' using errcode = '42501';
  end if;
  update public.place_alerts p set resolved_at = now(), resolved_by = auth.uid(), resolution = 'dismissed'
  where p.id = alert_id and p.resolved_at is null returning * into alert;
  if not found then
    raise exception 'That alert was already handled.' using errcode = 'P0001';
  end if;
  return alert;
end
$$;

-- A decision made on a status the application no longer has can never apply: when the status moves
-- on by any other way (the applicant withdraws or replies, the offer expires, a process move), the
-- open decision is cancelled and says why.
create or replace function public.cancel_overtaken_decisions() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.application_decisions d set state = 'cancelled', cancelled_at = now(),
    cancel_note = format('The application became %s before this decision was released.',
      lower(coalesce((select g.label from public.application_status_guide g where g.status = new.status), new.status)))
  where d.application_id = new.id and d.state in ('recommended', 'approved') and d.from_status <> new.status;
  return null;
end
$$;
revoke execute on function public.cancel_overtaken_decisions() from public, anon, authenticated;
create trigger applications_cancel_overtaken after update of status on public.applications
  for each row when (old.status is distinct from new.status)
  execute function public.cancel_overtaken_decisions();

-- The internal pieces are nobody's to call; the actions are for signed-in callers, each checking the
-- caller's role itself.
revoke execute on function public.unverified_documents(public.applications),
  public.decision_problems(public.applications, text, text, uuid, text),
  public.decision_problems_on_approval(public.applications, public.application_decisions),
  public.queue_decision_letter(public.applications, public.application_decisions),
  public.apply_decision(public.application_decisions), public.releases_one_by_one(uuid),
  public.lock_open_decision(uuid, integer)
  from public, anon, authenticated;
revoke execute on function public.decide_application(uuid, integer, text, text, uuid, text, text, boolean, date, date),
  public.approve_decision(uuid, integer, boolean), public.release_decision(uuid, integer),
  public.cancel_decision(uuid, integer, text), public.publish_decisions(uuid),
  public.move_on_waitlist(uuid, integer, text), public.preview_decision(uuid, text, text, uuid, text),
  public.dismiss_place_alert(uuid)
  from public, anon;
grant execute on function public.decide_application(uuid, integer, text, text, uuid, text, text, boolean, date, date),
  public.approve_decision(uuid, integer, boolean), public.release_decision(uuid, integer),
  public.cancel_decision(uuid, integer, text), public.publish_decisions(uuid),
  public.move_on_waitlist(uuid, integer, text), public.preview_decision(uuid, text, text, uuid, text),
  public.dismiss_place_alert(uuid)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Offer conditions as a checklist.
--
-- A conditional offer's conditions are written one per line. When the offer is released each line
-- becomes a condition with its own deadline (the decision's, else two weeks before the intake
-- starts, never sooner than two weeks away). The applicant uploads evidence against a condition
-- (a document of kind condition_evidence naming it); staff mark each met or not met, and may move
-- its deadline. When the last one is met, "Conditions met" is decided through the usual rules: an
-- administrator's goes out at once where the intake allows, a counsellor's waits for approval.
-- "Conditions met" decided by hand marks whatever was still open as met.

-- The conditions of a conditional offer, one per non-empty line, list marks ("-", "•", "1.") taken off.
create or replace function public.condition_lines(conditions text) returns text[]
language sql immutable
set search_path = ''
as $$
  select coalesce(array_agg(line order by n), '{}')
  from (
    select btrim(regexp_replace(raw, '^\s*([-•*]|[0-9]{1,2}[.)])\s+', '')) as line, n
    from regexp_split_to_table(coalesce(conditions, ''), E'\r?\n') with ordinality as t (raw, n)
  ) lines
  where line <> ''
$$;
revoke execute on function public.condition_lines(text) from public;
grant execute on function public.condition_lines(text) to authenticated, service_role;

create table public.offer_conditions (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  decision_id uuid not null references public.application_decisions (id) on delete cascade,
  position smallint not null check (position between 1 and 10),
  description text not null check (char_length(description) between 1 and 1000),
  deadline date not null,
  status text not null default 'pending' check (status in ('pending', 'met', 'not_met')),
  -- What staff tell the applicant when a condition is not met (the applicant reads it).
  note text check (char_length(note) <= 500),
  marked_by uuid references auth.users (id) on delete set null,
  marked_at timestamptz,
  created_at timestamptz not null default now(),
  unique (decision_id, position),
  constraint offer_conditions_marked check ((status = 'pending') = (marked_at is null))
);
create index offer_conditions_app_idx on public.offer_conditions (application_id, position);
create index offer_conditions_deadline_idx on public.offer_conditions (deadline) where status = 'pending';
create index offer_conditions_marked_by_idx on public.offer_conditions (marked_by);

alter table public.offer_conditions enable row level security;
revoke all on public.offer_conditions from anon, authenticated;
grant select on public.offer_conditions to authenticated;
-- Conditions exist only once the offer is released, so the applicant reads nothing early.
create policy offer_conditions_select on public.offer_conditions
  for select to authenticated
  using (
    (select public.is_staff())
    or exists (select 1 from public.applications a
      where a.id = offer_conditions.application_id and a.applicant_id = (select auth.uid()))
  );

-- Evidence names the condition it answers; only a condition still open takes evidence.
alter table public.application_documents
  add column condition_id uuid references public.offer_conditions (id) on delete cascade;
create index application_documents_condition_idx on public.application_documents (condition_id);
grant insert (condition_id) on public.application_documents to authenticated;

create or replace function public.check_condition_evidence() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.kind <> 'condition_evidence' then
    if new.condition_id is not null then
      raise exception 'Only evidence for a condition names a condition.' using errcode = '22023';
    end if;
    return new;
  end if;
  if not exists (select 1 from public.offer_conditions c
      where c.id = new.condition_id and c.application_id = new.application_id and c.status = 'pending') then
    raise exception 'This condition no longer takes evidence: it was already marked.' using errcode = '22023';
  end if;
  return new;
end
$$;
revoke execute on function public.check_condition_evidence() from public, anon, authenticated;
create trigger application_documents_condition before insert on public.application_documents
  for each row execute function public.check_condition_evidence();

-- Creates the checklist when a conditional offer is released; "Conditions met" closes what is open.
create or replace function public.settle_offer_conditions(app public.applications,
  decision public.application_decisions, intake public.intakes)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if decision.outcome = 'offer_conditional' then
    insert into public.offer_conditions (application_id, decision_id, position, description, deadline)
    select app.id, decision.id, n, left(line, 1000),
      coalesce(decision.conditions_deadline, (public.offer_default_dates(intake.id)).conditions_deadline)
    from unnest(public.condition_lines(decision.conditions)) with ordinality as t (line, n)
    where n <= 10;
  elsif decision.outcome = 'conditions_met' then
    update public.offer_conditions c set status = 'met', marked_by = auth.uid(), marked_at = now(), note = null
    where c.application_id = app.id and c.status <> 'met';
  end if;
end
$$;

-- The conditions as the letters list them: one line each, with its deadline.
create or replace function public.conditions_in_words(application_id uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select string_agg(format('%s. %s (by %s)', c.position, c.description, to_char(c.deadline, 'FMDD FMMonth YYYY')),
    E'\n' order by c.position)
  from public.offer_conditions c
  where c.application_id = conditions_in_words.application_id
    and c.decision_id = (select x.decision_id from public.offer_conditions x
      where x.application_id = conditions_in_words.application_id order by x.created_at desc limit 1)
$$;
revoke execute on function public.settle_offer_conditions(public.applications, public.application_decisions, public.intakes),
  public.conditions_in_words(uuid) from public, anon, authenticated;

-- The condition, locked with its application, for staff acting on it against the version they saw.
create or replace function public.lock_offer_condition(condition_id uuid, expected_version integer,
  out app public.applications, out cond public.offer_conditions)
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff mark offer conditions.' using errcode = '42501';
  end if;
  select * into cond from public.offer_conditions c where c.id = condition_id;
  if not found then
    raise exception 'That condition was not found.' using errcode = 'P0002';
  end if;
  app := public.lock_application(cond.application_id, true);
  perform public.check_application_version(app, expected_version);
  if app.status not in ('offer_conditional', 'conditions_pending') then
    raise exception 'The conditions can be marked only while the conditional offer stands.' using errcode = 'P0001';
  end if;
  select * into cond from public.offer_conditions c where c.id = condition_id for update;
end
$$;
revoke execute on function public.lock_offer_condition(uuid, integer) from public, anon, authenticated;

-- Staff mark one condition met or not met (a note the applicant reads is needed for "not met"); the
-- applicant hears of it. When every condition is met, "Conditions met" is decided with release.
create or replace function public.mark_offer_condition(condition_id uuid, expected_version integer, met boolean,
  note text default null)
returns public.offer_conditions
language plpgsql security definer
set search_path = ''
as $$
declare
  locked record := public.lock_offer_condition(condition_id, expected_version);
  app public.applications := locked.app;
  cond public.offer_conditions := locked.cond;
  clean text := nullif(btrim(coalesce(note, '')), '');
begin
  if met is null then
    raise exception 'Say whether the condition is met.' using errcode = '22023';
  end if;
  if not met and clean is null then
    raise exception 'Say why the condition is not met: the applicant reads it.' using errcode = '22023';
  end if;
  if char_length(clean) > 500 then
    raise exception 'The note is too long (500 characters at most).' using errcode = '22023';
  end if;
  if cond.status = (case when met then 'met' else 'not_met' end) then
    raise exception 'This condition is already marked %.', case when met then 'met' else 'not met' end
      using errcode = 'P0001';
  end if;
  update public.offer_conditions c set status = case when met then 'met' else 'not_met' end,
    note = case when met then null else left(clean, 500) end, marked_by = auth.uid(), marked_at = now()
  where c.id = cond.id returning * into cond;
  app := public.mark_application_changed(app.id, format('marked condition %s %s', cond.position,
    case when met then 'met' else 'not met' end));
  perform public.queue_event(app.applicant_id, app.id, 'offer_condition_updated', jsonb_build_object(
    'condition', cond.description,
    'update', case when met then 'Met.' else 'Not met: ' || cond.note end));
  if met and not exists (select 1 from public.offer_conditions c where c.application_id = app.id and c.status <> 'met')
    and not exists (select 1 from public.application_decisions d
      where d.application_id = app.id and d.state in ('recommended', 'approved')) then
    perform public.decide_application(app.id, app.version, 'conditions_met', release => true);
  end if;
  return cond;
end
$$;

-- Staff move one open condition's deadline (never into the past); the applicant is told and the
-- reminders for it start again.
create or replace function public.set_offer_condition_deadline(condition_id uuid, expected_version integer,
  deadline date)
returns public.offer_conditions
language plpgsql security definer
set search_path = ''
as $$
declare
  locked record := public.lock_offer_condition(condition_id, expected_version);
  app public.applications := locked.app;
  cond public.offer_conditions := locked.cond;
  previous date := cond.deadline;
begin
  if cond.status <> 'pending' then
    raise exception 'Only a condition still open has a deadline to move.' using errcode = 'P0001';
  end if;
  if set_offer_condition_deadline.deadline is null or set_offer_condition_deadline.deadline < current_date then
    raise exception 'Choose a deadline from today on.' using errcode = '22023';
  end if;
  if set_offer_condition_deadline.deadline = previous then
    raise exception 'The condition already has that deadline.' using errcode = 'P0001';
  end if;
  update public.offer_conditions c set deadline = set_offer_condition_deadline.deadline where c.id = cond.id
  returning * into cond;
  perform public.mark_application_changed(cond.application_id, format('moved the deadline of condition %s', cond.position));
  delete from public.reminders_sent r where r.application_id = cond.application_id and r.kind = 'condition_deadline'
    and r.step like cond.id || ':%';
  perform public.queue_event(app.applicant_id, cond.application_id, 'offer_condition_updated', jsonb_build_object(
    'condition', cond.description,
    'update', format('New deadline: %s (it was %s).', to_char(cond.deadline, 'FMDD FMMonth YYYY'),
      to_char(previous, 'FMDD FMMonth YYYY'))));
  return cond;
end
$$;
revoke execute on function public.mark_offer_condition(uuid, integer, boolean, text),
  public.set_offer_condition_deadline(uuid, integer, date) from public, anon;
grant execute on function public.mark_offer_condition(uuid, integer, boolean, text),
  public.set_offer_condition_deadline(uuid, integer, date) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Decision letters as documents.

-- The letter of one released decision, as it was issued: the applicant's name and address from the
-- submitted answers, the course and intake, the decision, its conditions with their deadlines, the
-- reply-by date it gave, the public wording of its reason (never the private detail), and who signs
-- for the university. The app renders it as a PDF, attached to the e-mail and downloadable later.
create or replace function public.letter_of_decision(decision_id uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'decision_id', d.id,
    'application_id', a.id,
    'outcome', d.outcome,
    'decision', public.decision_label(d.outcome),
    'issued_on', (d.released_at at time zone 'utc')::date,
    'reference', a.reference,
    'applicant_name', coalesce(nullif(btrim(a.answers #>> '{personal,full_name}'), ''), nullif(btrim(p.full_name), ''), 'Applicant'),
    'address', nullif(concat_ws(E'\n', nullif(btrim(a.answers #>> '{personal,address_line}'), ''),
      nullif(concat_ws(' ', nullif(btrim(a.answers #>> '{personal,postal_code}'), ''),
        nullif(btrim(a.answers #>> '{personal,city}'), '')), '')), ''),
    'country', nullif(btrim(a.answers #>> '{personal,country}'), ''),
    'course', c.title,
    'university', u.name,
    'university_place', concat_ws(', ', u.city, coalesce(u.country_name, u.country_code)),
    'term', i.term,
    'starts_on', i.start_date,
    'reply_by', case when d.outcome in ('offer_conditional', 'offer_unconditional', 'conditions_met') then d.reply_by end,
    'reason', case when d.outcome in ('rejected', 'conditions_not_met', 'offer_withdrawn') then r.public_wording end,
    'conditions', (select jsonb_agg(jsonb_build_object('text', oc.description, 'deadline', oc.deadline) order by oc.position)
      from public.offer_conditions oc where oc.decision_id = d.id),
    'signatory', coalesce(nullif(btrim(u.letter_signatory), ''), 'Admissions Office'),
    'signatory_title', nullif(btrim(u.letter_signatory_title), ''),
    'application_url', s.site_url || '/applications/' || a.id))
  from public.application_decisions d
  join public.applications a on a.id = d.application_id
  join public.courses c on c.id = a.course_id
  join public.universities u on u.id = c.university_id
  join public.intakes i on i.id = a.intake_id
  left join public.profiles p on p.id = a.applicant_id
  left join public.decision_reasons r on r.id = d.reason_id
  cross join public.admissions_settings s
  where d.id = letter_of_decision.decision_id and d.state = 'released'
$$;
revoke execute on function public.letter_of_decision(uuid) from public, anon, authenticated;

-- The letters of these applications, newest first: to their applicant and to staff, nobody else; a
-- decision not yet released has no letter.
create or replace function public.decision_letters(application_ids uuid[])
returns table (application_id uuid, decision_id uuid, decision text, issued_on date)
language sql stable security definer
set search_path = ''
as $$
  select d.application_id, d.id, public.decision_label(d.outcome), (d.released_at at time zone 'utc')::date
  from public.application_decisions d
  join public.applications a on a.id = d.application_id
  where d.application_id = any (decision_letters.application_ids[1:100]) and d.state = 'released'
    and ((select public.is_staff()) or a.applicant_id = (select auth.uid()))
  order by d.released_at desc
$$;

-- One letter, to the same people.
create or replace function public.decision_letter(decision_id uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select public.letter_of_decision(d.id)
  from public.application_decisions d
  join public.applications a on a.id = d.application_id
  where d.id = decision_letter.decision_id and d.state = 'released'
    and ((select public.is_staff()) or a.applicant_id = (select auth.uid()))
$$;
revoke execute on function public.decision_letters(uuid[]), public.decision_letter(uuid) from public, anon;
grant execute on function public.decision_letters(uuid[]), public.decision_letter(uuid) to authenticated, service_role;

