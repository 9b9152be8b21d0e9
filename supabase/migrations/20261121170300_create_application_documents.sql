-- Documents attached to applications. The file lives in the private bucket application-documents at
-- <applicant id>/<application id>/<uuid>-<safe name>; the row records it once uploaded. The trigger
-- takes size and type from the stored object, not from the client, and applies the upload rules.
-- Applicants add and remove documents while the application is a draft or action is required, and
-- may replace a rejected one at any time; staff verify or reject through review_document().
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('application-documents', 'application-documents', false, 10485760,
  array['application/pdf', 'image/jpeg', 'image/png'])
on conflict (id) do nothing;

create table public.application_documents (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  kind text not null check (kind in
    ('passport', 'transcript', 'english_test', 'cv', 'statement', 'reference', 'portfolio', 'other')),
  storage_path text not null unique check (char_length(storage_path) <= 300),
  file_name text not null check (char_length(file_name) between 1 and 180),
  size_bytes bigint not null check (size_bytes > 0),
  content_type text not null,
  status text not null default 'uploaded' check (status in ('uploaded', 'verified', 'rejected')),
  rejection_reason text check (char_length(rejection_reason) <= 500),
  reviewed_by uuid references auth.users (id) on delete set null,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint application_documents_reason check (status <> 'rejected' or rejection_reason is not null)
);
create index application_documents_app_idx on public.application_documents (application_id, kind);
create index application_documents_reviewer_idx on public.application_documents (reviewed_by);

-- The caller owns the application and it takes documents now: a draft, action required, or
-- one with a rejected document of that kind (of any kind when none is given).
create or replace function public.application_accepts_documents(application uuid, document_kind text)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.applications a
    where a.id = application and a.applicant_id = (select auth.uid())
      and (a.status in ('draft', 'action_required')
        or (a.status not in ('withdrawn', 'declined', 'rejected', 'expired', 'enrolled')
          and exists (select 1 from public.application_documents d
            where d.application_id = a.id and (document_kind is null or d.kind = document_kind)
              and d.status = 'rejected')))
  )
$$;

create or replace function public.check_application_document() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
  meta jsonb;
  rule record;
  problem text;
begin
  select * into app from public.applications a where a.id = new.application_id;
  if new.storage_path !~ ('^' || app.applicant_id || '/' || app.id
      || '/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9._-]{1,120}$') then
    raise exception 'The storage path must be <applicant id>/<application id>/<uuid>-<file name>.'
      using errcode = '22023';
  end if;
  select o.metadata into meta from storage.objects o
  where o.bucket_id = 'application-documents' and o.name = new.storage_path;
  if not found then
    raise exception 'Upload the file before recording the document.' using errcode = '22023';
  end if;
  new.size_bytes := coalesce((meta ->> 'size')::bigint, new.size_bytes);
  new.content_type := lower(split_part(coalesce(meta ->> 'mimetype', new.content_type), ';', 1));
  rule := public.document_rule(app.course_id, new.kind);
  problem := public.file_upload_error(new.file_name, new.size_bytes, new.content_type, rule.allowed_types,
    rule.max_bytes);
  if problem is not null then
    raise exception 'File validation failed: %', problem using errcode = '22023';
  end if;
  return new;
end
$$;

create trigger application_documents_check before insert on public.application_documents
  for each row execute function public.check_application_document();

alter table public.application_documents enable row level security;
revoke all on public.application_documents from anon, authenticated;
grant select, delete, insert (application_id, kind, storage_path, file_name, size_bytes, content_type)
  on public.application_documents to authenticated;

create policy application_documents_select on public.application_documents
  for select to authenticated
  using (
    (select public.is_staff())
    or exists (select 1 from public.applications a
      where a.id = application_documents.application_id and a.applicant_id = (select auth.uid()))
  );
create policy application_documents_insert_own on public.application_documents
  for insert to authenticated
  with check (status = 'uploaded' and public.application_accepts_documents(application_id, kind));
create policy application_documents_delete_own on public.application_documents
  for delete to authenticated
  using (
    status <> 'verified'
    and exists (select 1 from public.applications a
      where a.id = application_documents.application_id and a.applicant_id = (select auth.uid())
        and (a.status in ('draft', 'action_required') or application_documents.status = 'rejected'))
  );

-- Staff verify or reject a document; a rejection carries the reason the applicant will read.
create or replace function public.review_document(document_id uuid, status text, reason text default null)
returns public.application_documents
language plpgsql security definer
set search_path = ''
as $$
declare
  doc public.application_documents;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff can review documents.' using errcode = '42501';
  end if;
  if review_document.status not in ('uploaded', 'verified', 'rejected') then
    raise exception 'Unknown document status %.', review_document.status;
  end if;
  if review_document.status = 'rejected' and coalesce(btrim(reason), '') = '' then
    raise exception 'A rejected document needs a reason the applicant can act on.';
  end if;
  update public.application_documents d set
    status = review_document.status,
    rejection_reason = case when review_document.status = 'rejected' then left(btrim(reason), 500) end,
    reviewed_by = auth.uid(),
    reviewed_at = now()
  where d.id = document_id
  returning * into doc;
  if not found then
    raise exception 'Document not found.';
  end if;
  return doc;
end
$$;

revoke execute on function public.check_application_document() from public, anon, authenticated;
revoke execute on function public.application_accepts_documents(uuid, text), public.review_document(uuid, text, text)
  from public, anon;
grant execute on function public.application_accepts_documents(uuid, text), public.review_document(uuid, text, text)
  to authenticated, service_role;
