-- Staff roles. Nobody writes this table through the API: grants happen in security-definer
-- functions (first-run setup, the admin console) that check the caller themselves.
create table public.user_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('admin', 'counsellor')),
  granted_at timestamptz not null default now(),
  granted_by uuid references auth.users (id) on delete set null,
  primary key (user_id, role)
);
create index user_roles_granted_by_idx on public.user_roles (granted_by);

alter table public.user_roles enable row level security;
revoke all on public.user_roles from anon, authenticated;
grant select on public.user_roles to authenticated;

-- True when the caller holds the given role. Security definer so policies on other tables can ask
-- without the caller needing to read user_roles; it only ever answers about the caller.
create or replace function public.has_role(role text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = (select auth.uid()) and ur.role = $1
  )
$$;

create or replace function public.is_staff() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = (select auth.uid()) and ur.role in ('admin', 'counsellor')
  )
$$;

-- Anonymous callers never hold a role; policies for anon don't call these.
revoke execute on function public.has_role(text), public.is_staff() from public, anon;
grant execute on function public.has_role(text), public.is_staff() to authenticated, service_role;

-- A user reads their own roles; administrators read everyone's (users and roles screen).
create policy user_roles_select on public.user_roles
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.has_role('admin')));
