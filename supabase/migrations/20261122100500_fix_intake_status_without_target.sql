-- A move without a target status is refused with the staff-readable message like any other
-- disallowed move (a row comparison with null is unknown, so it used to slip past the check and
-- fail later on the column's not-null constraint).
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
  if to_status is null or (intake.status, to_status) not in (('draft', 'open'), ('open', 'closed'),
    ('closed', 'open'), ('closed', 'decisions_published'), ('decisions_published', 'archived'),
    ('draft', 'archived')) then
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
