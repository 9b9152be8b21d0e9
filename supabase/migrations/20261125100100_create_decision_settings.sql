-- How an admissions office runs its decisions: who must approve them, the reasons it gives, and per
-- intake the places, the over-offer allowance and whether decisions go out one by one or together.

-- One row. DECISION_APPROVAL in the app server's environment sets decision_approval at start:
--   admin  counsellors recommend; an administrator approves and releases (the default)
--   none   any member of staff decides and releases
create table public.admissions_settings (
  id boolean primary key default true check (id),
  decision_approval text not null default 'admin' check (decision_approval in ('admin', 'none')),
  updated_at timestamptz not null default now()
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

-- Per intake: places (the existing capacity column), how many offers may go beyond them, and how
-- decisions reach applicants.
alter table public.intakes
  add column over_offer integer not null default 0 check (over_offer between 0 and 100000),
  add column release_mode text not null default 'rolling' check (release_mode in ('rolling', 'batch'));
comment on column public.intakes.capacity is 'Places: offers and acceptances held against this intake.';
