-- References: an intake asks for 0 to 5 of them; the applicant names each referee, who writes through
-- a private link (no account) until the reference deadline; staff read the letters beside the
-- documents and an offer waits for the minimum (or an administrator's override with a reason).
--
-- A link's token is 192 random bits made here, e-mailed once and kept only as its SHA-256 hash; each
-- e-mail about one request (the request, a reminder, a resend) carries a token of its own, all bound
-- to that request and ending with its deadline, its withdrawal or its replacement. Referees act only
-- through the functions below, which take the token; nothing else about the applicant is theirs to
-- read.

alter table public.intakes
  add column references_min integer not null default 0 check (references_min between 0 and 5),
  add column references_max integer not null default 0 check (references_max between 0 and 5),
  -- Whether an application may be submitted before its references arrive (it is then complete only
  -- once they do).
  add column submit_before_references boolean not null default true,
  add constraint intakes_references_range check (references_min <= references_max);

alter table public.message_templates drop constraint message_templates_audience_check;
alter table public.message_templates add constraint message_templates_audience_check
  check (audience in ('applicant', 'staff', 'referee'));

-- The states a request goes through. Open ones still wait for the referee.
create or replace function public.reference_open(status text) returns boolean
language sql immutable
set search_path = ''
as $$
  select status in ('requested', 'opened', 'accepted')
$$;

create table public.reference_requests (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  applicant_id uuid not null references auth.users (id) on delete cascade,
  referee_name text not null check (referee_name = btrim(referee_name) and char_length(referee_name) between 2 and 120),
  referee_email text not null check (char_length(referee_email) <= 254
    and referee_email ~ '^[^@\s<>(),;:"\[\]]+@[^@\s<>(),;:"\[\]]+\.[^@\s<>(),;:"\[\]]+$'),
  relationship text not null check (relationship = btrim(relationship) and char_length(relationship) between 2 and 120),
  note_to_referee text check (char_length(note_to_referee) <= 1000),
  -- The applicant's choice to waive reading the letter, fixed when the request is sent.
  waived boolean not null,
  waived_at timestamptz not null default now(),
  status text not null default 'requested' check (status in
    ('requested', 'opened', 'accepted', 'declined', 'received', 'expired', 'withdrawn', 'replaced')),
  decline_reason text check (char_length(decline_reason) <= 500),
  -- The last day the referee can write (and the link works): at least 14 days from the request, and
  -- never before the intake's deadline.
  due_on date not null,
  -- A letter written for another application that the referee is asked to let stand for this one.
  reuses_request uuid references public.reference_requests (id) on delete set null,
  replaced_by uuid references public.reference_requests (id) on delete set null,
  sent_at timestamptz not null default now(),
  opened_at timestamptz,
  responded_at timestamptz,
  received_at timestamptz,
  closed_at timestamptz,
  -- The applicant's last reminder (at most one a week).
  reminded_at timestamptz,
  version integer not null default 1 check (version > 0),
  updated_at timestamptz not null default now()
);
create index reference_requests_application_idx on public.reference_requests (application_id, sent_at);
create index reference_requests_applicant_idx on public.reference_requests (applicant_id);
create index reference_requests_reuses_idx on public.reference_requests (reuses_request);
create index reference_requests_replaced_idx on public.reference_requests (replaced_by);
create index reference_requests_open_idx on public.reference_requests (due_on) where status in ('requested', 'opened', 'accepted');

-- Tokens, as hashes: no API role reads or writes this table.
create table public.reference_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  request_id uuid not null references public.reference_requests (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index reference_tokens_request_idx on public.reference_tokens (request_id);

create table public.reference_letters (
  request_id uuid primary key references public.reference_requests (id) on delete cascade,
  application_id uuid not null references public.applications (id) on delete cascade,
  kind text not null check (kind in ('file', 'form')),
  -- A PDF in the private bucket reference-letters, at <request id>/<uuid>-<safe name>; a letter let
  -- stand for another application points at the same file.
  storage_path text check (char_length(storage_path) <= 300),
  file_name text check (char_length(file_name) between 1 and 180),
  size_bytes bigint check (size_bytes > 0),
  -- The short form: relationship (how they know the applicant and for how long), general,
  -- circumstances, suitability.
  form jsonb,
  submitted_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((kind = 'file' and storage_path is not null and file_name is not null and form is null)
    or (kind = 'form' and form is not null and storage_path is null))
);
create index reference_letters_application_idx on public.reference_letters (application_id);
create index reference_letters_path_idx on public.reference_letters (storage_path);

-- Each reminder to a referee: one row per request and step, whichever server sent it.
create table public.reference_reminders_sent (
  request_id uuid not null references public.reference_requests (id) on delete cascade,
  step text not null check (step in ('after:7', 'before:3', 'before:1')),
  sent_at timestamptz not null default now(),
  primary key (request_id, step)
);

-- The applicant never changes who the request is for, the waiver or the application once sent.
create or replace function public.guard_reference_request() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.waived is distinct from old.waived or new.waived_at is distinct from old.waived_at then
    raise exception 'The waiver was recorded when the request was sent and cannot be changed.' using errcode = '42501';
  end if;
  if new.application_id <> old.application_id or new.applicant_id <> old.applicant_id then
    raise exception 'A reference request stays with its application.' using errcode = '42501';
  end if;
  new.version := old.version + 1;
  new.updated_at := now();
  return new;
end
$$;
create trigger reference_requests_guard before update on public.reference_requests
  for each row execute function public.guard_reference_request();
revoke execute on function public.guard_reference_request() from public, anon, authenticated;

alter table public.reference_requests enable row level security;
alter table public.reference_tokens enable row level security;
alter table public.reference_letters enable row level security;
alter table public.reference_reminders_sent enable row level security;
revoke all on public.reference_requests, public.reference_tokens, public.reference_letters,
  public.reference_reminders_sent from anon, authenticated;
grant select on public.reference_requests, public.reference_letters to authenticated;
create policy reference_requests_select on public.reference_requests
  for select to authenticated
  using (applicant_id = (select auth.uid()) or (select public.is_staff()));
-- The applicant reads a letter only when they did not waive the right to.
create policy reference_letters_select on public.reference_letters
  for select to authenticated
  using ((select public.is_staff()) or exists (
    select 1 from public.reference_requests r
    where r.id = reference_letters.request_id and r.applicant_id = (select auth.uid()) and not r.waived));

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('reference-letters', 'reference-letters', false, 10485760, array['application/pdf'])
on conflict (id) do nothing;

-- Only the app server writes the bucket (service role, after checking the token and the bytes).
create policy reference_files_select on storage.objects
  for select to authenticated
  using (bucket_id = 'reference-letters' and ((select public.is_staff()) or exists (
    select 1 from public.reference_letters l join public.reference_requests r on r.id = l.request_id
    where l.storage_path = storage.objects.name and r.applicant_id = (select auth.uid()) and not r.waived)));

-- ---------------------------------------------------------------------------------------------
-- What an application needs.

create or replace function public.application_reference_rule(app public.applications,
  out minimum integer, out maximum integer, out before_submit boolean)
language sql stable security definer
set search_path = ''
as $$
  select i.references_min, i.references_max, i.submit_before_references
  from public.intakes i where i.id = app.intake_id
$$;

-- How many more references the application needs: 0 when it has its minimum.
create or replace function public.reference_shortfall(app public.applications) returns integer
language sql stable security definer
set search_path = ''
as $$
  select greatest(coalesce((select i.references_min from public.intakes i where i.id = app.intake_id), 0)
    - (select count(*)::integer from public.reference_requests r
       where r.application_id = app.id and r.status = 'received'), 0)
$$;

-- "2 of 3 references received" for staff and applicants.
create or replace function public.reference_count_words(app public.applications) returns text
language sql stable security definer
set search_path = ''
as $$
  select format('%s of %s %s received',
    (select count(*) from public.reference_requests r where r.application_id = app.id and r.status = 'received'),
    i.references_min, case when i.references_min = 1 then 'reference' else 'references' end)
  from public.intakes i where i.id = app.intake_id
$$;
revoke execute on function public.application_reference_rule(public.applications),
  public.reference_shortfall(public.applications), public.reference_count_words(public.applications)
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Tokens and letters to referees.

create or replace function public.reference_token_hash(token text) returns text
language sql immutable
set search_path = ''
as $$
  select encode(extensions.digest(convert_to(coalesce(token, ''), 'UTF8'), 'sha256'), 'hex')
$$;

-- A new token for the request, valid until the end of its last day; returns the link to e-mail.
create or replace function public.mint_reference_link(request public.reference_requests) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  token text := translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_');
begin
  insert into public.reference_tokens (token_hash, request_id, expires_at)
  values (public.reference_token_hash(token), request.id, (request.due_on + 1)::timestamp at time zone 'UTC');
  return (select s.site_url from public.admissions_settings s) || '/reference/' || token;
end
$$;

-- The fields every letter to a referee can use.
create or replace function public.referee_fields(request public.reference_requests) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'recipient_name', request.referee_name,
    'applicant_name', left(coalesce(nullif(btrim(a.answers #>> '{personal,full_name}'), ''),
      nullif(btrim(p.full_name), ''), 'An applicant'), 120),
    'course', c.title,
    'university', c.university_name,
    'deadline', to_char(request.due_on, 'FMDD FMMonth YYYY'),
    'note_line', case when coalesce(btrim(request.note_to_referee), '') = '' then ''
      else E'\n\nTheir note to you: ' || btrim(request.note_to_referee) end,
    'site_url', s.site_url)
  from public.applications a
  join public.courses c on c.id = a.course_id
  cross join public.admissions_settings s
  left join public.profiles p on p.id = a.applicant_id
  where a.id = request.application_id
$$;

-- One e-mail to the referee with a link of its own. `reason` keeps repeated sends apart.
create or replace function public.email_referee(request public.reference_requests, template_key text,
  reason text, extra jsonb default '{}') returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  perform public.queue_direct_letter(request.referee_email, null, template_key,
    public.referee_fields(request) || jsonb_build_object('reference_url', public.mint_reference_link(request)) || extra,
    'referee:' || request.id || ':' || reason);
end
$$;

-- Ends every link of a request (withdrawn, replaced, a corrected address, received by reuse).
create or replace function public.revoke_reference_links(request_id uuid) returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.reference_tokens t set revoked_at = now()
  where t.request_id = revoke_reference_links.request_id and t.revoked_at is null
$$;

-- The request a link belongs to, locked; null when the token is unknown, expired or revoked, or its
-- application is closed (withdrawn, decided for good).
create or replace function public.reference_by_token(token text) returns public.reference_requests
language sql volatile security definer
set search_path = ''
as $$
  select r.* from public.reference_tokens t
  join public.reference_requests r on r.id = t.request_id
  join public.applications a on a.id = r.application_id
  where t.token_hash = public.reference_token_hash(token) and t.revoked_at is null and t.expires_at > now()
    and not coalesce((select g.is_final from public.application_status_guide g where g.status = a.status), false)
  for update of r
$$;

revoke execute on function public.reference_token_hash(text), public.mint_reference_link(public.reference_requests),
  public.referee_fields(public.reference_requests),
  public.email_referee(public.reference_requests, text, text, jsonb), public.revoke_reference_links(uuid),
  public.reference_by_token(text) from public, anon, authenticated;

-- What the applicant hears, in the conversation and by e-mail, when a referee acts.
create or replace function public.tell_applicant_of_reference(request public.reference_requests, template_key text,
  said text, extra jsonb default '{}') returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.application_messages (application_id, author_id, author_role, body)
  select request.application_id, null, 'staff', public.fit_text(said, 5000)
  from public.applications a where a.id = request.application_id and a.status <> 'draft';
  perform public.queue_event(request.applicant_id, request.application_id, template_key,
    jsonb_build_object('referee_name', request.referee_name) || extra);
end
$$;
revoke execute on function public.tell_applicant_of_reference(public.reference_requests, text, text, jsonb)
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The applicant.

-- The caller's application that takes reference requests now: not closed, intake asking for them.
create or replace function public.lock_reference_application(application_id uuid) returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, false);
begin
  if (select g.is_final from public.application_status_guide g where g.status = app.status) then
    raise exception 'This application is closed, so it takes no more references.' using errcode = 'P0001';
  end if;
  return app;
end
$$;
revoke execute on function public.lock_reference_application(uuid) from public, anon, authenticated;

create or replace function public.check_reference_room(app public.applications) returns void
language plpgsql stable security definer
set search_path = ''
as $$
declare
  rule record;
  active integer;
begin
  select * into rule from public.application_reference_rule(app);
  if coalesce(rule.maximum, 0) = 0 then
    raise exception 'This course does not ask for references.' using errcode = 'P0001';
  end if;
  select count(*) into active from public.reference_requests r
  where r.application_id = app.id and (public.reference_open(r.status) or r.status = 'received');
  if active >= rule.maximum then
    raise exception 'This course takes at most % %. Withdraw or replace one to ask someone else.',
      rule.maximum, case when rule.maximum = 1 then 'reference' else 'references' end using errcode = 'P0001';
  end if;
end
$$;
revoke execute on function public.check_reference_room(public.applications) from public, anon, authenticated;

-- An address a request may go to: an address, not the applicant's own, and not one already asked on
-- the application.
create or replace function public.check_referee_address(app public.applications, clean_email text) returns void
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if clean_email !~ '^[^@\s<>(),;:"\[\]]+@[^@\s<>(),;:"\[\]]+\.[^@\s<>(),;:"\[\]]+$' or char_length(clean_email) > 254 then
    raise exception 'Give the referee''s e-mail address, like name@example.org.' using errcode = '22023';
  end if;
  if clean_email = lower((select u.email from auth.users u where u.id = app.applicant_id)) then
    raise exception 'A referee must be someone else: that is the applicant''s own e-mail address.' using errcode = '22023';
  end if;
  if exists (select 1 from public.reference_requests r where r.application_id = app.id
      and lower(r.referee_email) = clean_email and (public.reference_open(r.status) or r.status = 'received')) then
    raise exception '% has already been asked on this application.', clean_email using errcode = 'P0001';
  end if;
end
$$;
revoke execute on function public.check_referee_address(public.applications, text) from public, anon, authenticated;

create or replace function public.new_reference_request(app public.applications, name text, email text,
  relationship text, note text, waived boolean, reuses uuid default null) returns public.reference_requests
language plpgsql security definer
set search_path = ''
as $$
declare
  request public.reference_requests;
  clean_email text := lower(btrim(coalesce(email, '')));
begin
  if coalesce(char_length(btrim(name)), 0) not between 2 and 120 then
    raise exception 'Give the referee''s name (2 to 120 characters).' using errcode = '22023';
  elsif coalesce(char_length(btrim(relationship)), 0) not between 2 and 120 then
    raise exception 'Say how the referee knows you (2 to 120 characters).' using errcode = '22023';
  elsif char_length(coalesce(note, '')) > 1000 then
    raise exception 'The note to the referee is 1,000 characters at most.' using errcode = '22023';
  elsif waived is null then
    raise exception 'Choose whether you waive the right to read the letter.' using errcode = '22023';
  end if;
  perform public.check_referee_address(app, clean_email);
  -- Each request e-mails someone outside Unipath: a burst of them is refused, withdrawn ones included.
  if (select count(*) from public.reference_requests r where r.applicant_id = app.applicant_id
      and r.sent_at > now() - interval '24 hours') >= 10 then
    raise exception 'You have asked 10 referees in the last 24 hours. Please wait before asking another.'
      using errcode = 'PT429';
  end if;
  perform public.check_reference_room(app);
  insert into public.reference_requests (application_id, applicant_id, referee_name, referee_email, relationship,
    note_to_referee, waived, due_on, reuses_request)
  values (app.id, app.applicant_id, btrim(name), clean_email, btrim(relationship), nullif(btrim(note), ''), waived,
    greatest((select i.deadline from public.intakes i where i.id = app.intake_id), current_date + 14), reuses)
  returning * into request;
  return request;
end
$$;
revoke execute on function public.new_reference_request(public.applications, text, text, text, text, boolean, uuid)
  from public, anon, authenticated;

-- The applicant asks a referee; the e-mail with the private link is queued with the request.
create or replace function public.request_reference(application_id uuid, referee_name text, referee_email text,
  relationship text, note text default null, waived boolean default null) returns public.reference_requests
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_reference_application(application_id);
  request public.reference_requests;
begin
  request := public.new_reference_request(app, referee_name, referee_email, relationship, note, waived);
  perform public.email_referee(request, 'referee_request', 'request');
  return request;
end
$$;

-- A request locked for a change: the applicant's own (someone else's is "not found"), or for staff one
-- still waiting for its referee.
create or replace function public.lock_reference_request(request_id uuid, for_staff boolean)
returns public.reference_requests
language plpgsql security definer
set search_path = ''
as $$
declare
  request public.reference_requests;
begin
  if for_staff and not public.is_staff() then
    raise exception 'Only admissions staff can do that.' using errcode = '42501';
  end if;
  select * into request from public.reference_requests r where r.id = request_id for update;
  if not found or (not for_staff and request.applicant_id is distinct from auth.uid()) then
    raise exception 'Reference request not found.' using errcode = 'P0001';
  end if;
  if for_staff and not public.reference_open(request.status) then
    raise exception 'This request is no longer waiting for its referee.' using errcode = 'P0001';
  end if;
  return request;
end
$$;
revoke execute on function public.lock_reference_request(uuid, boolean) from public, anon, authenticated;

-- A nudge from the applicant, at most once a week per request, while the referee has not answered.
create or replace function public.remind_referee(request_id uuid) returns public.reference_requests
language plpgsql security definer
set search_path = ''
as $$
declare
  request public.reference_requests := public.lock_reference_request(request_id, false);
  since timestamptz;
begin
  if not public.reference_open(request.status) or request.due_on < current_date then
    raise exception 'Only a request still waiting for its referee can be reminded.' using errcode = 'P0001';
  end if;
  since := greatest(request.sent_at, request.reminded_at);
  if since > now() - interval '7 days' then
    raise exception 'You can send the next reminder on %.', to_char(since + interval '7 days', 'FMDD FMMonth YYYY')
      using errcode = 'PT429';
  end if;
  update public.reference_requests r set reminded_at = now() where r.id = request.id returning * into request;
  perform public.email_referee(request, 'referee_reminder', 'applicant:' || extract(epoch from now())::bigint,
    jsonb_build_object('due', public.days_from_now(request.due_on - current_date)));
  return request;
end
$$;

-- Withdrawn before a letter arrives: the links stop working and the referee is not chased again.
create or replace function public.withdraw_reference_request(request_id uuid) returns public.reference_requests
language plpgsql security definer
set search_path = ''
as $$
declare
  request public.reference_requests := public.lock_reference_request(request_id, false);
begin
  if not public.reference_open(request.status) and request.status not in ('declined', 'expired') then
    raise exception 'A reference that has arrived stays on the application; withdraw only one still waiting.'
      using errcode = 'P0001';
  end if;
  update public.reference_requests r set status = 'withdrawn', closed_at = now() where r.id = request.id
  returning * into request;
  perform public.revoke_reference_links(request.id);
  return request;
end
$$;

-- Someone else instead of a referee who declined or has not written: the old request is closed, the
-- new one sent. The waiver is chosen again for the new referee.
create or replace function public.replace_reference_request(request_id uuid, referee_name text, referee_email text,
  relationship text, note text default null, waived boolean default null) returns public.reference_requests
language plpgsql security definer
set search_path = ''
as $$
declare
  old public.reference_requests := public.lock_reference_request(request_id, false);
  app public.applications := public.lock_reference_application(old.application_id);
  request public.reference_requests;
begin
  if not public.reference_open(old.status) and old.status not in ('declined', 'expired') then
    raise exception 'Only a referee who declined or has not written yet can be replaced.' using errcode = 'P0001';
  end if;
  update public.reference_requests r set status = 'replaced', closed_at = now() where r.id = old.id;
  perform public.revoke_reference_links(old.id);
  request := public.new_reference_request(app, referee_name, referee_email, relationship, note, waived);
  update public.reference_requests r set replaced_by = request.id where r.id = old.id;
  perform public.email_referee(request, 'referee_request', 'request');
  return request;
end
$$;

-- A letter that arrived for one of the applicant's applications, asked to stand for another: the
-- referee confirms through the link. The waiver is the earlier one, since the letter was written
-- under it.
create or replace function public.reuse_reference(request_id uuid, application_id uuid) returns public.reference_requests
language plpgsql security definer
set search_path = ''
as $$
declare
  earlier public.reference_requests := public.lock_reference_request(request_id, false);
  app public.applications := public.lock_reference_application(application_id);
  request public.reference_requests;
begin
  if earlier.status <> 'received' then
    raise exception 'Only a reference that has arrived can be used again.' using errcode = 'P0001';
  elsif earlier.application_id = app.id then
    raise exception 'That reference is already on this application.' using errcode = 'P0001';
  end if;
  request := public.new_reference_request(app, earlier.referee_name, earlier.referee_email, earlier.relationship,
    null, earlier.waived, earlier.id);
  perform public.email_referee(request, 'referee_reuse', 'request', jsonb_build_object(
    'earlier_course', (select c.title from public.applications a join public.courses c on c.id = a.course_id
      where a.id = earlier.application_id)));
  return request;
end
$$;

revoke execute on function public.request_reference(uuid, text, text, text, text, boolean),
  public.remind_referee(uuid), public.withdraw_reference_request(uuid),
  public.replace_reference_request(uuid, text, text, text, text, boolean), public.reuse_reference(uuid, uuid)
  from public, anon;
grant execute on function public.request_reference(uuid, text, text, text, text, boolean),
  public.remind_referee(uuid), public.withdraw_reference_request(uuid),
  public.replace_reference_request(uuid, text, text, text, text, boolean), public.reuse_reference(uuid, uuid)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Staff.

-- Sends the request again with a fresh link (the earlier links keep working until the deadline).
create or replace function public.resend_reference_request(request_id uuid) returns public.reference_requests
language plpgsql security definer
set search_path = ''
as $$
declare
  request public.reference_requests := public.lock_reference_request(request_id, true);
begin
  perform public.email_referee(request, 'referee_request', 'staff:' || extract(epoch from clock_timestamp())::bigint);
  return request;
end
$$;

-- A mistyped address: the links sent to it stop working and the request goes to the right one.
create or replace function public.correct_referee_email(request_id uuid, referee_email text)
returns public.reference_requests
language plpgsql security definer
set search_path = ''
as $$
declare
  request public.reference_requests := public.lock_reference_request(request_id, true);
  clean_email text := lower(btrim(coalesce(referee_email, '')));
begin
  if clean_email = request.referee_email then
    raise exception 'That is the address the request already went to.' using errcode = 'P0001';
  end if;
  perform public.check_referee_address((select a from public.applications a where a.id = request.application_id),
    clean_email);
  perform public.revoke_reference_links(request.id);
  update public.reference_requests r set referee_email = clean_email, status = 'requested', opened_at = null
  where r.id = request.id returning * into request;
  perform public.email_referee(request, 'referee_request', 'corrected:' || extract(epoch from clock_timestamp())::bigint);
  return request;
end
$$;
revoke execute on function public.resend_reference_request(uuid), public.correct_referee_email(uuid, text)
  from public, anon;
grant execute on function public.resend_reference_request(uuid), public.correct_referee_email(uuid, text)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The referee, through the link. Each function answers null for a link that does not work, so a
-- guessed token learns nothing.

-- What the referee's page shows: the applicant's name, the course, the university, the deadline,
-- their own answer and letter. The first visit marks the request opened.
create or replace function public.referee_view(token text) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  request public.reference_requests := public.reference_by_token(token);
  fields jsonb;
  letter public.reference_letters;
begin
  if request.id is null then
    return null;
  end if;
  if request.status = 'requested' then
    update public.reference_requests r set status = 'opened', opened_at = now() where r.id = request.id
    returning * into request;
  end if;
  fields := public.referee_fields(request);
  select * into letter from public.reference_letters l where l.request_id = request.id;
  return jsonb_build_object(
    'request_id', request.id,
    'referee_name', request.referee_name,
    'applicant_name', fields ->> 'applicant_name',
    'course', fields ->> 'course',
    'university', fields ->> 'university',
    'due_on', request.due_on,
    'status', request.status,
    'relationship', request.relationship,
    'note', request.note_to_referee,
    'reuse_of', case when request.reuses_request is not null then (select jsonb_build_object('course', c.title,
      'university', c.university_name) from public.reference_requests e join public.applications a on a.id = e.application_id
      join public.courses c on c.id = a.course_id where e.id = request.reuses_request) end,
    'letter', case when letter.request_id is null then null else jsonb_build_object('kind', letter.kind,
      'file_name', letter.file_name, 'form', letter.form, 'submitted_at', letter.submitted_at,
      'updated_at', letter.updated_at) end);
end
$$;

-- Accept (then write) or decline with an optional reason. Declining tells the applicant at once.
create or replace function public.referee_respond(token text, accept boolean, reason text default null) returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  request public.reference_requests := public.reference_by_token(token);
begin
  if request.id is null then
    return null;
  elsif accept is null then
    raise exception 'Say whether you will write the reference.' using errcode = '22023';
  elsif request.status not in ('requested', 'opened', 'accepted') then
    raise exception 'This request has been answered already.' using errcode = 'P0001';
  elsif char_length(coalesce(reason, '')) > 500 then
    raise exception 'The reason is 500 characters at most.' using errcode = '22023';
  end if;
  if accept then
    update public.reference_requests r set status = 'accepted', responded_at = now() where r.id = request.id;
    return 'accepted';
  end if;
  update public.reference_requests r set status = 'declined', responded_at = now(), closed_at = now(),
    decline_reason = nullif(btrim(reason), '')
  where r.id = request.id returning * into request;
  perform public.tell_applicant_of_reference(request, 'reference_declined',
    format('%s cannot write a reference for this application. You can ask someone else from your application page.',
      request.referee_name),
    jsonb_build_object('reason_line', coalesce(E'\n\nTheir reason: ' || request.decline_reason, '')));
  return 'declined';
end
$$;

-- Stores the letter (a new one or its replacement) and tells the applicant the first time.
create or replace function public.keep_reference_letter(request public.reference_requests, letter_kind text,
  path text, name text, size bigint, form jsonb) returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  first_time boolean := request.status <> 'received';
begin
  if request.status not in ('requested', 'opened', 'accepted', 'received') then
    raise exception 'This request is closed, so it takes no letter.' using errcode = 'P0001';
  end if;
  insert into public.reference_letters (request_id, application_id, kind, storage_path, file_name, size_bytes, form)
  values (request.id, request.application_id, letter_kind, path, name, size, form)
  on conflict (request_id) do update set kind = excluded.kind, storage_path = excluded.storage_path,
    file_name = excluded.file_name, size_bytes = excluded.size_bytes, form = excluded.form, updated_at = now();
  if first_time then
    update public.reference_requests r set status = 'received', received_at = now(),
      responded_at = coalesce(r.responded_at, now())
    where r.id = request.id returning * into request;
    perform public.tell_applicant_of_reference(request, 'reference_received',
      format('%s has submitted their reference.', request.referee_name));
  end if;
  return 'received';
end
$$;
revoke execute on function public.keep_reference_letter(public.reference_requests, text, text, text, bigint, jsonb)
  from public, anon, authenticated;

-- The short form: each part 1 to 4,000 characters, the circumstances optional.
create or replace function public.referee_submit_form(token text, relationship text, general text,
  circumstances text, suitability text) returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  request public.reference_requests := public.reference_by_token(token);
begin
  if request.id is null then
    return null;
  elsif coalesce(char_length(btrim(relationship)), 0) not between 2 and 500 then
    raise exception 'Say how you know the applicant and for how long (2 to 500 characters).' using errcode = '22023';
  elsif coalesce(char_length(btrim(general)), 0) not between 50 and 4000 then
    raise exception 'Write your general statement (50 to 4,000 characters).' using errcode = '22023';
  elsif char_length(coalesce(circumstances, '')) > 2000 then
    raise exception 'Circumstances worth knowing are 2,000 characters at most.' using errcode = '22023';
  elsif coalesce(char_length(btrim(suitability)), 0) not between 20 and 4000 then
    raise exception 'Say what makes the applicant suited to this course (20 to 4,000 characters).' using errcode = '22023';
  end if;
  return public.keep_reference_letter(request, 'form', null, null, null, jsonb_build_object(
    'relationship', btrim(relationship), 'general', btrim(general),
    'circumstances', nullif(btrim(coalesce(circumstances, '')), ''), 'suitability', btrim(suitability)));
end
$$;

-- A PDF the app server checked and stored in the request's folder of reference-letters.
create or replace function public.referee_attach_file(token text, storage_path text, file_name text) returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  request public.reference_requests := public.reference_by_token(token);
  meta jsonb;
  size bigint;
begin
  if request.id is null then
    return null;
  end if;
  if storage_path !~ ('^' || request.id || '/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9._-]{1,120}\.pdf$') then
    raise exception 'The letter must be a PDF stored for this request.' using errcode = '22023';
  end if;
  select o.metadata into meta from storage.objects o
  where o.bucket_id = 'reference-letters' and o.name = referee_attach_file.storage_path;
  if not found then
    raise exception 'The letter was not stored. Please upload it again.' using errcode = 'P0001';
  end if;
  size := (meta ->> 'size')::bigint;
  if lower(split_part(coalesce(meta ->> 'mimetype', ''), ';', 1)) <> 'application/pdf' or coalesce(size, 0) not between 1 and 10485760 then
    raise exception 'The letter must be a PDF of at most 10 MB.' using errcode = '22023';
  end if;
  return public.keep_reference_letter(request, 'file', referee_attach_file.storage_path,
    left(coalesce(nullif(btrim(file_name), ''), 'reference.pdf'), 180), size, null);
end
$$;

-- The referee lets the letter written for another application stand for this one: one click.
create or replace function public.referee_confirm_reuse(token text) returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  request public.reference_requests := public.reference_by_token(token);
  earlier public.reference_letters;
begin
  if request.id is null then
    return null;
  end if;
  select * into earlier from public.reference_letters l where l.request_id = request.reuses_request;
  if not found then
    raise exception 'There is no earlier letter to use; write one instead.' using errcode = 'P0001';
  end if;
  return public.keep_reference_letter(request, earlier.kind, earlier.storage_path, earlier.file_name,
    earlier.size_bytes, earlier.form);
end
$$;

revoke execute on function public.referee_view(text), public.referee_respond(text, boolean, text),
  public.referee_submit_form(text, text, text, text, text), public.referee_attach_file(text, text, text),
  public.referee_confirm_reuse(text) from public;
grant execute on function public.referee_view(text), public.referee_respond(text, boolean, text),
  public.referee_submit_form(text, text, text, text, text), public.referee_attach_file(text, text, text),
  public.referee_confirm_reuse(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Reminders and expiry (run by queue_reminders, hourly).

-- Seven days after the request, then 3 days and 1 day before the deadline, while nothing has arrived;
-- a request past its deadline becomes expired. Answers how many reminders were queued.
create or replace function public.queue_referee_reminders(today date) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  due record;
  recorded boolean;
  queued integer := 0;
begin
  update public.reference_requests r set status = 'expired', closed_at = now()
  where public.reference_open(r.status) and r.due_on < today;
  for due in
    select r.*, case when r.due_on - today <= 1 then 'before:1' when r.due_on - today <= 3 then 'before:3'
      else 'after:7' end as step
    from public.reference_requests r
    join public.applications a on a.id = r.application_id
    where public.reference_open(r.status)
      and not coalesce((select g.is_final from public.application_status_guide g where g.status = a.status), false)
      and (r.due_on - today <= 3 or r.sent_at::date <= today - 7)
    order by r.id
  loop
    begin
      insert into public.reference_reminders_sent (request_id, step) values (due.id, due.step)
      on conflict do nothing returning true into recorded;
      if recorded then
        perform public.email_referee(
          (select r from public.reference_requests r where r.id = due.id), 'referee_reminder', 'auto:' || due.step,
          jsonb_build_object('due', public.days_from_now(due.due_on - today)));
        queued := queued + 1;
      end if;
    exception when others then
      perform public.record_job_failure('reminder', 'referee:' || due.id || ':' || due.step, null,
        due.application_id, sqlerrm);
    end;
  end loop;
  return queued;
end
$$;
revoke execute on function public.queue_referee_reminders(date) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Letters.

insert into public.message_templates (key, audience, essential, stands_alone, description, fields, subject, summary, body_text, body_html) values
('referee_request', 'referee', true, true,
  'Asks a referee to write a reference, with their private link. Sent when the applicant asks, and again when staff resend it.',
  '{recipient_name,applicant_name,course,university,deadline,note_line,reference_url,site_url}',
  '{{applicant_name}} asks you for a reference',
  '{{applicant_name}} asks you for a reference for {{course}}.',
  E'Hello {{recipient_name}},\n\n{{applicant_name}} is applying to {{course}} at {{university}} and has named you as a referee.{{note_line}}\n\nYou can accept or decline, then upload a letter (PDF) or fill in a short form, through this private link. You need no account. Please reply by {{deadline}}.\n\n{{reference_url}}\n\nThe link is for you alone: please do not forward it.\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>{{applicant_name}} is applying to <strong>{{course}}</strong> at {{university}} and has named you as a referee.{{note_line}}</p><p>You can accept or decline, then upload a letter (PDF) or fill in a short form, through your private link. You need no account. Please reply by <strong>{{deadline}}</strong>.</p><p><a href="{{reference_url}}">Write or decline the reference</a></p><p>The link is for you alone: please do not forward it.</p><p>Unipath Admissions</p>'),
('referee_reminder', 'referee', true, true,
  'Reminds a referee who has not written yet: 7 days after the request, 3 days and 1 day before the deadline, or when the applicant asks (once a week).',
  '{recipient_name,applicant_name,course,university,deadline,due,note_line,reference_url,site_url}',
  'Reminder: a reference for {{applicant_name}} is due {{due}}',
  'The reference for {{applicant_name}} is due {{due}}.',
  E'Hello {{recipient_name}},\n\n{{applicant_name}} is still waiting for your reference for {{course}} at {{university}}. It is due {{due}} ({{deadline}}).\n\n{{reference_url}}\n\nIf you cannot write it, please say so through the link, so that they can ask someone else.\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>{{applicant_name}} is still waiting for your reference for <strong>{{course}}</strong> at {{university}}. It is due {{due}} ({{deadline}}).</p><p><a href="{{reference_url}}">Write or decline the reference</a></p><p>If you cannot write it, please say so through the link, so that they can ask someone else.</p><p>Unipath Admissions</p>'),
('referee_reuse', 'referee', true, true,
  'Asks a referee whether the letter they wrote for one course may stand for another of the applicant''s applications.',
  '{recipient_name,applicant_name,course,university,deadline,earlier_course,note_line,reference_url,site_url}',
  'May your reference for {{applicant_name}} count for {{course}} too?',
  '{{applicant_name}} asks whether your reference may count for {{course}}.',
  E'Hello {{recipient_name}},\n\nYou wrote a reference for {{applicant_name}} for {{earlier_course}}. They have also applied to {{course}} at {{university}} and ask whether the same letter may count for it.\n\nOne click confirms it; you can also write a new letter instead. Please answer by {{deadline}}.\n\n{{reference_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>You wrote a reference for {{applicant_name}} for {{earlier_course}}. They have also applied to <strong>{{course}}</strong> at {{university}} and ask whether the same letter may count for it.</p><p>One click confirms it; you can also write a new letter instead. Please answer by {{deadline}}.</p><p><a href="{{reference_url}}">Answer the request</a></p><p>Unipath Admissions</p>'),
('reference_received', 'applicant', true, false,
  'Tells the applicant that a referee submitted their reference.',
  '{recipient_name,referee_name,reference,course,university,application_url,site_url}',
  'Your referee has submitted their reference',
  'Your referee {{referee_name}} has submitted their reference for {{course}}.',
  E'Hello {{recipient_name}},\n\nYour referee {{referee_name}} has submitted their reference for {{course}} at {{university}}.\n\nSee where your application stands: {{application_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Your referee {{referee_name}} has submitted their reference for <strong>{{course}}</strong> at {{university}}.</p><p><a href="{{application_url}}">See where your application stands</a></p><p>Unipath Admissions</p>'),
('reference_declined', 'applicant', true, false,
  'Tells the applicant that a referee declined to write, so that they can ask someone else.',
  '{recipient_name,referee_name,reason_line,reference,course,university,application_url,site_url}',
  'Your referee cannot write a reference',
  '{{referee_name}} cannot write a reference for {{course}}.',
  E'Hello {{recipient_name}},\n\n{{referee_name}} cannot write a reference for your application to {{course}} at {{university}}.{{reason_line}}\n\nYou can ask someone else from your application: {{application_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>{{referee_name}} cannot write a reference for your application to <strong>{{course}}</strong> at {{university}}.{{reason_line}}</p><p><a href="{{application_url}}">Ask someone else</a></p><p>Unipath Admissions</p>');
