-- Object names in application-documents obey the same file-name rules as the documents: the part
-- after the uuid must be a safe name ending in .pdf, .jpg, .jpeg or .png, with no hidden second
-- extension, so no stored key ever looks like a script or a page.
create or replace function public.can_upload_application_file(object_name text) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  parts text[] := string_to_array(object_name, '/');
  safe_name text;
  mime text;
begin
  if auth.uid() is null or cardinality(parts) <> 3 or parts[1] <> auth.uid()::text then
    return false;
  end if;
  if parts[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or parts[3] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9._-]{1,120}$' then
    return false;
  end if;
  safe_name := substr(parts[3], 38);
  mime := case lower(storage.extension(safe_name))
    when 'pdf' then 'application/pdf' when 'jpg' then 'image/jpeg' when 'jpeg' then 'image/jpeg'
    when 'png' then 'image/png' end;
  if mime is null or public.file_upload_error(safe_name, 1, mime, public.application_document_types(),
      public.application_document_max_bytes()) is not null then
    return false;
  end if;
  return public.application_accepts_documents(parts[2]::uuid, null);
end
$$;
