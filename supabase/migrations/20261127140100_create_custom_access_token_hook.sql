-- Staff roles travel in the access token. Supabase Auth calls this function (the Custom Access Token
-- hook: [auth.hook.custom_access_token] in config.toml, Dashboard → Authentication → Hooks on a hosted
-- project) each time it issues one, at sign-in, refresh and MFA verification alike, and it adds
-- `app_roles`: the user's staff roles by name, [] for applicants. Pages read the claim; row-level
-- security keeps asking the table (has_role(), is_staff()), so a revoked role opens no data even
-- while an older token still names it.
create or replace function public.custom_access_token_hook(event jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_set(
    event,
    '{claims,app_roles}',
    coalesce(
      (select jsonb_agg(r.role order by r.role)
         from public.user_roles r
        where r.user_id = (event ->> 'user_id')::uuid),
      '[]'::jsonb
    )
  )
$$;

-- Auth runs the hook as supabase_auth_admin; the Data API roles must not call it.
grant usage on schema public to supabase_auth_admin;
grant execute on function public.custom_access_token_hook(jsonb) to supabase_auth_admin;
revoke execute on function public.custom_access_token_hook(jsonb) from authenticated, anon, public;

-- The hook reads every user's roles, and only that.
grant select on table public.user_roles to supabase_auth_admin;
create policy user_roles_select_auth_admin on public.user_roles
  for select to supabase_auth_admin
  using (true);
