-- A conversation per application between its applicant and the admissions team. Messages are kept
-- as sent (nobody edits or removes one); an attachment is a file in the application-documents
-- bucket under <applicant id>/<application id>/messages/<uuid>-<safe name>, checked by the same
-- upload rules as documents. Each person has a read marker per application, from which the unread
-- counts come. Internal notes (application_notes) are a separate table applicants never read.
-- Drafts have no conversation: staff do not see them.

create table public.application_messages (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  author_id uuid references auth.users (id) on delete set null,
  author_role text not null check (author_role in ('applicant', 'staff')),
  body text not null check (body = btrim(body) and char_length(body) between 1 and 5000),
  created_at timestamptz not null default clock_timestamp()
);
create index application_messages_app_idx on public.application_messages (application_id, created_at);
create index application_messages_author_idx on public.application_messages (author_id, created_at);

create table public.application_message_attachments (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null unique references public.application_messages (id) on delete cascade,
  application_id uuid not null references public.applications (id) on delete cascade,
  storage_path text not null unique check (char_length(storage_path) <= 300),
  file_name text not null check (char_length(file_name) between 1 and 180),
  size_bytes bigint not null check (size_bytes > 0),
  content_type text not null,
  created_at timestamptz not null default now()
);
create index application_message_attachments_app_idx on public.application_message_attachments (application_id);

-- Written only by mark_messages_read(), so it carries no row version.
create table public.application_message_reads (
  user_id uuid not null references auth.users (id) on delete cascade,
  application_id uuid not null references public.applications (id) on delete cascade,
  last_read_at timestamptz not null,
  primary key (user_id, application_id)
);
create index application_message_reads_app_idx on public.application_message_reads (application_id);

