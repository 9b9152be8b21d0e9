-- Read-only views answer a write with "permission denied" (401/403 through the API) instead of
-- Postgres's "cannot delete from view" (55000), which the REST layer reports as a server error.
-- Privileges are checked only once a view is updatable, so each view gets an INSTEAD OF trigger
-- that refuses, and the API roles keep nothing but SELECT on it.
create or replace function public.refuse_view_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception '% is read-only.', tg_table_name using errcode = '42501';
end
$$;
revoke execute on function public.refuse_view_write() from public, anon, authenticated;

do $$
declare
  view_name text;
begin
  foreach view_name in array array['latest_currency_rates', 'application_status_guide'] loop
    if to_regclass('public.' || view_name) is not null then
      execute format('revoke insert, update, delete, truncate, references, trigger on public.%I
        from anon, authenticated', view_name);
      execute format('drop trigger if exists %I on public.%I', view_name || '_read_only', view_name);
      execute format('create trigger %I instead of insert or update or delete on public.%I
        for each row execute function public.refuse_view_write()', view_name || '_read_only', view_name);
    end if;
  end loop;
end
$$;
