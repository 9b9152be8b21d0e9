-- Upload rules for application documents, shared by the validate_* RPCs (the browser's pre-flight),
-- the application_documents trigger and the storage bucket. The bucket admits PDF, JPEG and PNG up
-- to 10 MiB; a requirement may narrow that (smaller size, fewer types). Types a requirement lists
-- beyond the bucket's (e.g. Word files) are not offered: applicants convert them to PDF.
create or replace function public.application_document_types() returns text[]
language sql immutable
set search_path = ''
as $$ select array['application/pdf', 'image/jpeg', 'image/png'] $$;

create or replace function public.application_document_max_bytes() returns bigint
language sql immutable
set search_path = ''
as $$ select 10485760::bigint $$;

-- Why a file may not be uploaded, or null when it may. Names are checked for tricks (paths, control
-- and direction characters, hidden second extensions), types for markup and scripts, extensions
-- against the declared type, and sizes against the limit.
create or replace function public.file_upload_error(
  file_name text, file_size bigint, content_type text, allowed_types text[], max_bytes bigint
) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  risky constant text[] := array['exe', 'com', 'bat', 'cmd', 'scr', 'pif', 'msi', 'msp', 'dll', 'cpl',
    'jar', 'js', 'mjs', 'jse', 'vbs', 'vbe', 'wsf', 'wsh', 'ps1', 'psm1', 'sh', 'bash', 'py', 'pl', 'rb',
    'php', 'php3', 'php4', 'php5', 'phtml', 'phar', 'jsp', 'jspx', 'asp', 'aspx', 'cgi', 'htm', 'html',
    'xhtml', 'shtml', 'svg', 'svgz', 'xml', 'xsl', 'hta', 'lnk', 'reg', 'apk', 'dmg', 'iso', 'swf'];
  kind text := btrim(lower(split_part(coalesce(content_type, ''), ';', 1)));
  parts text[];
  ext text;
  expected text[];
  part text;
begin
  if file_name is null or btrim(file_name) = '' then
    return 'A file name is required.';
  end if;
  if char_length(file_name) > 180 then
    return 'The file name is too long (180 characters at most).';
  end if;
  if file_name ~ '[[:cntrl:]]' or file_name ~ '[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]' then
    return 'The file name contains control or invisible characters.';
  end if;
  if file_name ~ '[/\\:]' or position('..' in file_name) > 0 then
    return 'The file name must not contain a path (/, \, : or ..).';
  end if;
  if file_name ~ '[<>"|?*]' then
    return 'The file name contains characters that are not allowed (< > " | ? *).';
  end if;
  if file_name ~ '^[. ]' or file_name ~ '[. ]$' then
    return 'The file name must not start or end with a dot or a space.';
  end if;
  parts := string_to_array(lower(file_name), '.');
  if cardinality(parts) < 2 then
    return 'The file name needs an extension, such as passport.pdf.';
  end if;
  ext := parts[cardinality(parts)];
  foreach part in array parts[2:cardinality(parts) - 1] loop
    if btrim(part) = any (risky) then
      return format('The file name hides a second extension (.%s).', btrim(part));
    end if;
  end loop;
  if ext = any (risky) then
    return format('Files ending in .%s are not accepted.', ext);
  end if;
  if kind = '' then
    return 'The file type is unknown.';
  end if;
  if kind ~ '(html|svg|xml|script|x-sh|x-php|x-msdownload|x-executable)' then
    return 'HTML, SVG, XML, script and program files are not accepted.';
  end if;
  if not (kind = any (coalesce(allowed_types, '{}'))) then
    return format('Files of type %s are not accepted here. Upload %s.', kind,
      coalesce(public.file_type_labels(allowed_types), 'nothing'));
  end if;
  expected := case kind
    when 'application/pdf' then array['pdf']
    when 'image/jpeg' then array['jpg', 'jpeg']
    when 'image/png' then array['png'] end;
  if expected is null or not (ext = any (expected)) then
    return format('The extension .%s does not match the file type (%s).', ext, public.file_type_labels(array[kind]));
  end if;
  if file_size is null or file_size <= 0 then
    return 'The file is empty.';
  end if;
  if file_size > max_bytes then
    return format('The file is larger than %s MB.', trim_scale(round(max_bytes / 1048576.0, 1)));
  end if;
  return null;
end
$$;

create or replace function public.file_type_labels(types text[]) returns text
language sql immutable
set search_path = ''
as $$
  select string_agg(case t when 'application/pdf' then 'PDF' when 'image/jpeg' then 'JPEG'
    when 'image/png' then 'PNG' else t end, ', ' order by t)
  from unnest(types) as t
$$;

-- Pre-flight for any document: the bucket's types that some requirement admits, and the largest
-- size a requirement admitting this type allows.
create or replace function public.validate_file_upload(file_name text, file_size bigint, content_type text)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  mime text := btrim(lower(split_part(coalesce(content_type, ''), ';', 1)));
  allowed text[];
  max_bytes bigint;
  problem text;
begin
  select coalesce(array_agg(distinct t), '{}') into allowed
  from public.document_requirements r, unnest(r.allowed_types) as t
  where t = any (public.application_document_types());
  select least(coalesce(max(r.max_size_bytes), 0), public.application_document_max_bytes()) into max_bytes
  from public.document_requirements r where mime = any (r.allowed_types);
  if max_bytes = 0 then
    max_bytes := public.application_document_max_bytes();
  end if;
  problem := public.file_upload_error(file_name, file_size, content_type, allowed, max_bytes);
  return jsonb_build_object('valid', problem is null, 'error', problem);
end
$$;

-- The rule for one kind of document on one course: the course's own requirement, else the default.
create or replace function public.document_rule(course uuid, document_kind text,
  out allowed_types text[], out max_bytes bigint)
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
      (select array_agg(t) from unnest(r.allowed_types) as t where t = any (public.application_document_types())),
      public.application_document_types()),
    least(coalesce(r.max_size_bytes, public.application_document_max_bytes()), public.application_document_max_bytes())
  from (select 1) as one
  left join lateral (
    select dr.allowed_types, dr.max_size_bytes from public.document_requirements dr
    where dr.kind = document_kind and (dr.course_id = course or dr.course_id is null)
    order by dr.course_id nulls last limit 1
  ) r on true
$$;

-- Pre-flight for a document of a given kind on one of the caller's applications.
create or replace function public.validate_document_upload(application_id uuid, kind text, file_name text,
  file_size bigint, content_type text)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  course uuid;
  rule record;
  problem text;
begin
  -- Read under the caller's RLS: someone else's application is simply not found.
  select a.course_id into course from public.applications a where a.id = validate_document_upload.application_id;
  if course is null then
    return jsonb_build_object('valid', false, 'error', 'Application not found.');
  end if;
  rule := public.document_rule(course, kind);
  problem := public.file_upload_error(file_name, file_size, content_type, rule.allowed_types, rule.max_bytes);
  return jsonb_build_object('valid', problem is null, 'error', problem);
end
$$;

revoke execute on function public.file_upload_error(text, bigint, text, text[], bigint),
  public.document_rule(uuid, text), public.validate_file_upload(text, bigint, text),
  public.validate_document_upload(uuid, text, text, bigint, text) from public, anon;
grant execute on function public.file_upload_error(text, bigint, text, text[], bigint),
  public.document_rule(uuid, text), public.validate_file_upload(text, bigint, text),
  public.validate_document_upload(uuid, text, text, bigint, text) to authenticated, service_role;
grant execute on function public.application_document_types(), public.application_document_max_bytes(),
  public.file_type_labels(text[]) to anon, authenticated, service_role;