-- The caller's part in an application's conversation: 'applicant', 'staff', or null (none).
create or replace function public.message_role(application uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select case when a.applicant_id = (select auth.uid()) then 'applicant'
    when public.is_staff() then 'staff' end
  from public.applications a where a.id = application and a.status <> 'draft'
$$;

create or replace function public.refuse_message_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'A message cannot be changed once it is sent.' using errcode = '42501';
end
$$;
create trigger application_messages_immutable before update on public.application_messages
  for each row execute function public.refuse_message_change();
create trigger application_message_attachments_immutable before update on public.application_message_attachments
  for each row execute function public.refuse_message_change();

-- The upload rules applied to a file already in the application-documents bucket: its real size and
-- type read from storage (the client's figures only when storage has none), and why it is refused,
-- or null. `present` is false when no such file was uploaded. Shared by documents and attachments.
create or replace function public.stored_upload(object_name text, file_name text, claimed_size bigint,
  claimed_type text, allowed_types text[], max_bytes bigint,
  out present boolean, out size_bytes bigint, out content_type text, out problem text)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  meta jsonb;
begin
  select o.metadata into meta from storage.objects o
  where o.bucket_id = 'application-documents' and o.name = object_name;
  present := found;
  if not present then
    return;
  end if;
  size_bytes := coalesce((meta ->> 'size')::bigint, claimed_size);
  content_type := lower(split_part(coalesce(meta ->> 'mimetype', claimed_type), ';', 1));
  problem := public.file_upload_error(file_name, size_bytes, content_type, allowed_types, max_bytes);
end
$$;

-- Whether the name part of a stored object (after its uuid) is one the upload rules accept: a safe
-- name ending in .pdf, .jpg, .jpeg or .png with no hidden second extension.
create or replace function public.is_safe_upload_name(safe_name text) returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(m.mime is not null and public.file_upload_error(safe_name, 1, m.mime,
    public.application_document_types(), public.application_document_max_bytes()) is null, false)
  from (select case lower(storage.extension(safe_name))
    when 'pdf' then 'application/pdf' when 'jpg' then 'image/jpeg' when 'jpeg' then 'image/jpeg'
    when 'png' then 'image/png' end as mime) m
$$;
revoke execute on function public.stored_upload(text, text, bigint, text, text[], bigint),
  public.is_safe_upload_name(text) from public, anon, authenticated;

-- Redefined from 20261121170300_create_application_documents.sql: the storage read and the upload
-- rules now come from stored_upload(), shared with message attachments; the messages are unchanged.
create or replace function public.check_application_document() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
  rule record;
  stored record;
begin
  select * into app from public.applications a where a.id = new.application_id;
  if new.storage_path !~ ('^' || app.applicant_id || '/' || app.id
      || '/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9._-]{1,120}$') then
    raise exception 'The storage path must be <applicant id>/<application id>/<uuid>-<file name>.'
      using errcode = '22023';
  end if;
  rule := public.document_rule(app.course_id, new.kind);
  stored := public.stored_upload(new.storage_path, new.file_name, new.size_bytes, new.content_type,
    rule.allowed_types, rule.max_bytes);
  if not stored.present then
    raise exception 'Upload the file before recording the document.' using errcode = '22023';
  end if;
  new.size_bytes := stored.size_bytes;
  new.content_type := stored.content_type;
  if stored.problem is not null then
    raise exception 'File validation failed: %', stored.problem using errcode = '22023';
  end if;
  return new;
end
$$;

-- Redefined from 20261121171100_check_application_file_names.sql: the name rule is
-- is_safe_upload_name(), shared with message attachments.
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
    or parts[3] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9._-]{1,120}$' then
    return false;
  end if;
  if not public.is_safe_upload_name(substr(parts[3], 38)) then
    return false;
  end if;
  return public.application_accepts_documents(parts[2]::uuid, null);
end
$$;

-- The file is read from storage (its real size and type), under the message's application folder,
-- and held to the document upload rules.
create or replace function public.check_message_attachment() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
  stored record;
begin
  select a.* into app from public.applications a
  join public.application_messages m on m.application_id = a.id
  where m.id = new.message_id and a.id = new.application_id;
  if not found or new.storage_path !~ ('^' || app.applicant_id || '/' || app.id
      || '/messages/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9._-]{1,120}$') then
    raise exception 'The attachment must be stored in this application''s message folder.' using errcode = '22023';
  end if;
  stored := public.stored_upload(new.storage_path, new.file_name, new.size_bytes, new.content_type,
    public.application_document_types(), public.application_document_max_bytes());
  if not stored.present then
    raise exception 'Upload the file before attaching it.' using errcode = '22023';
  end if;
  new.size_bytes := stored.size_bytes;
  new.content_type := stored.content_type;
  if stored.problem is not null then
    raise exception 'The attachment was refused: %', stored.problem using errcode = '22023';
  end if;
  return new;
end
$$;
create trigger application_message_attachments_check before insert on public.application_message_attachments
  for each row execute function public.check_message_attachment();

alter table public.application_messages enable row level security;
alter table public.application_message_attachments enable row level security;
alter table public.application_message_reads enable row level security;
revoke all on public.application_messages, public.application_message_attachments,
  public.application_message_reads from anon, authenticated;
grant select on public.application_messages, public.application_message_attachments,
  public.application_message_reads to authenticated;

create policy application_messages_select on public.application_messages
  for select to authenticated using (public.message_role(application_id) is not null);
create policy application_message_attachments_select on public.application_message_attachments
  for select to authenticated using (public.message_role(application_id) is not null);
create policy application_message_reads_select_own on public.application_message_reads
  for select to authenticated using (user_id = (select auth.uid()));

-- Sends a message as the caller: the applicant on their own application, staff on any submitted
-- one. The attachment, when given ({storage_path, file_name}), must already be uploaded. Everything
-- is stored or nothing is. Posting is limited per person to 10 messages in 10 minutes for an
-- applicant and 60 for staff, who answer many applicants in a row (PT429, HTTP 429).
create or replace function public.post_application_message(application_id uuid, body text,
  attachment jsonb default null)
returns public.application_messages
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
  role text := public.message_role(post_application_message.application_id);
  clean text := btrim(coalesce(body, ''), E' \t\r\n');
  message public.application_messages;
  recipient uuid;
  burst integer := case when role = 'staff' then 60 else 10 end;
  sent jsonb;
begin
  if role is null then
    raise exception 'That application was not found, or you cannot write on it.' using errcode = 'P0002';
  end if;
  if clean = '' then
    raise exception 'Write a message before sending it.' using errcode = '22023';
  end if;
  if char_length(clean) > 5000 then
    raise exception 'The message is % characters long; it can be 5000 at most.', char_length(clean)
      using errcode = '22023';
  end if;
  if (select count(*) from public.application_messages m
      where m.author_id = auth.uid() and m.created_at > now() - interval '10 minutes') >= burst then
    raise exception 'You have sent many messages in a short time. Please wait a few minutes and try again.'
      using errcode = 'PT429';
  end if;
  select * into app from public.applications a where a.id = post_application_message.application_id;
  insert into public.application_messages (application_id, author_id, author_role, body)
  values (app.id, auth.uid(), role, clean) returning * into message;
  if attachment is not null then
    insert into public.application_message_attachments (message_id, application_id, storage_path, file_name,
      size_bytes, content_type)
    values (message.id, app.id, attachment ->> 'storage_path', attachment ->> 'file_name', 1, 'unknown');
  end if;
  -- The time makes each notice its own words, so a later message is not taken for a repeat.
  sent := jsonb_build_object('sent_at', to_char(message.created_at at time zone 'UTC', 'FMDD FMMonth YYYY "at" HH24:MI "UTC"'));
  if role = 'staff' then
    perform public.queue_event(app.applicant_id, app.id, 'new_message', sent);
  else
    -- The assigned reviewer; with none, every administrator, so no message waits unseen.
    for recipient in
      select app.assigned_to where app.assigned_to is not null
      union select ur.user_id from public.user_roles ur where app.assigned_to is null and ur.role = 'admin'
    loop
      perform public.queue_event(recipient, app.id, 'new_message_staff', sent);
    end loop;
  end if;
  return message;
end
$$;

-- Marks the caller's conversation on an application read up to a moment (the newest message they
-- were shown; by default everything so far), never back in time.
create or replace function public.mark_messages_read(application_id uuid, seen_until timestamptz default null)
returns void
language plpgsql security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if public.message_role(mark_messages_read.application_id) is null then
    raise exception 'That application was not found.' using errcode = 'P0002';
  end if;
  insert into public.application_message_reads as r (user_id, application_id, last_read_at)
  values (auth.uid(), mark_messages_read.application_id, least(coalesce(seen_until, clock_timestamp()), clock_timestamp()))
  on conflict (user_id, application_id) do update
    set last_read_at = greatest(r.last_read_at, excluded.last_read_at);
