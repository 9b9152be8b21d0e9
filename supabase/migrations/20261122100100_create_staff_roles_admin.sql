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
  if set_staff_role.role is null or set_staff_role.role not in ('admin', 'counsellor') then
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
  -- Work in progress returns to the pool when someone leaves the team.
  if not exists (select 1 from public.user_roles r where r.user_id = target) then
    update public.applications a set assigned_to = null where a.assigned_to = target;
    update public.leads l set assignee = null where l.assignee = target;
  end if;
end
$$;
revoke execute on function public.set_staff_role(uuid, text, boolean) from public, anon;
grant execute on function public.set_staff_role(uuid, text, boolean) to authenticated, service_role;

-- The users and roles screen: accounts by e-mail, newest first, with their roles. Administrators only.
create or replace function public.admin_list_users(search text default null, page_size integer default 25,
  page_offset integer default 0)
returns table (id uuid, email text, created_at timestamptz, last_sign_in_at timestamptz, roles text[],
  total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pattern text := '%' || replace(replace(replace(lower(btrim(coalesce(search, ''))), '\', '\\'), '%', '\%'),
    '_', '\_') || '%';
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators list users.' using errcode = '42501';
  end if;
  return query
  select u.id, u.email::text, u.created_at, u.last_sign_in_at,
    coalesce((select array_agg(r.role order by r.role) from public.user_roles r where r.user_id = u.id), '{}'),
    count(*) over ()
  from auth.users u
  where lower(coalesce(u.email, '')) like pattern
  order by (exists (select 1 from public.user_roles r where r.user_id = u.id)) desc, u.created_at desc, u.id
  limit least(greatest(coalesce(page_size, 25), 1), 100) offset greatest(coalesce(page_offset, 0), 0);
end
$$;
revoke execute on function public.admin_list_users(text, integer, integer) from public, anon;
grant execute on function public.admin_list_users(text, integer, integer) to authenticated, service_role;

-- Everyone who can be given an application or a lead. Staff only.
create or replace function public.staff_directory()
returns table (id uuid, email text, roles text[])
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see the team.' using errcode = '42501';
  end if;
  return query
  select u.id, u.email::text, array_agg(r.role order by r.role)
  from public.user_roles r join auth.users u on u.id = r.user_id
  group by u.id, u.email
  order by u.email;
end
$$;
revoke execute on function public.staff_directory() from public, anon;
grant execute on function public.staff_directory() to authenticated, service_role;

-- A lead is given to a member of staff or to nobody.
create or replace function public.check_lead_assignee() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.assignee is not null and not exists (select 1 from public.user_roles r where r.user_id = new.assignee) then
    raise exception 'Leads can only be assigned to admissions staff.' using errcode = '23514';
  end if;
  return new;
end
$$;
revoke execute on function public.check_lead_assignee() from public, anon, authenticated;
create trigger leads_check_assignee before insert or update of assignee on public.leads
  for each row execute function public.check_lead_assignee();
