-- Every staff action, written by the database itself: triggers on the tables staff change record who
-- acted, what changed, when, and the values before and after. Nobody writes this table through the
-- API; administrators read it in the admin console.
create table public.audit_log (
  id bigint generated always as identity primary key,
  actor uuid references auth.users (id) on delete set null,
  actor_email text,
  action text not null check (action in ('insert', 'update', 'delete')),
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
create index audit_log_created_idx on public.audit_log (created_at desc, id desc);
create index audit_log_actor_idx on public.audit_log (actor);
create index audit_log_entity_idx on public.audit_log (entity, entity_id);

alter table public.audit_log enable row level security;
revoke all on public.audit_log from anon, authenticated;
grant select on public.audit_log to authenticated;

-- Assurance: a session that signed in with one factor while the account has a verified second one
-- has not finished signing in. Staff rights wait for aal2 in that case, so admin data follow the
-- same rule as admin pages.
create or replace function public.assurance_satisfied() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'aal', 'aal1') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f
      where f.user_id = (select auth.uid()) and f.status = 'verified'
    )
$$;

create or replace function public.has_role(role text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = (select auth.uid()) and ur.role = $1
  ) and public.assurance_satisfied()
$$;

create or replace function public.is_staff() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = (select auth.uid()) and ur.role in ('admin', 'counsellor')
  ) and public.assurance_satisfied()
$$;

revoke execute on function public.assurance_satisfied() from public, anon;
grant execute on function public.assurance_satisfied() to authenticated, service_role;

create policy audit_log_select_admin on public.audit_log
  for select to authenticated
  using ((select public.has_role('admin')));

-- Trigger arguments: the columns left out of the record (bulky or personal, e.g. an application's
-- answers). Changes by applicants and by the system are not staff actions and are skipped; role
-- changes are always recorded, with the granting user as the actor when the server grants.
create or replace function public.audit_staff_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  who uuid := auth.uid();
  left_out text[] := coalesce(tg_argv::text[], '{}');
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - left_out end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - left_out end;
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
  values (who, (select u.email from auth.users u where u.id = who), lower(tg_op), tg_table_name,
    coalesce(new_row ->> 'id', old_row ->> 'id', coalesce(new_row, old_row) ->> 'user_id'), old_row, new_row);
  return null;
end
$$;
revoke execute on function public.audit_staff_change() from public, anon, authenticated;

create trigger universities_audit after insert or update or delete on public.universities
  for each row execute function public.audit_staff_change('tuition_min', 'tuition_max', 'course_count');
create trigger courses_audit after insert or update or delete on public.courses
  for each row execute function public.audit_staff_change('search_document', 'university_name',
    'university_city', 'university_country_code', 'university_published', 'next_deadline', 'intake_months',
    'tuition_annual', 'tuition_annual_usd');
create trigger intakes_audit after insert or update or delete on public.intakes
  for each row execute function public.audit_staff_change();
create trigger document_requirements_audit after insert or update or delete on public.document_requirements
  for each row execute function public.audit_staff_change();
create trigger user_roles_audit after insert or update or delete on public.user_roles
  for each row execute function public.audit_staff_change();
create trigger leads_audit after update or delete on public.leads
  for each row execute function public.audit_staff_change();
create trigger applications_audit after update of status, assigned_to, offer_conditions, reply_by
  on public.applications
  for each row execute function public.audit_staff_change('answers', 'current_step');
create trigger application_documents_audit after update or delete on public.application_documents
  for each row execute function public.audit_staff_change();
create trigger application_notes_audit after insert or delete on public.application_notes
  for each row execute function public.audit_staff_change();