end
$$;

-- Unread messages for the applicant: the team's messages on their applications since they last read.
create or replace function public.my_unread_messages() returns table (application_id uuid, unread integer)
language sql stable security definer
set search_path = ''
as $$
  select m.application_id, count(*)::integer
  from public.application_messages m
  join public.applications a on a.id = m.application_id and a.applicant_id = (select auth.uid())
  left join public.application_message_reads r on r.application_id = m.application_id and r.user_id = a.applicant_id
  where m.author_role = 'staff' and m.created_at > coalesce(r.last_read_at, '-infinity')
  group by m.application_id
$$;

create or replace function public.my_unread_message_total() returns integer
language sql stable
set search_path = ''
as $$ select coalesce(sum(u.unread), 0)::integer from public.my_unread_messages() u $$;

-- Unread messages for a member of staff: applicants' messages since this person last read each thread.
create or replace function public.staff_unread_messages() returns table (application_id uuid, unread integer)
language sql stable security definer
set search_path = ''
as $$
  select m.application_id, count(*)::integer
  from public.application_messages m
  left join public.application_message_reads r on r.application_id = m.application_id and r.user_id = (select auth.uid())
  where public.is_staff() and m.author_role = 'applicant' and m.created_at > coalesce(r.last_read_at, '-infinity')
  group by m.application_id
$$;

create or replace function public.staff_unread_message_total() returns integer
language sql stable
set search_path = ''
as $$ select coalesce(sum(u.unread), 0)::integer from public.staff_unread_messages() u $$;

revoke execute on function public.refuse_message_change(), public.check_message_attachment()
  from public, anon, authenticated;
