-- Who may touch files in the application-documents bucket. An applicant uploads only into
-- <own id>/<own application taking documents>/<uuid>-<safe name>, reads their own folder and
-- deletes a file while its document may still be removed. Staff read every file. Nobody overwrites.
create or replace function public.can_upload_application_file(object_name text) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  parts text[] := string_to_array(object_name, '/');
begin
  if auth.uid() is null or cardinality(parts) <> 3 or parts[1] <> auth.uid()::text then
    return false;
  end if;
  if parts[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or parts[3] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9._-]{1,120}$'
    or position('..' in parts[3]) > 0 then
    return false;
  end if;
  return public.application_accepts_documents(parts[2]::uuid, null);
end
$$;

create or replace function public.can_delete_application_file(object_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select auth.uid() is not null
    and (storage.foldername(object_name))[1] = auth.uid()::text
    and not exists (
      select 1 from public.application_documents d
      join public.applications a on a.id = d.application_id
      where d.storage_path = object_name
        and (d.status = 'verified' or (a.status not in ('draft', 'action_required') and d.status <> 'rejected'))
    )
$$;

revoke execute on function public.can_upload_application_file(text), public.can_delete_application_file(text)
  from public, anon;
grant execute on function public.can_upload_application_file(text), public.can_delete_application_file(text)
  to authenticated, service_role;

create policy application_files_insert_own on storage.objects
  for insert to authenticated
  with check (bucket_id = 'application-documents' and public.can_upload_application_file(name));
create policy application_files_select on storage.objects
  for select to authenticated
  using (
    bucket_id = 'application-documents'
    and ((storage.foldername(name))[1] = (select auth.uid())::text or (select public.is_staff()))
  );
create policy application_files_delete_own on storage.objects
  for delete to authenticated
  using (bucket_id = 'application-documents' and public.can_delete_application_file(name));
