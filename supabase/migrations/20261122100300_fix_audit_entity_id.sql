-- An update's record must still say which row changed: the row's key is read from the whole row
-- before the before/after values are cut down to the changed columns (which rarely include `id`).
create or replace function public.audit_staff_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  who uuid := auth.uid();
  left_out text[] := coalesce(tg_argv::text[], '{}');
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - left_out end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - left_out end;
  row_key text := coalesce(new_row ->> 'id', old_row ->> 'id', coalesce(new_row, old_row) ->> 'user_id');
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
  values (who, (select u.email from auth.users u where u.id = who), lower(tg_op), tg_table_name, row_key,
    old_row, new_row);
  return null;
end
$$;
revoke execute on function public.audit_staff_change() from public, anon, authenticated;