revoke execute on function public.message_role(uuid), public.post_application_message(uuid, text, jsonb),
  public.mark_messages_read(uuid, timestamptz), public.my_unread_messages(), public.my_unread_message_total(),
  public.staff_unread_messages(), public.staff_unread_message_total() from public, anon;
grant execute on function public.message_role(uuid), public.post_application_message(uuid, text, jsonb),
  public.mark_messages_read(uuid, timestamptz), public.my_unread_messages(), public.my_unread_message_total(),
  public.staff_unread_messages(), public.staff_unread_message_total() to authenticated, service_role;

-- Attachment files: the applicant or staff upload into the application's messages folder (under
-- the applicant's id, so the bucket's read policy already lets only that applicant and staff read
-- them). Names obey the document file-name rules.
create or replace function public.can_upload_message_file(object_name text) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  parts text[] := string_to_array(object_name, '/');
begin
  if auth.uid() is null or cardinality(parts) <> 4 or parts[3] <> 'messages'
    or parts[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or parts[4] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9._-]{1,120}$' then
    return false;
  end if;
  if not exists (select 1 from public.applications a where a.id = parts[2]::uuid and a.applicant_id::text = parts[1]) then
    return false;
  end if;
  if not public.is_safe_upload_name(substr(parts[4], 38)) then
    return false;
  end if;
  return public.message_role(parts[2]::uuid) is not null;
end
$$;
revoke execute on function public.can_upload_message_file(text) from public, anon;
grant execute on function public.can_upload_message_file(text) to authenticated, service_role;

create policy application_message_files_insert on storage.objects
  for insert to authenticated
  with check (bucket_id = 'application-documents' and public.can_upload_message_file(name));

-- Redefined from 20261121170400_create_application_files_policies.sql: a file attached to a sent
-- message stays (messages are immutable), and staff may remove a message file of theirs that was
-- never attached (a refused send).
create or replace function public.can_delete_application_file(object_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select auth.uid() is not null
    and ((storage.foldername(object_name))[1] = auth.uid()::text
      or ((storage.foldername(object_name))[3] = 'messages' and public.is_staff()))
    and not exists (
      select 1 from public.application_documents d
      join public.applications a on a.id = d.application_id
      where d.storage_path = object_name
        and (d.status = 'verified' or (a.status not in ('draft', 'action_required') and d.status <> 'rejected'))
    )
    and not exists (select 1 from public.application_message_attachments m where m.storage_path = object_name)
$$;

-- The e-mails: they say who wrote and link to the conversation, never the message itself, which
-- stays behind the sign-in (mail is forwarded, previewed on lock screens and kept for years).
insert into public.message_templates (key, audience, essential, description, fields, subject, summary, body_text, body_html) values
('new_message', 'applicant', true,
  'The admissions team sent the applicant a message about their application.',
  '{recipient_name,reference,course,university,application_url,site_url,sent_at}',
  'New message about your application {{reference}}',
  'The admissions team sent you a message',
  E'Hello {{recipient_name}},\n\nThe admissions team sent you a message on {{sent_at}} about your application {{reference}} for {{course}} at {{university}}.\n\nFor your privacy the message is not included in this e-mail. Read it and reply here:\n{{application_url}}#messages\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>The admissions team sent you a message on {{sent_at}} about your application {{reference}} for {{course}} at {{university}}.</p><p>For your privacy the message is not included in this e-mail.</p><p><a href="{{application_url}}#messages">Read the message and reply</a></p><p>Unipath Admissions</p>'),
('new_message_staff', 'staff', true,
  'An applicant sent a message on their application (to the assigned reviewer, or every administrator when none is assigned).',
  '{recipient_name,reference,applicant_name,course,application_url,site_url,sent_at}',
  'New message from {{applicant_name}} on {{reference}}',
  '{{applicant_name}} sent a message',
  E'Hello {{recipient_name}},\n\n{{applicant_name}} sent a message about application {{reference}} ({{course}}) on {{sent_at}}.\n\nRead it and reply: {{application_url}}#messages\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>{{applicant_name}} sent a message about application {{reference}} ({{course}}) on {{sent_at}}.</p><p><a href="{{application_url}}#messages">Read the message and reply</a></p><p>Unipath</p>');
