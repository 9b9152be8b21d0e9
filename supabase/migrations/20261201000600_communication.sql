-- Communication: how messages are made and sent (events, templates, the composer, the outbox and
-- its senders), people's e-mail preferences, the letters for each event, the conversation between an
-- applicant and admissions, staff notifications and reminders, and saved searches with their alerts.

-- ---------------------------------------------------------------------------------------------
-- The notification core.

-- How messages are made and sent. Events (a document rejected, a decision released, a message
-- posted…) are recorded in notification_events by the database functions that cause them. A
-- composer turns the events of one application and one person into one message once they have been
-- quiet for a short window, from the message template of each event (or a summary of them all), and
-- writes it to the outbox with an idempotency key. Senders claim outbox rows under row locks, so
-- every message goes out once whichever server sends it; a failed send is retried with back-off and
-- kept, marked failed, for administrators after the last attempt.

-- E-mail goes through the outbox: the database records the message in the same transaction as the
-- change it announces, and a sender outside the database (the app server with the service key, or
-- the local stack) delivers it. Hosted Postgres cannot send mail itself, and a message is never lost
-- when a change commits, nor sent when it rolls back. The outbox holds HTML beside the text, an
-- idempotency key per composed message, retries with back-off (next_attempt_at) and a permanent
-- failure (failed_at) after the last attempt.
create table public.notification_outbox (
  id uuid primary key default gen_random_uuid(),
  recipient text not null check (char_length(recipient) between 3 and 254),
  user_id uuid references auth.users (id) on delete cascade,
  application_id uuid references public.applications (id) on delete cascade,
  -- Each event writes its own kind of message (decision letters, requests for action, staff alerts).
  kind text not null check (kind ~ '^[a-z][a-z_]{2,60}$'),
  subject text not null check (char_length(subject) <= 200),
  body text not null check (char_length(body) <= 40000),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  last_error text check (char_length(last_error) <= 1000),
  body_html text check (char_length(body_html) <= 80000),
  idempotency_key text unique check (char_length(idempotency_key) <= 200),
  unsubscribe_url text check (char_length(unsubscribe_url) <= 400),
  next_attempt_at timestamptz not null default now(),
  failed_at timestamptz,
  -- Until when a sender holds the message (see claim_notifications); null when no one does.
  claimed_until timestamptz
);
create index notification_outbox_pending_idx on public.notification_outbox (next_attempt_at)
  where sent_at is null and failed_at is null;
create index notification_outbox_failed_idx on public.notification_outbox (failed_at desc) where failed_at is not null;
create index notification_outbox_user_idx on public.notification_outbox (user_id);
create index notification_outbox_application_idx on public.notification_outbox (application_id);

alter table public.notification_outbox enable row level security;
revoke all on public.notification_outbox from anon, authenticated;
grant select on public.notification_outbox to authenticated;
-- A letter to a referee carries their private link until it is sent (then the link is blotted out):
-- staff, who could act as the referee with it, do not read it before.
create policy notification_outbox_select_staff on public.notification_outbox
  for select to authenticated
  using ((select public.is_staff()) and (kind !~ '^referee_' or sent_at is not null));

-- Senders take pending e-mails in small batches. A claim leases the rows for five minutes in the same
-- statement that locks them, skipping rows another sender holds, so two senders running at once never
-- take the same message. The sender marks each message sent once the mail server has taken it; a lease
-- that runs out (its sender stopped between the claim and the mail server) makes the row claimable
-- again, so a message is never lost with its sender.
create function public.claim_notifications(batch_size integer default 20)
returns table (id uuid, recipient text, kind text, subject text, body text, body_html text,
  unsubscribe_url text, attempts integer)
language sql volatile
set search_path = ''
as $$
  update public.notification_outbox o
     set claimed_until = now() + interval '5 minutes', attempts = o.attempts + 1
   where o.id in (
     select p.id from public.notification_outbox p
      where p.sent_at is null and p.failed_at is null and p.next_attempt_at <= now()
        and (p.claimed_until is null or p.claimed_until <= now())
      order by p.next_attempt_at, p.created_at
      limit least(greatest(batch_size, 1), 100)
      for update skip locked)
  returning o.id, o.recipient, o.kind, o.subject, o.body, o.body_html, o.unsubscribe_url, o.attempts
$$;

-- The mail server took the message.
create function public.mark_notification_sent(notification_id uuid) returns void
language sql volatile
set search_path = ''
as $$
  update public.notification_outbox
     set sent_at = now(), claimed_until = null,
         body = case when kind ~ '^referee_' then regexp_replace(body, '/reference/[A-Za-z0-9_-]+', '/reference/(private link)', 'g') else body end,
         body_html = case when kind ~ '^referee_' then regexp_replace(body_html, '/reference/[A-Za-z0-9_-]+', '/reference/', 'g') else body_html end
   where id = notification_id and sent_at is null
$$;

-- A send that failed is tried again later: 1, 2, 4… minutes after, at most an hour; after
-- max_attempts it is marked failed and waits for an administrator.
create function public.release_notification(notification_id uuid, failure text, max_attempts integer default 8)
returns void
language sql volatile
set search_path = ''
as $$
  update public.notification_outbox
     set sent_at = null, claimed_until = null, last_error = left(failure, 1000),
         failed_at = case when attempts >= max_attempts then now() end,
         next_attempt_at = now() + least(power(2, greatest(attempts - 1, 0)), 60) * interval '1 minute'
   where id = notification_id
$$;

-- An administrator sends a failed message again, from the first attempt.
create or replace function public.retry_notification(notification_id uuid) returns public.notification_outbox
language plpgsql security definer
set search_path = ''
as $$
declare
  row public.notification_outbox;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators resend messages.' using errcode = '42501';
  end if;
  update public.notification_outbox o set failed_at = null, attempts = 0, next_attempt_at = now(), sent_at = null
  where o.id = notification_id and o.failed_at is not null returning * into row;
  if not found then
    raise exception 'That message has not failed.' using errcode = 'P0001';
  end if;
  -- A referee's private link is not for staff to read (see the references migration).
  if row.kind ~ '^referee_' then
    row.body := regexp_replace(row.body, '/reference/[A-Za-z0-9_-]+', '/reference/(private link)', 'g');
    row.body_html := regexp_replace(row.body_html, '/reference/[A-Za-z0-9_-]+', '/reference/', 'g');
  end if;
  return row;
end
$$;
revoke execute on function public.claim_notifications(integer), public.mark_notification_sent(uuid),
  public.release_notification(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.claim_notifications(integer), public.mark_notification_sent(uuid),
  public.release_notification(uuid, text, integer) to service_role;
revoke execute on function public.retry_notification(uuid) from public, anon;
grant execute on function public.retry_notification(uuid) to authenticated, service_role;

-- What each person wants: applicants may turn off reminders that are not essential (one-click link in
-- those messages, or their profile); staff choose each event as it happens or a daily digest.
create table public.email_preferences (
  user_id uuid primary key references auth.users (id) on delete cascade,
  reminders boolean not null default true,
  unsubscribe_token text not null unique default encode(extensions.gen_random_bytes(24), 'hex'),
  updated_at timestamptz not null default now()
);
alter table public.email_preferences enable row level security;
revoke all on public.email_preferences from anon, authenticated;
grant select (user_id, reminders, updated_at), update (reminders) on public.email_preferences to authenticated;
create policy email_preferences_own on public.email_preferences
  for select to authenticated using (user_id = (select auth.uid()));
create policy email_preferences_update_own on public.email_preferences
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create trigger email_preferences_touch before update on public.email_preferences
  for each row execute function public.touch_updated_at();

-- Everyone's row, made when first needed.
create or replace function public.email_preferences_of(person uuid) returns public.email_preferences
language plpgsql security definer
set search_path = ''
as $$
declare
  prefs public.email_preferences;
begin
  insert into public.email_preferences (user_id) values (person) on conflict (user_id) do nothing;
  select * into prefs from public.email_preferences p where p.user_id = person;
  return prefs;
end
$$;
revoke execute on function public.email_preferences_of(uuid) from public, anon, authenticated;

-- The caller's own preferences, made on first visit (the profile page reads them).
create or replace function public.my_email_preferences() returns table (reminders boolean)
language sql volatile security definer
set search_path = ''
as $$
  select p.reminders from public.email_preferences_of(auth.uid()) p where auth.uid() is not null
$$;
revoke execute on function public.my_email_preferences() from public, anon;
grant execute on function public.my_email_preferences() to authenticated;

-- The one-click link: the token is the proof, so it works without signing in.
create or replace function public.unsubscribe_reminders(token text) returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  if token is null or token !~ '^[0-9a-f]{48}$' then
    return false;
  end if;
  update public.email_preferences p set reminders = false where p.unsubscribe_token = token;
  return found;
end
$$;
revoke execute on function public.unsubscribe_reminders(text) from public;
grant execute on function public.unsubscribe_reminders(text) to anon, authenticated, service_role;

create table public.staff_notification_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  delivery text not null default 'immediate' check (delivery in ('immediate', 'daily')),
  last_digest_at timestamptz,
  updated_at timestamptz not null default now()
);
alter table public.staff_notification_settings enable row level security;
revoke all on public.staff_notification_settings from anon, authenticated;
grant select, insert (user_id, delivery), update (delivery) on public.staff_notification_settings to authenticated;
create policy staff_notification_settings_own on public.staff_notification_settings
  for select to authenticated using (user_id = (select auth.uid()) and (select public.is_staff()));
create policy staff_notification_settings_insert_own on public.staff_notification_settings
  for insert to authenticated with check (user_id = (select auth.uid()) and (select public.is_staff()));
create policy staff_notification_settings_update_own on public.staff_notification_settings
  for update to authenticated using (user_id = (select auth.uid()) and (select public.is_staff()))
  with check (user_id = (select auth.uid()));
create trigger staff_notification_settings_touch before update on public.staff_notification_settings
  for each row execute function public.touch_updated_at();

-- Message templates: one per event, with the merge fields it may use ({{name}}), a subject, a
-- one-line summary (for messages that gather several events), a plain-text and an HTML body. The
-- product ships them; administrators edit the words (never the fields), every edit is kept as a
-- version and written to the audit log.
create table public.message_templates (
  key text primary key check (key ~ '^[a-z][a-z_]{2,60}$'),
  audience text not null check (audience in ('applicant', 'staff')),
  -- Essential messages always go out; the others (reminders) follow the person's preference.
  essential boolean not null default true,
  -- A formal letter (a decision, the confirmation of a reply, a withdrawal) is evidence an applicant
  -- forwards to sponsors and visa offices: it goes out as its own message, at once, never gathered
  -- with routine updates.
  stands_alone boolean not null default false,
  description text not null check (char_length(description) between 1 and 300),
  fields text[] not null default '{}',
  subject text not null check (char_length(btrim(subject)) between 1 and 200),
  summary text not null check (char_length(btrim(summary)) between 1 and 300),
  body_text text not null check (char_length(btrim(body_text)) between 1 and 10000),
  body_html text not null check (char_length(btrim(body_html)) between 1 and 20000),
  version integer not null default 1 check (version > 0),
  updated_by uuid references auth.users (id) on delete set null,
  last_change text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index message_templates_updated_by_idx on public.message_templates (updated_by);

create table public.message_template_versions (
  id bigint generated always as identity primary key,
  template_key text not null references public.message_templates (key) on delete cascade,
  version integer not null,
  subject text not null,
  summary text not null,
  body_text text not null,
  body_html text not null,
  edited_by uuid references auth.users (id) on delete set null,
  edited_at timestamptz not null default now(),
  unique (template_key, version)
);
create index message_template_versions_edited_by_idx on public.message_template_versions (edited_by);

-- The merge fields a template's words use, each once.
create or replace function public.merge_fields_in(words text) returns text[]
language sql immutable
set search_path = ''
as $$
  select coalesce(array_agg(distinct m[1]), '{}') from regexp_matches(coalesce(words, ''), '\{\{\s*([^{}]*?)\s*\}\}', 'g') m
$$;

-- Refuses words a message cannot be made from: a merge field the event does not have, a brace that
-- does not make a field, or HTML that could run code in a mail client.
-- What an administrator's HTML may hold: the elements and attributes of a plain letter. Links go to
-- the web or to an address, or to a merge field the database fills in (its own links).
create or replace function public.html_refusal(html text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  allowed_elements constant text[] := array['p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub',
    'sup', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'table', 'thead', 'tbody', 'tfoot', 'tr',
    'th', 'td', 'span', 'div', 'code', 'pre'];
  allowed_attributes constant text[] := array['href', 'title', 'colspan', 'rowspan', 'align', 'lang', 'dir'];
  prepared text;
  doc xml;
  element xml;
  element_name text;
  attribute_name text;
  attribute_value text;
  i integer;
begin
  if html is null or btrim(html) = '' then
    return null;
  end if;
  -- HTML's void elements closed, and the named entities letters use spelled as numbers, so that the
  -- XML parser reads an ordinary letter; anything else it cannot read is refused, not guessed at.
  prepared := regexp_replace(html, '<(br|hr|wbr)(\s[^<>]*?)?\s*/?>', '<\1\2/>', 'gi');
  prepared := replace(replace(replace(replace(replace(replace(replace(prepared, '&nbsp;', '&#160;'),
    '&ndash;', '&#8211;'), '&mdash;', '&#8212;'), '&hellip;', '&#8230;'), '&rsquo;', '&#8217;'),
    '&lsquo;', '&#8216;'), '&copy;', '&#169;');
  begin
    doc := xmlparse(document '<letter>' || prepared || '</letter>');
  exception when others then
    return 'The HTML body could not be read: close every tag you open, quote every attribute, and write & as &amp;.';
  end;
  if cardinality(xpath('//comment() | //processing-instruction()', doc)) > 0 then
    return 'The HTML body may not contain comments or processing instructions.';
  end if;
  for element in select unnest(xpath('/letter//*', doc)) loop
    element_name := lower((xpath('name(/*)', element))[1]::text);
    if element_name <> all (allowed_elements) then
      return format('The HTML body may not use <%s>: letters may use only %s.', element_name,
        array_to_string(allowed_elements, ', '));
    end if;
    for i in 1 .. ((xpath('count(/*/@*)', element))[1]::text)::integer loop
      attribute_name := lower((xpath(format('name(/*/@*[%s])', i), element))[1]::text);
      attribute_value := (xpath(format('string(/*/@*[%s])', i), element))[1]::text;
      if attribute_name <> all (allowed_attributes) or (attribute_name = 'href' and element_name <> 'a') then
        return format('The HTML body may not use the %s attribute on <%s>: letters may use href on links, and %s.',
          attribute_name, element_name, array_to_string(allowed_attributes[2:], ', '));
      end if;
      if attribute_name = 'href' and not (btrim(attribute_value) ~* '^(https?://|mailto:|\{\{\s*[a-z_]+\s*\}\})'
          and attribute_value !~ '[[:cntrl:]]') then
        return 'A link in the HTML body must start with https://, http://, mailto: or a merge field such as {{application_url}}.';
      end if;
    end loop;
  end loop;
  return null;
end
$$;

create or replace function public.check_message_template() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  part record;
  unknown text[];
  refusal text;
begin
  for part in select * from (values ('subject', new.subject), ('summary', new.summary),
    ('plain-text body', new.body_text), ('HTML body', new.body_html)) p(label, words)
  loop
    if regexp_replace(part.words, '\{\{\s*[a-z_]+\s*\}\}', '', 'g') ~ '\{\{|\}\}' then
      raise exception 'The % has a broken merge field: write each one as {{name}}.', part.label using errcode = '22023';
    end if;
    select array_agg(f order by f) into unknown from unnest(public.merge_fields_in(part.words)) f
    where f <> all (new.fields);
    if unknown is not null then
      raise exception 'The % uses unknown merge field(s) %. This message can use: %.', part.label,
        (select string_agg('{{' || u || '}}', ', ') from unnest(unknown) u),
        coalesce((select string_agg('{{' || f || '}}', ', ' order by f) from unnest(new.fields) f), 'none')
        using errcode = '22023';
    end if;
  end loop;
  refusal := public.html_refusal(new.body_html);
  if refusal is not null then
    raise exception '%', refusal using errcode = '22023';
  end if;
  if tg_op = 'UPDATE' and new.fields is distinct from old.fields and current_user in ('anon', 'authenticated') then
    raise exception 'The merge fields of a message belong to its event and cannot be changed.' using errcode = '42501';
  end if;
  return new;
end
$$;
create trigger message_templates_check before insert or update on public.message_templates
  for each row execute function public.check_message_template();

create or replace function public.keep_template_version() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.message_template_versions (template_key, version, subject, summary, body_text, body_html, edited_by)
  values (new.key, new.version, new.subject, new.summary, new.body_text, new.body_html, auth.uid())
  on conflict (template_key, version) do nothing;
  return null;
end
$$;
create trigger message_templates_keep_version after insert or update on public.message_templates
  for each row execute function public.keep_template_version();
create trigger message_templates_touch before update on public.message_templates
  for each row execute function public.touch_updated_at();
create trigger version_10_check before update of version on public.message_templates
  for each row execute function public.check_row_version('message template');
create trigger version_20_stamp before update on public.message_templates
  for each row execute function public.stamp_row_version();
create trigger message_templates_audit after update on public.message_templates
  for each row execute function public.audit_staff_change();
revoke execute on function public.check_message_template(), public.keep_template_version()
  from public, anon, authenticated;

alter table public.message_templates enable row level security;
alter table public.message_template_versions enable row level security;
revoke all on public.message_templates, public.message_template_versions from anon, authenticated;
grant select, update (subject, summary, body_text, body_html, version) on public.message_templates to authenticated;
grant select on public.message_template_versions to authenticated;
create policy message_templates_select_admin on public.message_templates
  for select to authenticated using ((select public.has_role('admin')));
create policy message_templates_update_admin on public.message_templates
  for update to authenticated using ((select public.has_role('admin'))) with check ((select public.has_role('admin')));
create policy message_template_versions_select_admin on public.message_template_versions
  for select to authenticated using ((select public.has_role('admin')));

-- Drafts: an administrator's edit is kept aside, previewed on a real application, then published
-- (it becomes the template's words and a new version) or discarded. Messages composed meanwhile
-- keep using the published words. A draft is checked as the template is: its merge fields are the
-- template's own.
create table public.message_template_drafts (
  template_key text primary key references public.message_templates (key) on delete cascade,
  fields text[] not null default '{}',
  subject text not null check (char_length(btrim(subject)) between 1 and 200),
  summary text not null check (char_length(btrim(summary)) between 1 and 300),
  body_text text not null check (char_length(btrim(body_text)) between 1 and 10000),
  body_html text not null check (char_length(btrim(body_html)) between 1 and 20000),
  -- The template's version the draft was written on: publishing over a newer one is refused.
  based_on integer not null,
  saved_by uuid references auth.users (id) on delete set null,
  saved_at timestamptz not null default now()
);
create index message_template_drafts_saved_by_idx on public.message_template_drafts (saved_by);

create or replace function public.fill_template_draft() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.fields := (select t.fields from public.message_templates t where t.key = new.template_key);
  new.saved_by := auth.uid();
  new.saved_at := now();
  return new;
end
$$;
revoke execute on function public.fill_template_draft() from public, anon, authenticated;
create trigger message_template_drafts_10_fill before insert or update on public.message_template_drafts
  for each row execute function public.fill_template_draft();
create trigger message_template_drafts_20_check before insert or update on public.message_template_drafts
  for each row execute function public.check_message_template();

alter table public.message_template_drafts enable row level security;
revoke all on public.message_template_drafts from anon, authenticated;
-- An upsert (the editor's save) sets every column it sends, the key included.
grant select, insert, delete, update (template_key, subject, summary, body_text, body_html, based_on)
  on public.message_template_drafts to authenticated;
create policy message_template_drafts_admin on public.message_template_drafts
  for all to authenticated using ((select public.has_role('admin'))) with check ((select public.has_role('admin')));

-- Publishing a draft: its words become the template's (a new version, in the audit log with what
-- changed), and the draft is gone. Refused when the template changed since the draft was written.
create or replace function public.publish_template_draft(template_key text)
returns public.message_templates
language plpgsql security definer
set search_path = ''
as $$
declare
  draft public.message_template_drafts;
  template public.message_templates;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators publish message templates.' using errcode = '42501';
  end if;
  select * into draft from public.message_template_drafts d where d.template_key = publish_template_draft.template_key
    for update;
  if not found then
    raise exception 'There is no draft of that template to publish.' using errcode = 'P0001';
  end if;
  update public.message_templates t set subject = draft.subject, summary = draft.summary,
    body_text = draft.body_text, body_html = draft.body_html, version = draft.based_on
  where t.key = draft.template_key returning * into template;
  delete from public.message_template_drafts d where d.template_key = draft.template_key;
  return template;
end
$$;
revoke execute on function public.publish_template_draft(text) from public, anon;
grant execute on function public.publish_template_draft(text) to authenticated, service_role;

-- Fills the merge fields: text as it is; HTML escaped, line breaks as <br>. Fields named *_html are
-- HTML the database made itself (a list of other messages), put in as they are.
create or replace function public.render_words(words text, fields jsonb, html boolean) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  result text := words;
  name text;
  value text;
begin
  foreach name in array public.merge_fields_in(words) loop
    value := coalesce(fields ->> name, '');
    if html and name !~ '_html$' then
      value := replace(replace(replace(replace(replace(value, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
        '"', '&quot;'), '''', '&#39;');
      value := replace(value, E'\n', '<br>');
    end if;
    result := regexp_replace(result, '\{\{\s*' || name || '\s*\}\}', replace(value, '\', '\\'), 'g');
  end loop;
  return result;
end
$$;
revoke execute on function public.merge_fields_in(text), public.render_words(text, jsonb, boolean) from public;
grant execute on function public.merge_fields_in(text), public.render_words(text, jsonb, boolean)
  to anon, authenticated, service_role;

-- A template rendered with the given fields.
create or replace function public.render_template(template_key text, merge jsonb,
  out subject text, out summary text, out body_text text, out body_html text)
language sql stable security definer
set search_path = ''
as $$
  select public.render_words(t.subject, merge, false), public.render_words(t.summary, merge, false),
    public.render_words(t.body_text, merge, false), public.render_words(t.body_html, merge, true)
  from public.message_templates t where t.key = template_key
$$;
revoke execute on function public.render_template(text, jsonb) from public, anon, authenticated;

-- What happened, for whom. Written only by the database's own functions and triggers.
create table public.notification_events (
  id bigint generated always as identity primary key,
  recipient_id uuid not null references auth.users (id) on delete cascade,
  application_id uuid references public.applications (id) on delete cascade,
  template_key text not null references public.message_templates (key),
  fields jsonb not null default '{}' check (jsonb_typeof(fields) = 'object'),
  created_at timestamptz not null default now(),
  composed_at timestamptz,
  -- Why an event made no message of its own: 'duplicate', 'unsubscribed', 'no_address', or 'failed'
  -- when composing its message raised (the error is in job_failures until an administrator retries).
  skipped text check (skipped in ('duplicate', 'unsubscribed', 'no_address', 'failed')),
  message_id uuid references public.notification_outbox (id) on delete set null
);
create index notification_events_pending_idx on public.notification_events (recipient_id, application_id, created_at)
  where composed_at is null;
create index notification_events_application_idx on public.notification_events (application_id);
create index notification_events_template_idx on public.notification_events (template_key);
create index notification_events_message_idx on public.notification_events (message_id);
alter table public.notification_events enable row level security;
revoke all on public.notification_events from anon, authenticated;
grant select on public.notification_events to authenticated;
create policy notification_events_select_admin on public.notification_events
  for select to authenticated using ((select public.has_role('admin')));

-- What the timed work could not do. The composer, the staff digests, the reminders, the saved-search
-- alerts and the lapsing of offers each handle one group or row at a time in a subtransaction: one that raises is rolled back
-- alone, recorded here (one row per job and item, counting repeats) and skipped, and everything else
-- goes on. Administrators see these at /admin/mail; retrying a message that could not be composed
-- puts its events back for the next sweep, and reminders and alerts are tried again by the next run.
create table public.job_failures (
  id bigint generated always as identity primary key,
  job text not null check (job in ('compose', 'digest', 'reminder', 'search_alert', 'offer_expiry')),
  -- What failed, as the job knows it: 'events:<recipient>:<application>', 'reminder:<kind>:<application>'…
  item text not null check (char_length(item) between 1 and 200),
  recipient_id uuid references auth.users (id) on delete cascade,
  application_id uuid references public.applications (id) on delete cascade,
  error text not null check (char_length(error) between 1 and 1000),
  failures integer not null default 1 check (failures >= 1),
  first_failed_at timestamptz not null default now(),
  last_failed_at timestamptz not null default now(),
  unique (job, item)
);
create index job_failures_recipient_idx on public.job_failures (recipient_id);
create index job_failures_application_idx on public.job_failures (application_id);
alter table public.job_failures enable row level security;
revoke all on public.job_failures from anon, authenticated;
grant select on public.job_failures to authenticated;
create policy job_failures_select_admin on public.job_failures
  for select to authenticated using ((select public.has_role('admin')));

create or replace function public.record_job_failure(job text, item text, recipient uuid, application uuid,
  failure text)
returns void
language sql volatile security definer
set search_path = ''
as $$
  insert into public.job_failures (job, item, recipient_id, application_id, error)
  values (job, left(item, 200), recipient, application, left(coalesce(nullif(failure, ''), 'unknown error'), 1000))
  on conflict on constraint job_failures_job_item_key do update
    set error = excluded.error, failures = public.job_failures.failures + 1, last_failed_at = now()
$$;
revoke execute on function public.record_job_failure(text, text, uuid, uuid, text) from public, anon, authenticated;

-- An administrator clears a failure once its cause is fixed: a message that could not be composed gets
-- its events back for the next sweep; reminders and alerts are tried again by the next hourly run anyway.
create or replace function public.retry_job_failure(failure_id bigint) returns public.job_failures
language plpgsql security definer
set search_path = ''
as $$
declare
  row public.job_failures;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators retry background work.' using errcode = '42501';
  end if;
  delete from public.job_failures f where f.id = failure_id returning * into row;
  if not found then
    raise exception 'That failure has already been cleared.' using errcode = 'P0001';
  end if;
  if row.job in ('compose', 'digest') then
    update public.notification_events e set composed_at = null, skipped = null
    where e.skipped = 'failed' and e.recipient_id = row.recipient_id
      and (row.job = 'digest' or e.application_id is not distinct from row.application_id);
  end if;
  return row;
end
$$;
revoke execute on function public.retry_job_failure(bigint) from public, anon;
grant execute on function public.retry_job_failure(bigint) to authenticated, service_role;

-- Text cut to fit a column, marked with an ellipsis where it was cut.
create or replace function public.fit_text(value text, max_length integer) returns text
language sql immutable
set search_path = ''
as $$
  select case when char_length(value) <= max_length then value else left(value, max_length - 1) || '…' end
$$;

-- The fields every message about an application can use, as they stand when the event happens.
create or replace function public.application_fields(application uuid, recipient uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'recipient_name', left(coalesce(nullif(btrim(p.full_name), ''),
      case when a.applicant_id = recipient then nullif(btrim(a.answers #>> '{personal,full_name}'), '') end, 'there'), 120),
    'site_url', s.site_url,
    'applications_url', s.site_url || '/applications',
    'profile_url', s.site_url || '/profile',
    'application_url', case when a.id is null then null when a.applicant_id = recipient
      then s.site_url || '/applications/' || a.id else s.site_url || '/admin/applications/' || a.id end,
    'applicant_name', left(coalesce(nullif(btrim(a.answers #>> '{personal,full_name}'), ''), 'the applicant'), 120),
    'reference', a.reference,
    'course', c.title,
    'university', c.university_name,
    'term', i.term,
    'deadline', to_char(i.deadline, 'FMDD FMMonth YYYY'),
    'reply_by', to_char(a.reply_by, 'FMDD FMMonth YYYY')))
  from public.admissions_settings s
  left join public.applications a on a.id = application
  left join public.courses c on c.id = a.course_id
  left join public.intakes i on i.id = a.intake_id
  left join public.profiles p on p.id = recipient
$$;
revoke execute on function public.application_fields(uuid, uuid) from public, anon, authenticated;

-- Records an event for one person: the event's own fields over the application's.
create or replace function public.queue_event(recipient uuid, application uuid, template_key text,
  fields jsonb default '{}')
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if recipient is null then
    return;
  end if;
  insert into public.notification_events (recipient_id, application_id, template_key, fields)
  values (recipient, application, template_key, public.application_fields(application, recipient) || coalesce(fields, '{}'));
end
$$;
revoke execute on function public.queue_event(uuid, uuid, text, jsonb) from public, anon, authenticated;

-- One message from a set of events for one person: the event's own template when there is one,
-- else the updates template listing each. Returns the outbox row, or null when nothing was due.
create or replace function public.compose_message(recipient uuid, application uuid, event_ids bigint[],
  gather_template text)
returns uuid
language plpgsql security definer
set search_path = ''
as $$
declare
  email text;
  kept bigint[];
  prefs public.email_preferences;
  rendered record;
  texts text[] := '{}';
  htmls text[] := '{}';
  essential boolean := true;
  message_kind text;
  new_message uuid;
  event record;
begin
  select u.email into email from auth.users u where u.id = recipient;
  if email is null then
    update public.notification_events set composed_at = now(), skipped = 'no_address' where id = any (event_ids);
    return null;
  end if;
  prefs := public.email_preferences_of(recipient);
  -- The same event twice (a save repeated, a double click) is one line; reminders follow the preference.
  update public.notification_events e set composed_at = now(), skipped = 'duplicate'
  where e.id = any (event_ids) and exists (select 1 from public.notification_events o
    where o.id = any (event_ids) and o.id < e.id and o.template_key = e.template_key and o.fields = e.fields);
  update public.notification_events e set composed_at = now(), skipped = 'unsubscribed'
  from public.message_templates t
  where e.id = any (event_ids) and e.skipped is null and t.key = e.template_key and not t.essential
    and not prefs.reminders;
  select array_agg(e.id order by e.id) into kept from public.notification_events e
  where e.id = any (event_ids) and e.skipped is null;
  if kept is null then
    return null;
  end if;
  for event in select e.*, t.essential from public.notification_events e
    join public.message_templates t on t.key = e.template_key where e.id = any (kept) order by e.id
  loop
    select * into rendered from public.render_template(event.template_key, event.fields);
    texts := texts || format(E'%s\n\n%s', rendered.subject, rendered.body_text);
    htmls := htmls || format('<h2>%s</h2>%s', public.render_words('{{s}}', jsonb_build_object('s', rendered.subject), true),
      rendered.body_html);
    essential := essential and event.essential;
    message_kind := event.template_key;
  end loop;
  if cardinality(kept) > 1 then
    select * into rendered from public.render_template(gather_template,
      (select e.fields from public.notification_events e where e.id = kept[1])
      || jsonb_build_object('count', cardinality(kept)::text,
        'updates', array_to_string(texts, E'\n\n————————\n\n'),
        'updates_html', array_to_string(htmls, '<hr>')));
    message_kind := gather_template;
  end if;
  -- A subject made long by what people typed (a name, a course) is cut to fit the outbox, not refused.
  rendered.subject := public.fit_text(rendered.subject, 200);
  -- Never the same words twice to the same person within a day.
  if exists (select 1 from public.notification_outbox o where o.recipient = email and o.subject = rendered.subject
      and o.body = rendered.body_text and o.created_at > now() - interval '1 day') then
    update public.notification_events set composed_at = now(), skipped = 'duplicate' where id = any (kept);
    return null;
  end if;
  insert into public.notification_outbox (recipient, user_id, application_id, kind, subject, body, body_html,
    idempotency_key, unsubscribe_url)
  values (email, recipient, application, message_kind, rendered.subject, rendered.body_text, rendered.body_html,
    'events:' || md5(array_to_string(kept, ',')),
    case when not essential then (select s.site_url from public.admissions_settings s)
      || '/unsubscribe?token=' || prefs.unsubscribe_token end)
  on conflict (idempotency_key) do nothing
  returning id into new_message;
  update public.notification_events set composed_at = now(), message_id = new_message where id = any (kept);
  return new_message;
end
$$;
revoke execute on function public.compose_message(uuid, uuid, bigint[], text) from public, anon, authenticated;

-- The composer: a formal letter (stands_alone) becomes its own message at once; every person's other
-- events about one application become one message once the first of them is quiet_seconds old. Staff
-- who chose a daily digest get theirs from compose_staff_digests.
-- Safe to run on several servers at once: each group is taken under row locks, skipping any held.
create or replace function public.compose_notifications(quiet_seconds integer default 120, max_groups integer default 100)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  grp record;
  ids bigint[];
  composed integer := 0;
  failure text;
begin
  for grp in
    select e.recipient_id, e.application_id, t.stands_alone, case when t.stands_alone then e.id end as letter
    from public.notification_events e
    join public.message_templates t on t.key = e.template_key
    left join public.staff_notification_settings s on s.user_id = e.recipient_id
    where e.composed_at is null and not (t.audience = 'staff' and coalesce(s.delivery, 'immediate') = 'daily')
    group by e.recipient_id, e.application_id, t.stands_alone, case when t.stands_alone then e.id end
    having bool_or(t.stands_alone)
      or min(e.created_at) <= now() - make_interval(secs => greatest(coalesce(quiet_seconds, 120), 0))
    order by min(e.created_at)
    limit greatest(coalesce(max_groups, 100), 1)
  loop
    select array_agg(x.id order by x.id) into ids from (
      select e.id from public.notification_events e
      join public.message_templates t on t.key = e.template_key
      left join public.staff_notification_settings s on s.user_id = e.recipient_id
      where e.recipient_id = grp.recipient_id and e.application_id is not distinct from grp.application_id
        and e.composed_at is null and not (t.audience = 'staff' and coalesce(s.delivery, 'immediate') = 'daily')
        and t.stands_alone = grp.stands_alone and (grp.letter is null or e.id = grp.letter)
      for update of e skip locked) x;
    if ids is not null then
      begin
        perform public.compose_message(grp.recipient_id, grp.application_id, ids,
          case when (select bool_and(t.audience = 'staff') from public.notification_events e
            join public.message_templates t on t.key = e.template_key where e.id = any (ids))
            then 'staff_updates' else 'application_updates' end);
        composed := composed + 1;
      exception when others then
        failure := sqlerrm;
        update public.notification_events set composed_at = now(), skipped = 'failed' where id = any (ids);
        perform public.record_job_failure('compose',
          'events:' || grp.recipient_id || ':' || coalesce(grp.application_id::text, 'none'),
          grp.recipient_id, grp.application_id, failure);
      end;
    end if;
  end loop;
  return composed;
end
$$;

-- The daily digest for staff who chose one: everything since their last digest, in one message.
create or replace function public.compose_staff_digests(every_hours integer default 24) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  person record;
  ids bigint[];
  composed integer := 0;
  failure text;
begin
  for person in
    select s.user_id from public.staff_notification_settings s
    where s.delivery = 'daily' and (s.last_digest_at is null
      or s.last_digest_at <= now() - make_interval(hours => greatest(coalesce(every_hours, 24), 1)))
    for update of s skip locked
  loop
    select array_agg(x.id order by x.id) into ids from (
      select e.id from public.notification_events e join public.message_templates t on t.key = e.template_key
      where e.recipient_id = person.user_id and e.composed_at is null and t.audience = 'staff'
      for update of e skip locked) x;
    update public.staff_notification_settings s set last_digest_at = now() where s.user_id = person.user_id;
    if ids is not null then
      begin
        perform public.compose_message(person.user_id, null, ids, 'staff_digest');
        composed := composed + 1;
      exception when others then
        failure := sqlerrm;
        update public.notification_events set composed_at = now(), skipped = 'failed' where id = any (ids);
        perform public.record_job_failure('digest', 'digest:' || person.user_id, person.user_id, null, failure);
      end;
    end if;
  end loop;
  return composed;
end
$$;
revoke execute on function public.compose_notifications(integer, integer), public.compose_staff_digests(integer)
  from public, anon, authenticated;
grant execute on function public.compose_notifications(integer, integer), public.compose_staff_digests(integer)
  to service_role;

-- The templates that gather several events.
insert into public.message_templates (key, audience, essential, description, fields, subject, summary, body_text, body_html) values
('application_updates', 'applicant', true,
  'Several changes to one application within a few minutes, sent as one message.',
  '{recipient_name,reference,course,university,term,application_url,applications_url,site_url,count,updates,updates_html}',
  '{{count}} updates on your application {{reference}}',
  '{{count}} updates on your application {{reference}}',
  E'Hello {{recipient_name}},\n\nThere are {{count}} updates on your application {{reference}} for {{course}} at {{university}}:\n\n{{updates}}\n\nSee your application: {{application_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>There are {{count}} updates on your application {{reference}} for {{course}} at {{university}}:</p>{{updates_html}}<p><a href="{{application_url}}">See your application</a></p><p>Unipath Admissions</p>'),
('staff_updates', 'staff', true,
  'Several changes for a member of staff about one application within a few minutes, sent as one message.',
  '{recipient_name,reference,applicant_name,course,university,term,application_url,site_url,count,updates,updates_html}',
  '{{count}} updates on {{reference}}',
  '{{count}} updates on {{reference}}',
  E'Hello {{recipient_name}},\n\n{{count}} things happened on application {{reference}} ({{applicant_name}}, {{course}}):\n\n{{updates}}\n\nOpen it: {{application_url}}\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>{{count}} things happened on application {{reference}} ({{applicant_name}}, {{course}}):</p>{{updates_html}}<p><a href="{{application_url}}">Open the application</a></p><p>Unipath</p>'),
('staff_digest', 'staff', true,
  'The daily digest for staff who asked for one: everything since the last digest.',
  '{recipient_name,site_url,count,updates,updates_html}',
  'Your Unipath digest: {{count}} updates',
  'Your Unipath digest: {{count}} updates',
  E'Hello {{recipient_name}},\n\nHere is what happened since your last digest ({{count}} updates):\n\n{{updates}}\n\nThe admin console: {{site_url}}/admin\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>Here is what happened since your last digest ({{count}} updates):</p>{{updates_html}}<p><a href="{{site_url}}/admin">Open the admin console</a></p><p>Unipath</p>');

-- ---------------------------------------------------------------------------------------------
-- Letters.

-- The letter for each event. The functions that cause an event record it with queue_event, and the
-- composer makes one message per person and application from the event's template (or one message
-- listing several). A message about a single event is known in the outbox by its template's key
-- (application_submitted, decision_…, place_freed…). The templates below are the product's default
-- words; administrators edit them in /admin/templates.
insert into public.message_templates (key, audience, essential, description, fields, subject, summary, body_text, body_html) values
('application_submitted', 'applicant', true,
  'The receipt an applicant gets when they submit an application.',
  '{recipient_name,reference,course,university,term,deadline,submitted_at,application_url,applications_url,site_url}',
  'We received your application {{reference}}',
  'Your application {{reference}} was received on {{submitted_at}} UTC.',
  E'Hello {{recipient_name}},\n\nThank you: your application for {{course}} at {{university}} ({{term}}) was submitted on {{submitted_at}} UTC.\n\nReference: {{reference}}\n\nAdmissions will review it next. You can follow its progress, and answer any request from admissions, on your application page:\n{{application_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Thank you: your application for <strong>{{course}}</strong> at {{university}} ({{term}}) was submitted on {{submitted_at}} UTC.</p><p>Reference: <strong>{{reference}}</strong></p><p>Admissions will review it next. You can follow its progress, and answer any request from admissions, on your application page.</p><p><a href="{{application_url}}">See your application</a></p><p>Unipath Admissions</p>'),
('document_rejected', 'applicant', true,
  'Admissions could not accept a document: which one, why, and where to upload a new one.',
  '{recipient_name,reference,course,university,term,document,reason,reupload_url,application_url,site_url}',
  'Please upload a new {{document}}: {{reference}}',
  'Your {{document}} was not accepted: {{reason}}',
  E'Hello {{recipient_name}},\n\nAdmissions checked the {{document}} you uploaded for your application {{reference}} ({{course}} at {{university}}) and could not accept it.\n\nThe reason: {{reason}}\n\nPlease upload a new {{document}} here:\n{{reupload_url}}\n\nYour application goes on as soon as admissions has a document it can accept.\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Admissions checked the <strong>{{document}}</strong> you uploaded for your application {{reference}} ({{course}} at {{university}}) and could not accept it.</p><p>The reason: {{reason}}</p><p><a href="{{reupload_url}}">Upload a new {{document}}</a></p><p>Your application goes on as soon as admissions has a document it can accept.</p><p>Unipath Admissions</p>'),
('application_action_required', 'applicant', true,
  'Admissions needs something from the applicant: the request and the list of documents still needed.',
  '{recipient_name,reference,course,university,term,request,missing_items,missing_items_html,respond_url,application_url,site_url}',
  'Action needed on your application {{reference}}',
  'Admissions needs something from you: {{request}}',
  E'Hello {{recipient_name}},\n\nAdmissions needs something from you before your application {{reference}} ({{course}} at {{university}}) can go on.\n\nThe request from admissions:\n{{request}}\n\nWhat is needed:\n{{missing_items}}\n\nRespond on your application page:\n{{respond_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Admissions needs something from you before your application {{reference}} ({{course}} at {{university}}) can go on.</p><p><strong>The request from admissions:</strong><br>{{request}}</p><p><strong>What is needed:</strong></p>{{missing_items_html}}<p><a href="{{respond_url}}">Respond on your application page</a></p><p>Unipath Admissions</p>'),
('decision_offer_conditional', 'applicant', true,
  'A conditional offer: the conditions to meet and the date to reply by.',
  '{recipient_name,reference,course,university,term,conditions,reply_by,application_url,site_url}',
  'Your conditional offer: {{reference}}',
  'A conditional offer for {{course}}: please reply by {{reply_by}}.',
  E'Hello {{recipient_name}},\n\nWe are delighted to offer you a place on {{course}} at {{university}}, starting {{term}}.\n\nThis offer is conditional. To confirm your place you must meet these conditions:\n{{conditions}}\n\nPlease accept or decline the offer on your Unipath applications page by {{reply_by}}:\n{{application_url}}\n\nReference: {{reference}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>We are delighted to offer you a place on <strong>{{course}}</strong> at {{university}}, starting {{term}}.</p><p>This offer is conditional. To confirm your place you must meet these conditions:</p><blockquote>{{conditions}}</blockquote><p>Please accept or decline the offer by <strong>{{reply_by}}</strong>.</p><p><a href="{{application_url}}">Reply to the offer</a></p><p>Reference: {{reference}}</p><p>Unipath Admissions</p>'),
('decision_offer_unconditional', 'applicant', true,
  'An unconditional offer and the date to reply by.',
  '{recipient_name,reference,course,university,term,reply_by,application_url,site_url}',
  'Your offer: {{reference}}',
  'An offer of a place on {{course}}: please reply by {{reply_by}}.',
  E'Hello {{recipient_name}},\n\nWe are delighted to offer you a place on {{course}} at {{university}}, starting {{term}}. The offer is unconditional.\n\nPlease accept or decline it on your Unipath applications page by {{reply_by}}:\n{{application_url}}\n\nReference: {{reference}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>We are delighted to offer you a place on <strong>{{course}}</strong> at {{university}}, starting {{term}}. The offer is unconditional.</p><p>Please accept or decline it by <strong>{{reply_by}}</strong>.</p><p><a href="{{application_url}}">Reply to the offer</a></p><p>Reference: {{reference}}</p><p>Unipath Admissions</p>'),
('decision_waitlisted', 'applicant', true,
  'The applicant is on the waiting list, and what happens next.',
  '{recipient_name,reference,course,university,term,application_url,site_url}',
  'You are on the waiting list: {{reference}}',
  'You are on the waiting list for {{course}}; we will write if a place becomes free.',
  E'Hello {{recipient_name}},\n\nThank you for your application for {{course}} at {{university}}, starting {{term}}. All places are currently taken, and we have put you on the waiting list.\n\nWhat happens next: if a place becomes free, we will make you an offer and write to you straight away. There is nothing you need to do now, and you are free to keep other applications open.\n\nYour application: {{application_url}}\n\nReference: {{reference}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Thank you for your application for <strong>{{course}}</strong> at {{university}}, starting {{term}}. All places are currently taken, and we have put you on the waiting list.</p><p><strong>What happens next:</strong> if a place becomes free, we will make you an offer and write to you straight away. There is nothing you need to do now, and you are free to keep other applications open.</p><p><a href="{{application_url}}">See your application</a></p><p>Reference: {{reference}}</p><p>Unipath Admissions</p>'),
('decision_rejected', 'applicant', true,
  'The application was unsuccessful, with the public wording of the reason.',
  '{recipient_name,reference,course,university,term,reason,applications_url,site_url}',
  'The outcome of your application {{reference}}',
  'Your application for {{course}} was unsuccessful.',
  E'Hello {{recipient_name}},\n\nThank you for applying for {{course}} at {{university}}, starting {{term}}. We are sorry to tell you that we cannot offer you a place.\n\nThe reason: {{reason}}\n\nYou can apply for another course on Unipath at any time: {{site_url}}\n\nReference: {{reference}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Thank you for applying for <strong>{{course}}</strong> at {{university}}, starting {{term}}. We are sorry to tell you that we cannot offer you a place.</p><p>The reason: {{reason}}</p><p>You can <a href="{{site_url}}">apply for another course on Unipath</a> at any time.</p><p>Reference: {{reference}}</p><p>Unipath Admissions</p>'),
('decision_conditions_met', 'applicant', true,
  'The applicant met the conditions of their offer, and what happens next.',
  '{recipient_name,reference,course,university,term,next_step,application_url,site_url}',
  'Your place is confirmed: {{reference}}',
  'You met the conditions of your offer for {{course}}.',
  E'Hello {{recipient_name}},\n\nGood news: you have met the conditions of your offer for {{course}} at {{university}}, starting {{term}}, so your offer is now unconditional.\n\n{{next_step}}\n\nYour application: {{application_url}}\n\nReference: {{reference}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Good news: you have met the conditions of your offer for <strong>{{course}}</strong> at {{university}}, starting {{term}}, so your offer is now unconditional.</p><p>{{next_step}}</p><p><a href="{{application_url}}">See your application</a></p><p>Reference: {{reference}}</p><p>Unipath Admissions</p>'),
('decision_conditions_not_met', 'applicant', true,
  'The conditions of an offer were not met, with the public wording of the reason.',
  '{recipient_name,reference,course,university,term,reason,application_url,site_url}',
  'The outcome of your conditional offer {{reference}}',
  'The conditions of your offer for {{course}} were not met.',
  E'Hello {{recipient_name}},\n\nWe are sorry to tell you that the conditions of your offer for {{course}} at {{university}}, starting {{term}}, were not met, so we cannot confirm your place.\n\nThe reason: {{reason}}\n\nYour application: {{application_url}}\n\nReference: {{reference}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>We are sorry to tell you that the conditions of your offer for <strong>{{course}}</strong> at {{university}}, starting {{term}}, were not met, so we cannot confirm your place.</p><p>The reason: {{reason}}</p><p><a href="{{application_url}}">See your application</a></p><p>Reference: {{reference}}</p><p>Unipath Admissions</p>'),
('decision_offer_withdrawn', 'applicant', true,
  'Admissions withdrew an offer, with the public wording of the reason.',
  '{recipient_name,reference,course,university,term,reason,application_url,site_url}',
  'Your offer has been withdrawn: {{reference}}',
  'The offer of a place on {{course}} was withdrawn.',
  E'Hello {{recipient_name}},\n\nWe are sorry to tell you that we have withdrawn our offer of a place on {{course}} at {{university}}, starting {{term}}.\n\nThe reason: {{reason}}\n\nIf you have questions, reply through your Unipath application page:\n{{application_url}}\n\nReference: {{reference}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>We are sorry to tell you that we have withdrawn our offer of a place on <strong>{{course}}</strong> at {{university}}, starting {{term}}.</p><p>The reason: {{reason}}</p><p>If you have questions, reply through <a href="{{application_url}}">your Unipath application page</a>.</p><p>Reference: {{reference}}</p><p>Unipath Admissions</p>'),
('offer_accepted', 'applicant', true,
  'Confirms to the applicant that they accepted an offer, and what happens next.',
  '{recipient_name,reference,course,university,term,next_step,application_url,site_url}',
  'You accepted your offer: {{reference}}',
  'You accepted the offer of a place on {{course}}.',
  E'Hello {{recipient_name}},\n\nThank you: you accepted the offer of a place on {{course}} at {{university}}, starting {{term}}.\n\n{{next_step}}\n\nYour application: {{application_url}}\n\nReference: {{reference}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Thank you: you accepted the offer of a place on <strong>{{course}}</strong> at {{university}}, starting {{term}}.</p><p>{{next_step}}</p><p><a href="{{application_url}}">See your application</a></p><p>Reference: {{reference}}</p><p>Unipath Admissions</p>'),
('offer_declined', 'applicant', true,
  'Confirms to the applicant that they declined an offer.',
  '{recipient_name,reference,course,university,term,application_url,site_url}',
  'You declined your offer: {{reference}}',
  'You declined the offer of a place on {{course}}.',
  E'Hello {{recipient_name}},\n\nThis confirms that you declined the offer of a place on {{course}} at {{university}}, starting {{term}}. The application is now closed and the place will go to someone else.\n\nIf you did not mean to decline, contact admissions through your application page as soon as possible:\n{{application_url}}\n\nYou can apply for another course on Unipath at any time: {{site_url}}\n\nReference: {{reference}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>This confirms that you declined the offer of a place on <strong>{{course}}</strong> at {{university}}, starting {{term}}. The application is now closed and the place will go to someone else.</p><p>If you did not mean to decline, contact admissions through <a href="{{application_url}}">your application page</a> as soon as possible.</p><p>You can <a href="{{site_url}}">apply for another course on Unipath</a> at any time.</p><p>Reference: {{reference}}</p><p>Unipath Admissions</p>'),
('application_enrolled', 'applicant', true,
  'The applicant is enrolled.',
  '{recipient_name,reference,course,university,term,application_url,site_url}',
  'You are enrolled: {{reference}}',
  'You are enrolled on {{course}}.',
  E'Hello {{recipient_name}},\n\nYour enrolment on {{course}} at {{university}}, starting {{term}}, is confirmed. Welcome! Your joining instructions will follow.\n\nYour application: {{application_url}}\n\nReference: {{reference}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Your enrolment on <strong>{{course}}</strong> at {{university}}, starting {{term}}, is confirmed. Welcome! Your joining instructions will follow.</p><p><a href="{{application_url}}">See your application</a></p><p>Reference: {{reference}}</p><p>Unipath Admissions</p>'),
('place_freed', 'staff', true,
  'A place held by an application became free while others wait on the list (administrators).',
  '{recipient_name,reference,applicant_name,course,university,term,new_status,intake_url,application_url,site_url}',
  'A place is free on {{course}} at {{university}} ({{term}})',
  'Application {{reference}} is now {{new_status}}: a place is free on {{course}} ({{term}}).',
  E'Hello {{recipient_name}},\n\nApplication {{reference}} on {{course}} at {{university}} ({{term}}) is now {{new_status}}, so a place is free and the waiting list can move.\n\nOpen the intake in the admin console to offer the place to the next applicant in line:\n{{intake_url}}\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>Application {{reference}} on <strong>{{course}}</strong> at {{university}} ({{term}}) is now {{new_status}}, so a place is free and the waiting list can move.</p><p><a href="{{intake_url}}">Open the intake</a> to offer the place to the next applicant in line.</p><p>Unipath</p>');

-- Text made safe for an HTML list the database builds itself.
create or replace function public.html_text(words text) returns text
language sql immutable
set search_path = ''
as $$
  select public.render_words('{{s}}', jsonb_build_object('s', coalesce(words, '')), true)
$$;
revoke execute on function public.html_text(text) from public, anon, authenticated;

-- A template as it would reach the people of a real application (administrators, from
-- /admin/templates): the application's own fields, and example words for the fields only the event
-- itself knows (the document, the reason…).
create or replace function public.preview_message_template(template_key text, application_reference text,
  from_draft boolean default false,
  out subject text, out summary text, out body_text text, out body_html text)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  template public.message_templates;
  app public.applications;
  site text := (select s.site_url from public.admissions_settings s);
  merge jsonb;
  example jsonb;
  name text;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators preview message templates.' using errcode = '42501';
  end if;
  select * into template from public.message_templates t where t.key = template_key;
  if not found then
    raise exception 'That message template does not exist.' using errcode = 'P0001';
  end if;
  select * into app from public.applications a
  where a.reference = upper(btrim(coalesce(application_reference, ''))) and a.status <> 'draft';
  if not found then
    raise exception 'No submitted application has the reference %.', coalesce(nullif(btrim(application_reference), ''), '(none)')
      using errcode = 'P0001';
  end if;
  merge := public.application_fields(app.id, case when template.audience = 'staff' then auth.uid() else app.applicant_id end);
  example := jsonb_build_object(
    'document', 'passport',
    'reason', coalesce(app.outcome_reason, 'The reason staff give, in the words the applicant reads.'),
    'reupload_url', site || '/applications/' || app.id || '#documents-' || app.id,
    'respond_url', site || '/applications/' || app.id || '#documents-' || app.id,
    'conditions', coalesce(public.conditions_in_words(app.id), app.offer_conditions,
      '1. The conditions of the offer, as staff wrote them (by the deadline of each).'),
    'condition', 'One condition of the offer, as staff wrote it.',
    'update', 'Met.',
    'submitted_at', to_char(app.submitted_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI'),
    'request', 'The request staff write when they ask the applicant for action.',
    'missing_items', E'- Passport: not accepted (the scan is blurred). Upload a new one.\n- Academic transcript: not uploaded yet.',
    'missing_items_html', '<ul><li>Passport: not accepted (the scan is blurred). Upload a new one.</li><li>Academic transcript: not uploaded yet.</li></ul>',
    'next_step', 'What happens next, as the event says it.',
    'new_status', lower(coalesce((select g.label from public.application_status_guide g where g.status = app.status), app.status)),
    'intake_url', site || '/admin-intake/' || app.intake_id,
    'count', '2',
    'updates', E'The first update\n\n————————\n\nThe second update',
    'updates_html', '<h2>The first update</h2><hr><h2>The second update</h2>');
  foreach name in array template.fields loop
    if not merge ? name then
      merge := merge || jsonb_build_object(name, coalesce(example ->> name, '[' || name || ']'));
    end if;
  end loop;
  if from_draft then
    select public.render_words(d.subject, merge, false), public.render_words(d.summary, merge, false),
      public.render_words(d.body_text, merge, false), public.render_words(d.body_html, merge, true)
    into subject, summary, body_text, body_html
    from public.message_template_drafts d where d.template_key = template.key;
    if not found then
      raise exception 'There is no draft of that template to preview.' using errcode = 'P0001';
    end if;
    return;
  end if;
  select r.subject, r.summary, r.body_text, r.body_html into subject, summary, body_text, body_html
  from public.render_template(template.key, merge) r;
end
$$;
revoke execute on function public.preview_message_template(text, text, boolean) from public, anon;
grant execute on function public.preview_message_template(text, text, boolean) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Messages between applicants and admissions.

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
    -- The applicant's own record that it went (gathered with their other updates, like every notice).
    perform public.queue_event(app.applicant_id, app.id, 'message_sent', sent);
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

-- Attachment files: the app server writes them into the application's messages folder (under the
-- applicant's id, so the bucket's read policy already lets only that applicant and staff read them)
-- after asking can_upload_message_file() with the caller's token. Names obey the document file-name
-- rules.
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

-- Who may delete a file in the application-documents bucket: its owner while the document may still
-- be removed, never a verified document's file. A file attached to a sent message stays (messages are
-- immutable), and staff may remove a message file of theirs that was never attached (a refused send).
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
revoke execute on function public.can_delete_application_file(text) from public, anon;
grant execute on function public.can_delete_application_file(text) to authenticated, service_role;

create policy application_files_delete_own on storage.objects
  for delete to authenticated
  using (bucket_id = 'application-documents' and public.can_delete_application_file(name));

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
('message_sent', 'applicant', true,
  'A copy for the applicant of the message they sent the admissions team (when and where, not the words).',
  '{recipient_name,reference,course,university,application_url,site_url,sent_at}',
  'You sent a message about your application {{reference}}',
  'Your message to the admissions team was sent',
  E'Hello {{recipient_name}},\n\nThis confirms that you sent the admissions team a message on {{sent_at}} about your application {{reference}} for {{course}} at {{university}}. They will answer in the same conversation, and we will tell you when they do.\n\nFor your privacy the message is not included in this e-mail. Read the conversation:\n{{application_url}}#messages\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>This confirms that you sent the admissions team a message on {{sent_at}} about your application {{reference}} for {{course}} at {{university}}. They will answer in the same conversation, and we will tell you when they do.</p><p>For your privacy the message is not included in this e-mail.</p><p><a href="{{application_url}}#messages">Read the conversation</a></p><p>Unipath Admissions</p>'),
('new_message_staff', 'staff', true,
  'An applicant sent a message on their application (to the assigned reviewer, or every administrator when none is assigned).',
  '{recipient_name,reference,applicant_name,course,application_url,site_url,sent_at}',
  'New message from {{applicant_name}} on {{reference}}',
  '{{applicant_name}} sent a message',
  E'Hello {{recipient_name}},\n\n{{applicant_name}} sent a message about application {{reference}} ({{course}}) on {{sent_at}}.\n\nRead it and reply: {{application_url}}#messages\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>{{applicant_name}} sent a message about application {{reference}} ({{course}}) on {{sent_at}}.</p><p><a href="{{application_url}}#messages">Read the message and reply</a></p><p>Unipath</p>');

-- ---------------------------------------------------------------------------------------------
-- Staff notifications and reminders.

-- Staff notifications and reminders, on the notification core (queue_event, templates, composer).
--
-- Staff hear, as it happens or in their daily digest (staff_notification_settings.delivery), when an
-- application is assigned to them by someone else (a reviewer's own pick sends nothing), when the
-- applicant of an application assigned to them uploads a document, and when that applicant accepts
-- or declines an offer. These come from AFTER triggers of their own, so the functions that cause
-- the changes need not know of them.
--
-- Reminders (templates with essential = false, so people may turn them off) come from
-- queue_reminders(), run hourly by the app server or `npm run worker`:
--   draft_deadline    14, 3 and 1 days before the intake's deadline, for a draft on an open intake;
--   offer_reply       7 and 2 days before the reply-by date, for an offer not yet answered;
--   documents_missing 3 days after the application became "action required" when the applicant has
--                     uploaded nothing since, then every 7 days while that stays so;
--   condition_deadline 7 and 2 days before an offer condition's deadline, while it is open and has
--                     no evidence.
-- Days are calendar days of the database's time zone (UTC on the stack). When the job missed a day
-- only the latest step due goes out, and a step is never sent for something that did not yet exist on
-- its day (a draft begun two days before the deadline hears nothing about "3 days left").
-- public.reminders_sent holds one row per (application, kind, step): the job inserts it with
-- on conflict do nothing and queues the event only when its own insert went in, so several servers
-- running the job at once, or one running it twice, queue each reminder once.

-- Staff events.
insert into public.message_templates (key, audience, essential, description, fields, subject, summary, body_text, body_html) values
('staff_assigned', 'staff', true,
  'To a member of staff when someone else assigns an application to them (also from triage).',
  '{recipient_name,reference,applicant_name,course,university,term,application_url,site_url,assigned_by}',
  '{{reference}} is assigned to you',
  '{{assigned_by}} assigned {{reference}} ({{applicant_name}}) to you',
  E'Hello {{recipient_name}},\n\n{{assigned_by}} assigned application {{reference}} to you: {{applicant_name}}, {{course}} at {{university}} ({{term}}).\n\nReview it: {{application_url}}\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>{{assigned_by}} assigned application {{reference}} to you: {{applicant_name}}, {{course}} at {{university}} ({{term}}).</p><p><a href="{{application_url}}">Review the application</a></p><p>Unipath</p>'),
('staff_document_uploaded', 'staff', true,
  'To the assigned reviewer when the applicant uploads a document.',
  '{recipient_name,reference,applicant_name,course,university,term,application_url,site_url,document,file_name}',
  'New document on {{reference}}: {{document}}',
  '{{applicant_name}} uploaded “{{file_name}}” ({{document}}) to {{reference}}',
  E'Hello {{recipient_name}},\n\n{{applicant_name}} uploaded a document to application {{reference}} ({{course}}): {{document}}, "{{file_name}}". It is waiting for your review.\n\nReview it: {{application_url}}\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>{{applicant_name}} uploaded a document to application {{reference}} ({{course}}): {{document}}, “{{file_name}}”. It is waiting for your review.</p><p><a href="{{application_url}}">Review the application</a></p><p>Unipath</p>'),
('staff_offer_accepted', 'staff', true,
  'To the assigned reviewer when the applicant accepts an offer.',
  '{recipient_name,reference,applicant_name,course,university,term,application_url,site_url,next_step}',
  '{{applicant_name}} accepted the offer on {{reference}}',
  '{{applicant_name}} accepted the offer on {{reference}}',
  E'Hello {{recipient_name}},\n\n{{applicant_name}} accepted the offer for {{course}} at {{university}} ({{term}}) on application {{reference}}. {{next_step}}\n\nOpen it: {{application_url}}\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>{{applicant_name}} accepted the offer for {{course}} at {{university}} ({{term}}) on application {{reference}}. {{next_step}}</p><p><a href="{{application_url}}">Open the application</a></p><p>Unipath</p>'),
('staff_offer_declined', 'staff', true,
  'To the assigned reviewer when the applicant declines an offer.',
  '{recipient_name,reference,applicant_name,course,university,term,application_url,site_url}',
  '{{applicant_name}} declined the offer on {{reference}}',
  '{{applicant_name}} declined the offer on {{reference}}',
  E'Hello {{recipient_name}},\n\n{{applicant_name}} declined the offer for {{course}} at {{university}} ({{term}}) on application {{reference}}. The place is free again.\n\nOpen it: {{application_url}}\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>{{applicant_name}} declined the offer for {{course}} at {{university}} ({{term}}) on application {{reference}}. The place is free again.</p><p><a href="{{application_url}}">Open the application</a></p><p>Unipath</p>'),
('staff_action_answered', 'staff', true,
  'To the assigned reviewer when the applicant answers a request for action and the application goes back to review.',
  '{recipient_name,reference,applicant_name,course,university,term,application_url,site_url,answer}',
  '{{reference}} is back under review: {{applicant_name}} answered',
  '{{applicant_name}} {{answer}} on {{reference}}; it is back under review',
  E'Hello {{recipient_name}},\n\n{{applicant_name}} {{answer}} on application {{reference}} ({{course}}), so it is back under review and waits for you.\n\nReview it: {{application_url}}\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>{{applicant_name}} {{answer}} on application {{reference}} ({{course}}), so it is back under review and waits for you.</p><p><a href="{{application_url}}">Review the application</a></p><p>Unipath</p>'),
('staff_application_withdrawn', 'staff', true,
  'To the assigned reviewer when the applicant withdraws the application.',
  '{recipient_name,reference,applicant_name,course,university,term,application_url,site_url,previous_status}',
  '{{applicant_name}} withdrew {{reference}}',
  '{{applicant_name}} withdrew application {{reference}} (it was {{previous_status}})',
  E'Hello {{recipient_name}},\n\n{{applicant_name}} withdrew application {{reference}} for {{course}} at {{university}} ({{term}}). It was {{previous_status}}; nothing more is needed from you.\n\nOpen it: {{application_url}}\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>{{applicant_name}} withdrew application {{reference}} for {{course}} at {{university}} ({{term}}). It was {{previous_status}}; nothing more is needed from you.</p><p><a href="{{application_url}}">Open the application</a></p><p>Unipath</p>');

-- The applicant's confirmation that they withdrew.
insert into public.message_templates (key, audience, essential, description, fields, subject, summary, body_text, body_html) values
('application_withdrawn', 'applicant', true,
  'Confirms to the applicant that they withdrew their application.',
  '{recipient_name,reference,course,university,term,reason,application_url,applications_url,site_url}',
  'You withdrew your application {{reference}}',
  'You withdrew your application for {{course}}.',
  E'Hello {{recipient_name}},\n\nThis confirms that you withdrew your application {{reference}} for {{course}} at {{university}}, starting {{term}}. Admissions will take no further action on it.\n\nThe reason you gave: {{reason}}\n\nYou can apply again while the intake is open: {{applications_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>This confirms that you withdrew your application {{reference}} for <strong>{{course}}</strong> at {{university}}, starting {{term}}. Admissions will take no further action on it.</p><p>The reason you gave: {{reason}}</p><p><a href="{{applications_url}}">Your applications</a></p><p>Unipath Admissions</p>');

-- The acknowledgement of a counselling request, to a person who agreed to be contacted by e-mail.
insert into public.message_templates (key, audience, essential, stands_alone, description, fields, subject, summary, body_text, body_html) values
('lead_received', 'applicant', true, true,
  'Acknowledges a counselling request from the public site to the address it gave, when e-mail contact was agreed.',
  '{recipient_name,ways,course_line,site_url}',
  'We have your counselling request',
  'A counsellor will contact you {{ways}} within one working day.',
  E'Hello {{recipient_name}},\n\nThank you for asking Unipath for counselling. A counsellor will contact you {{ways}} within one working day.{{course_line}}\n\nMeanwhile you can compare courses and their costs: {{site_url}}/courses\n\nIf you did not ask for this, ignore this e-mail; nobody will write to you about it again.\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>Thank you for asking Unipath for counselling. A counsellor will contact you {{ways}} within one working day.{{course_line}}</p><p>Meanwhile you can <a href="{{site_url}}/courses">compare courses and their costs</a>.</p><p>If you did not ask for this, ignore this e-mail; nobody will write to you about it again.</p><p>Unipath</p>');

-- How a letter greets an account's owner: the name on their profile, else "there".
create or replace function public.greeting_name(person uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select left(coalesce(nullif(btrim((select p.full_name from public.profiles p where p.id = person)), ''),
    'there'), 120)
$$;
revoke execute on function public.greeting_name(uuid) from public, anon, authenticated;

-- A letter to one address that goes out on its own, outside the gathered updates: rendered from its
-- template, written once per key. For messages tied to no application (a counselling request, the
-- account itself).
create or replace function public.queue_direct_letter(recipient text, user_id uuid, template_key text,
  merge jsonb, idempotency_key text) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  rendered record;
begin
  select * into rendered from public.render_template(template_key, merge);
  insert into public.notification_outbox (recipient, user_id, kind, subject, body, body_html, idempotency_key)
  values (recipient, user_id, template_key, public.fit_text(rendered.subject, 200), rendered.body_text,
    rendered.body_html, idempotency_key)
  on conflict on constraint notification_outbox_idempotency_key_key do nothing;
end
$$;
revoke execute on function public.queue_direct_letter(text, uuid, text, jsonb, text) from public, anon, authenticated;

-- Written as a request is stored (not when a quick repeat is merged into it), at most once a day per
-- address, so a form posted again and again does not become a stream of mail to someone's inbox.
create or replace function public.acknowledge_lead() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  ways text[] := array_remove(array[case when new.consent_email then 'by e-mail' end,
    case when new.consent_phone then 'by phone' end, case when new.consent_whatsapp then 'on WhatsApp' end], null);
begin
  if new.email is null or not new.consent_email or exists (select 1 from public.notification_outbox o
      where o.recipient = new.email and o.kind = 'lead_received' and o.created_at > now() - interval '1 day') then
    return new;
  end if;
  perform public.queue_direct_letter(new.email, null, 'lead_received', jsonb_build_object(
    'recipient_name', coalesce(new.name, 'there'),
    'ways', case when cardinality(ways) = 1 then ways[1]
      else array_to_string(ways[1:cardinality(ways) - 1], ', ') || ' or ' || ways[cardinality(ways)] end,
    'course_line', coalesce(' You asked about ' || (select c.title || ' at ' || c.university_name
      from public.courses c where c.id = new.course_id) || '.', ''),
    'site_url', (select st.site_url from public.admissions_settings st)), 'lead_received:' || new.id);
  return new;
end
$$;
revoke execute on function public.acknowledge_lead() from public, anon, authenticated;
create trigger leads_acknowledge after insert on public.leads
  for each row execute function public.acknowledge_lead();

-- The last letter an account gets: it was deleted, with everything in it.
insert into public.message_templates (key, audience, essential, stands_alone, description, fields, subject, summary, body_text, body_html) values
('account_deleted', 'applicant', true, true,
  'Confirms to the owner of a deleted account that it and everything in it are gone.',
  '{recipient_name,deleted_on,site_url}',
  'Your Unipath account has been deleted',
  'Your account and everything in it were deleted on {{deleted_on}}.',
  E'Hello {{recipient_name}},\n\nThis confirms that your Unipath account was deleted on {{deleted_on}}, at your request. Your profile, applications, uploaded documents, messages, saved courses and searches, e-mail preferences and the counselling requests made with this address are gone, and we will not write to you again.\n\nIf you did not ask for this, reply to this e-mail at once.\n\nYou are welcome back at any time: {{site_url}}\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>This confirms that your Unipath account was deleted on {{deleted_on}}, at your request. Your profile, applications, uploaded documents, messages, saved courses and searches, e-mail preferences and the counselling requests made with this address are gone, and we will not write to you again.</p><p>If you did not ask for this, reply to this e-mail at once.</p><p>You are welcome back at <a href="{{site_url}}">Unipath</a> at any time.</p><p>Unipath</p>');

-- Written as the account goes (before its row does, while the profile still names its owner). The
-- message belongs to no user, so it outlives the account it confirms and the sender delivers it.
create or replace function public.confirm_account_deletion() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if coalesce(old.email, '') = '' then
    return old;
  end if;
  perform public.queue_direct_letter(old.email, null, 'account_deleted', jsonb_build_object(
    'recipient_name', public.greeting_name(old.id),
    'deleted_on', to_char(now() at time zone 'UTC', 'FMDD FMMonth YYYY'),
    'site_url', (select s.site_url from public.admissions_settings s)), 'account_deleted:' || old.id);
  -- Counselling requests are kept by e-mail address, not by account: they go with it.
  delete from public.leads l where l.email = lower(old.email);
  return old;
end
$$;
revoke execute on function public.confirm_account_deletion() from public, anon, authenticated;

-- What Unipath holds about the caller that their own row-level access does not reach, for the data
-- export: the counselling requests made with their address (without staff's working notes) and the
-- e-mails sent to them.
create or replace function public.my_data_extras() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'counselling_requests', coalesce((
      select jsonb_agg(to_jsonb(l) - array['assignee', 'notes', 'updated_by', 'last_change', 'version']
        order by l.created_at)
      from public.leads l
      where l.email = (select lower(u.email) from auth.users u where u.id = (select auth.uid()))), '[]'),
    'emails_sent_to_you', coalesce((
      select jsonb_agg(jsonb_build_object('created_at', o.created_at, 'sent_at', o.sent_at, 'kind', o.kind,
        'subject', o.subject, 'body', o.body) order by o.created_at)
      from public.notification_outbox o where o.user_id = (select auth.uid())), '[]'))
$$;
revoke execute on function public.my_data_extras() from public, anon;
grant execute on function public.my_data_extras() to authenticated;
create trigger on_auth_user_deleted_confirm before delete on auth.users
  for each row execute function public.confirm_account_deletion();

-- A reply-by date moved, one offer at a time or for every open offer of an intake.
insert into public.message_templates (key, audience, essential, description, fields, subject, summary, body_text, body_html) values
('offer_reply_by_changed', 'applicant', true,
  'Admissions moved the date by which the applicant must reply to an offer.',
  '{recipient_name,reference,course,university,term,reply_by,previous_reply_by,note,application_url,site_url}',
  'New reply-by date for your offer: {{reference}}',
  'Reply to your offer for {{course}} by {{reply_by}} (was {{previous_reply_by}}).',
  E'Hello {{recipient_name}},\n\nThe date by which you need to accept or decline your offer of a place on {{course}} at {{university}}, starting {{term}}, has changed.\n\nReply by: {{reply_by}} (it was {{previous_reply_by}}).\n\n{{note}}\n\nReply on your Unipath applications page:\n{{application_url}}\n\nReference: {{reference}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>The date by which you need to accept or decline your offer of a place on <strong>{{course}}</strong> at {{university}}, starting {{term}}, has changed.</p><p>Reply by: <strong>{{reply_by}}</strong> (it was {{previous_reply_by}}).</p><p>{{note}}</p><p><a href="{{application_url}}">Reply to the offer</a></p><p>Reference: {{reference}}</p><p>Unipath Admissions</p>');

-- Staff move the reply-by date of one open offer, later or earlier (never into the past); the applicant
-- gets a letter of its own, and the offer reminders start again from the new date.
create or replace function public.set_offer_reply_by(application_id uuid, reply_by date, expected_version integer,
  note text default null)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
  previous date;
  clean text := nullif(btrim(coalesce(note, '')), '');
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff change reply-by dates.' using errcode = '42501';
  end if;
  select * into app from public.applications a where a.id = set_offer_reply_by.application_id for update;
  if not found then
    raise exception 'That application was not found.' using errcode = 'P0002';
  end if;
  perform public.check_application_version(app, expected_version);
  if app.status not in ('offer_conditional', 'offer_unconditional') then
    raise exception 'Only an offer waiting for a reply has a reply-by date to change.' using errcode = 'P0001';
  end if;
  if set_offer_reply_by.reply_by is null or set_offer_reply_by.reply_by < current_date then
    raise exception 'Choose a reply-by date from today on.' using errcode = '22023';
  end if;
  if char_length(clean) > 500 then
    raise exception 'The note is too long (500 characters at most).' using errcode = '22023';
  end if;
  previous := app.reply_by;
  if previous is not distinct from set_offer_reply_by.reply_by then
    raise exception 'The offer already has that reply-by date.' using errcode = 'P0001';
  end if;
  perform set_config('unipath.change', 'moved the reply-by date', true);
  update public.applications a set reply_by = set_offer_reply_by.reply_by where a.id = app.id returning * into app;
  perform set_config('unipath.change', '', true);
  delete from public.reminders_sent r where r.application_id = app.id and r.kind = 'offer_reply';
  perform public.queue_event(app.applicant_id, app.id, 'offer_reply_by_changed', jsonb_build_object(
    'previous_reply_by', coalesce(to_char(previous, 'FMDD FMMonth YYYY'), 'not set'),
    'note', coalesce(clean, '')));
  return app;
end
$$;
revoke execute on function public.set_offer_reply_by(uuid, date, integer, text) from public, anon;
grant execute on function public.set_offer_reply_by(uuid, date, integer, text) to authenticated, service_role;

-- The open offers of an intake (offers waiting for a reply), for the intake page to offer moving them
-- when its reply-by date changes; and the move itself, each offer with its letter. Administrators only.
create or replace function public.move_intake_offers_reply_by(intake_id uuid, reply_by date, note text default null)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
  moved integer := 0;
begin
  if not public.has_role('admin') then
    raise exception 'Only an administrator moves every offer of an intake.' using errcode = '42501';
  end if;
  for app in select * from public.applications a
    where a.intake_id = move_intake_offers_reply_by.intake_id and a.status in ('offer_conditional', 'offer_unconditional')
      and a.reply_by is distinct from move_intake_offers_reply_by.reply_by
    order by a.id
  loop
    perform public.set_offer_reply_by(app.id, move_intake_offers_reply_by.reply_by, app.version, note);
    moved := moved + 1;
  end loop;
  return moved;
end
$$;
revoke execute on function public.move_intake_offers_reply_by(uuid, date, text) from public, anon;
grant execute on function public.move_intake_offers_reply_by(uuid, date, text) to authenticated, service_role;

-- Formal letters each go out as a message of their own (compose_notifications).
update public.message_templates set stands_alone = true
where key in ('decision_offer_conditional', 'decision_offer_unconditional', 'decision_waitlisted', 'decision_rejected',
  'decision_conditions_met', 'decision_conditions_not_met', 'decision_offer_withdrawn', 'offer_accepted',
  'offer_declined', 'application_enrolled', 'application_withdrawn', 'offer_reply_by_changed');

-- Reminders: not essential, each with the link that turns them off.
insert into public.message_templates (key, audience, essential, description, fields, subject, summary, body_text, body_html) values
('reminder_draft_deadline', 'applicant', false,
  'Reminder 14, 3 and 1 days before the deadline of an intake the applicant has an unsubmitted draft for.',
  '{recipient_name,course,university,term,deadline,application_url,applications_url,profile_url,site_url,due,unsubscribe_url}',
  'Applications for {{course}} close {{due}}',
  'Your draft for {{course}} is not submitted; applications close {{due}} ({{deadline}})',
  E'Hello {{recipient_name}},\n\nYour application for {{course}} at {{university}} ({{term}}) is still a draft. Applications close {{due}}, on {{deadline}}; after that the draft can no longer be submitted.\n\nFinish and submit it: {{application_url}}\n\nYou get this reminder because reminders are on. To stop reminders about deadlines and replies: {{unsubscribe_url}}\nMessages about your applications (receipts, decisions) always come.\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Your application for {{course}} at {{university}} ({{term}}) is still a draft. Applications close <strong>{{due}}</strong>, on {{deadline}}; after that the draft can no longer be submitted.</p><p><a href="{{application_url}}">Finish and submit your application</a></p><p>You get this reminder because reminders are on. <a href="{{unsubscribe_url}}">Stop reminders about deadlines and replies</a>. Messages about your applications (receipts, decisions) always come.</p><p>Unipath Admissions</p>'),
('reminder_offer_reply', 'applicant', false,
  'Reminder 7 and 2 days before the reply-by date of an offer the applicant has not answered.',
  '{recipient_name,reference,course,university,term,reply_by,application_url,applications_url,profile_url,site_url,due,unsubscribe_url}',
  'Reply to your offer for {{course}} by {{reply_by}}',
  'Your offer for {{course}} ({{reference}}) needs a reply {{due}}, by {{reply_by}}',
  E'Hello {{recipient_name}},\n\nYou have an offer for {{course}} at {{university}} ({{term}}), application {{reference}}, and we have not had your reply. Please accept or decline it by {{reply_by}} ({{due}}); after that date the offer lapses.\n\nReply: {{application_url}}\n\nYou get this reminder because reminders are on. To stop reminders about deadlines and replies: {{unsubscribe_url}}\nMessages about your applications (receipts, decisions) always come.\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>You have an offer for {{course}} at {{university}} ({{term}}), application {{reference}}, and we have not had your reply. Please accept or decline it by <strong>{{reply_by}}</strong> ({{due}}); after that date the offer lapses.</p><p><a href="{{application_url}}">Reply to the offer</a></p><p>You get this reminder because reminders are on. <a href="{{unsubscribe_url}}">Stop reminders about deadlines and replies</a>. Messages about your applications (receipts, decisions) always come.</p><p>Unipath Admissions</p>'),
('reminder_documents_missing', 'applicant', false,
  'Reminder 3 days after admissions asked for something, then every 7 days, while nothing has been uploaded since.',
  '{recipient_name,reference,course,university,term,application_url,applications_url,profile_url,site_url,requested,asked_on,unsubscribe_url}',
  'Admissions is still waiting for your documents ({{reference}})',
  'Admissions asked on {{asked_on}} for something on {{reference}} and is still waiting',
  E'Hello {{recipient_name}},\n\nOn {{asked_on}} admissions asked for the following before your application {{reference}} for {{course}} at {{university}} can go on:\n\n{{requested}}\n\nNothing has been uploaded since. Add it here: {{application_url}}\n\nYou get this reminder because reminders are on. To stop reminders about deadlines and replies: {{unsubscribe_url}}\nMessages about your applications (receipts, decisions) always come.\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>On {{asked_on}} admissions asked for the following before your application {{reference}} for {{course}} at {{university}} can go on:</p><blockquote>{{requested}}</blockquote><p>Nothing has been uploaded since. <a href="{{application_url}}">Add it to your application</a></p><p>You get this reminder because reminders are on. <a href="{{unsubscribe_url}}">Stop reminders about deadlines and replies</a>. Messages about your applications (receipts, decisions) always come.</p><p>Unipath Admissions</p>');

-- Offer conditions: the applicant hears when staff mark one or move its deadline, and is reminded 7 and
-- 2 days before a deadline while the condition is open and no evidence for it has come.
insert into public.message_templates (key, audience, essential, description, fields, subject, summary, body_text, body_html) values
('offer_condition_updated', 'applicant', true,
  'Admissions marked a condition of the applicant''s conditional offer met or not met, or moved its deadline.',
  '{recipient_name,reference,course,university,term,condition,update,application_url,applications_url,site_url}',
  'A condition of your offer: {{reference}}',
  'Condition “{{condition}}”: {{update}}',
  E'Hello {{recipient_name}},\n\nAdmissions updated a condition of your offer for {{course}} at {{university}} ({{term}}).\n\nCondition: {{condition}}\n{{update}}\n\nSee every condition and upload evidence: {{application_url}}\n\nReference: {{reference}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Admissions updated a condition of your offer for <strong>{{course}}</strong> at {{university}} ({{term}}).</p><p>Condition: {{condition}}<br>{{update}}</p><p><a href="{{application_url}}">See every condition and upload evidence</a></p><p>Reference: {{reference}}</p><p>Unipath Admissions</p>'),
('reminder_condition_deadline', 'applicant', false,
  'Reminder 7 and 2 days before the deadline of an offer condition for which no evidence has been uploaded.',
  '{recipient_name,reference,course,university,term,condition,deadline,application_url,applications_url,profile_url,site_url,due,unsubscribe_url}',
  'Evidence for your offer condition is due {{due}} ({{reference}})',
  'Upload evidence for “{{condition}}” by {{deadline}} ({{due}})',
  E'Hello {{recipient_name}},\n\nYour offer for {{course}} at {{university}} ({{term}}) has a condition due {{due}}, on {{deadline}}, and we have no evidence for it yet:\n\n{{condition}}\n\nUpload it here: {{application_url}}\n\nYou get this reminder because reminders are on. To stop reminders about deadlines and replies: {{unsubscribe_url}}\nMessages about your applications (receipts, decisions) always come.\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Your offer for <strong>{{course}}</strong> at {{university}} ({{term}}) has a condition due <strong>{{due}}</strong>, on {{deadline}}, and we have no evidence for it yet:</p><blockquote>{{condition}}</blockquote><p><a href="{{application_url}}">Upload the evidence</a></p><p>You get this reminder because reminders are on. <a href="{{unsubscribe_url}}">Stop reminders about deadlines and replies</a>. Messages about your applications (receipts, decisions) always come.</p><p>Unipath Admissions</p>');

-- The name staff know a colleague by, or Unipath when the system acts.
create or replace function public.staff_display_name(person uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select nullif(btrim(p.full_name), '') from public.profiles p where p.id = person),
    (select split_part(u.email, '@', 1) from auth.users u where u.id = person), 'Unipath')
$$;
revoke execute on function public.staff_display_name(uuid) from public, anon, authenticated;

-- Assignments and offer replies, told to the application's reviewer.
create or replace function public.notify_staff_of_application() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  who uuid := auth.uid();
begin
  if new.assigned_to is not null and new.assigned_to is distinct from old.assigned_to
    and new.assigned_to is distinct from who then
    perform public.queue_event(new.assigned_to, new.id, 'staff_assigned',
      jsonb_build_object('assigned_by', public.staff_display_name(who)));
  end if;
  if new.status is distinct from old.status and new.assigned_to is not null
    and old.status in ('offer_conditional', 'offer_unconditional') then
    if new.status in ('accepted', 'conditions_pending') then
      perform public.queue_event(new.assigned_to, new.id, 'staff_offer_accepted', jsonb_build_object('next_step',
        case when new.status = 'conditions_pending' then 'The offer is conditional: confirm the conditions once they are met.'
          else 'The place is taken; enrolment comes next.' end));
    elsif new.status = 'declined' then
      perform public.queue_event(new.assigned_to, new.id, 'staff_offer_declined');
    end if;
  end if;
  if new.status = 'withdrawn' and old.status <> 'withdrawn' and new.assigned_to is not null then
    perform public.queue_event(new.assigned_to, new.id, 'staff_application_withdrawn', jsonb_build_object(
      'previous_status', lower(coalesce((select g.label from public.application_status_guide g
        where g.status = old.status), old.status))));
  end if;
  return null;
end
$$;
revoke execute on function public.notify_staff_of_application() from public, anon, authenticated;
create trigger applications_notify_staff after update of assigned_to, status on public.applications
  for each row execute function public.notify_staff_of_application();

-- A document the applicant uploaded, told to the application's reviewer.
create or replace function public.notify_staff_of_document() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
begin
  select * into app from public.applications a where a.id = new.application_id;
  if app.assigned_to is not null and app.status <> 'draft' and auth.uid() = app.applicant_id then
    perform public.queue_event(app.assigned_to, app.id, 'staff_document_uploaded',
      jsonb_build_object('document', public.document_kind_label(new.kind), 'file_name', new.file_name));
  end if;
  return null;
end
$$;
revoke execute on function public.notify_staff_of_document() from public, anon, authenticated;
create trigger application_documents_notify_staff after insert on public.application_documents
  for each row execute function public.notify_staff_of_document();

-- What a request for action still waits for: a document staff rejected that has no replacement yet,
-- or a required document never uploaded. Empty once the applicant has sent everything asked for.
create or replace function public.action_request_outstanding(app public.applications) returns text[]
language sql stable security definer
set search_path = ''
as $$
  select coalesce(array_agg(distinct kind order by kind), '{}') from (
    select d.kind from public.application_documents d
    where d.application_id = app.id and d.status = 'rejected'
      and not exists (select 1 from public.application_documents n where n.application_id = app.id
        and n.kind = d.kind and n.status <> 'rejected')
    union all
    select k from unnest((select m.documents from public.application_missing_items(app) m)) k
  ) x
$$;
revoke execute on function public.action_request_outstanding(public.applications) from public, anon, authenticated;

-- An application waiting on its applicant goes back to review by itself once the applicant has
-- answered: a document upload or a reply that leaves nothing the request asked for outstanding. The
-- reviewer is told. Staff can still move it back by hand (transition_application).
create or replace function public.resume_answered_request() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
begin
  select * into app from public.applications a where a.id = new.application_id for update;
  if app.status <> 'action_required' or auth.uid() is distinct from app.applicant_id
    or cardinality(public.action_request_outstanding(app)) > 0 then
    return null;
  end if;
  perform set_config('unipath.transition_note', case when tg_table_name = 'application_messages'
    then 'The applicant replied to the request.' else 'The applicant sent every document asked for.' end, true);
  update public.applications a set status = 'under_review' where a.id = app.id;
  perform set_config('unipath.transition_note', '', true);
  if app.assigned_to is not null then
    perform public.queue_event(app.assigned_to, app.id, 'staff_action_answered', jsonb_build_object(
      'answer', case when tg_table_name = 'application_messages' then 'replied to the request'
        else 'sent every document asked for' end));
  end if;
  return null;
end
$$;
revoke execute on function public.resume_answered_request() from public, anon, authenticated;
create trigger application_documents_resume_review after insert on public.application_documents
  for each row execute function public.resume_answered_request();
create trigger application_messages_resume_review after insert on public.application_messages
  for each row when (new.author_role = 'applicant') execute function public.resume_answered_request();

-- Each reminder sent: one row per application, kind and step, whichever server sent it.
create table public.reminders_sent (
  id bigint generated always as identity primary key,
  application_id uuid not null references public.applications (id) on delete cascade,
  kind text not null check (kind in ('draft_deadline', 'offer_reply', 'documents_missing', 'interview',
    'condition_deadline')),
  -- The days before the date (draft_deadline, offer_reply), '<condition>:<days>' (condition_deadline),
  -- or '<request>:<n>' for the n-th reminder about one "action required" request (documents_missing).
  step text not null check (char_length(step) between 1 and 60),
  recipient_id uuid not null references auth.users (id) on delete cascade,
  sent_at timestamptz not null default now(),
  unique (application_id, kind, step)
);
create index reminders_sent_recipient_idx on public.reminders_sent (recipient_id);
alter table public.reminders_sent enable row level security;
revoke all on public.reminders_sent from anon, authenticated;
grant select on public.reminders_sent to authenticated;
create policy reminders_sent_select_staff on public.reminders_sent
  for select to authenticated using ((select public.is_staff()));

-- "today", "tomorrow", "in 3 days".
create or replace function public.days_from_now(days integer) returns text
language sql immutable
set search_path = ''
as $$
  select case when days <= 0 then 'today' when days = 1 then 'tomorrow' else 'in ' || days || ' days' end
$$;

-- Records one reminder and queues its event, unless it was already sent. One that raises is rolled back
-- alone and recorded in job_failures, so the other reminders still go; the next run tries it again.
create or replace function public.send_reminder(application uuid, recipient uuid, reminder_kind text,
  reminder_step text, template_key text, fields jsonb)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  recorded bigint;
  prefs public.email_preferences;
begin
  insert into public.reminders_sent (application_id, kind, step, recipient_id)
  values (application, reminder_kind, reminder_step, recipient)
  on conflict (application_id, kind, step) do nothing
  returning id into recorded;
  if recorded is null then
    return false;
  end if;
  prefs := public.email_preferences_of(recipient);
  perform public.queue_event(recipient, application, template_key, fields || jsonb_build_object('unsubscribe_url',
    (select s.site_url from public.admissions_settings s) || '/unsubscribe?token=' || prefs.unsubscribe_token));
  return true;
exception when others then
  perform public.record_job_failure('reminder', 'reminder:' || reminder_kind || ':' || application || ':' || reminder_step,
    recipient, application, sqlerrm);
  return false;
end
$$;
revoke execute on function public.send_reminder(uuid, uuid, text, text, text, jsonb) from public, anon, authenticated;

-- The reminders due at `now`; answers how many were queued. The composer drops them for people who
-- turned reminders off.
create or replace function public.queue_reminders(now timestamptz default now()) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  today date := queue_reminders.now::date;
  due record;
  queued integer := 0;
begin
  -- Drafts on an open intake: the tightest of 14, 3 and 1 days the deadline is within.
  for due in
    select a.id, a.applicant_id, i.deadline - today as days_left, s.step
    from public.applications a
    join public.intakes i on i.id = a.intake_id
    cross join lateral (select min(x) as step from unnest(array[14, 3, 1]) x where x >= i.deadline - today) s
    where a.status = 'draft' and i.status = 'open' and i.deadline between today and today + 14
      and a.created_at::date <= i.deadline - s.step
    order by a.id
  loop
    if public.send_reminder(due.id, due.applicant_id, 'draft_deadline', due.step::text, 'reminder_draft_deadline',
      jsonb_build_object('due', public.days_from_now(due.days_left))) then
      queued := queued + 1;
    end if;
  end loop;

  -- Offers not yet answered: the tightest of 7 and 2 days the reply-by date is within.
  for due in
    select a.id, a.applicant_id, a.reply_by - today as days_left, s.step
    from public.applications a
    cross join lateral (select min(x) as step from unnest(array[7, 2]) x where x >= a.reply_by - today) s
    where a.status in ('offer_conditional', 'offer_unconditional') and a.reply_by between today and today + 7
      and coalesce(a.decided_at, a.updated_at)::date <= a.reply_by - s.step
    order by a.id
  loop
    if public.send_reminder(due.id, due.applicant_id, 'offer_reply', due.step::text, 'reminder_offer_reply',
      jsonb_build_object('due', public.days_from_now(due.days_left))) then
      queued := queued + 1;
    end if;
  end loop;

  -- "Action required" with nothing uploaded since: after 3 days, then every 7.
  for due in
    select a.id, a.applicant_id, h.id as request, h.note, h.created_at,
      (today - h.created_at::date - 3) / 7 as n
    from public.applications a
    cross join lateral (select h.id, h.note, h.created_at from public.application_status_history h
      where h.application_id = a.id and h.to_status = 'action_required' order by h.id desc limit 1) h
    where a.status = 'action_required' and today - h.created_at::date >= 3
      and not exists (select 1 from public.application_documents d
        where d.application_id = a.id and d.created_at >= h.created_at)
    order by a.id
  loop
    if public.send_reminder(due.id, due.applicant_id, 'documents_missing', due.request || ':' || due.n,
      'reminder_documents_missing', jsonb_build_object(
        'requested', coalesce(nullif(btrim(due.note), ''), 'See your application for what is needed.'),
        'asked_on', to_char(due.created_at, 'FMDD FMMonth YYYY'))) then
      queued := queued + 1;
    end if;
  end loop;

  -- Offer conditions still open with no evidence for them: 7 and 2 days before each deadline.
  for due in
    select a.id, a.applicant_id, c.id as condition, c.description, c.deadline, c.deadline - today as days_left, s.step
    from public.offer_conditions c
    join public.applications a on a.id = c.application_id
    cross join lateral (select min(x) as step from unnest(array[7, 2]) x where x >= c.deadline - today) s
    where c.status = 'pending' and a.status in ('offer_conditional', 'conditions_pending')
      and c.deadline between today and today + 7 and c.created_at::date <= c.deadline - s.step
      and not exists (select 1 from public.application_documents d where d.condition_id = c.id)
    order by c.id
  loop
    if public.send_reminder(due.id, due.applicant_id, 'condition_deadline', due.condition || ':' || due.step,
      'reminder_condition_deadline', jsonb_build_object('due', public.days_from_now(due.days_left),
        'condition', due.description, 'deadline', to_char(due.deadline, 'FMDD FMMonth YYYY'))) then
      queued := queued + 1;
    end if;
  end loop;

  -- Interviews booked for the next 24 hours: once per booking.
  for due in
    select a.id, a.applicant_id, b.id as booking, x.starts_at, x.time_zone, x.location
    from public.interview_bookings b
    join public.applications a on a.id = b.application_id
    join public.interview_slots x on x.id = b.slot_id
    where b.cancelled_at is null and x.cancelled_at is null
      and x.starts_at between queue_reminders.now and queue_reminders.now + interval '24 hours'
    order by b.id
  loop
    if public.send_reminder(due.id, due.applicant_id, 'interview', due.booking::text, 'reminder_interview',
      jsonb_build_object(
        'interview_time', to_char(due.starts_at at time zone due.time_zone, 'FMDay FMDD FMMonth YYYY, HH24:MI')
          || ' (' || due.time_zone || ')',
        'interview_place', due.location,
        'interview_url', (select s.site_url from public.admissions_settings s) || '/applications/' || due.id || '/interview',
        'calendar_url', (select s.site_url from public.admissions_settings s) || '/applications/' || due.id || '/interview.ics')) then
      queued := queued + 1;
    end if;
  end loop;

  -- Referees who have not written (see the references migration).
  queued := queued + public.queue_referee_reminders(today);
  return queued;
end
$$;
revoke execute on function public.queue_reminders(timestamptz) from public, anon, authenticated;
grant execute on function public.queue_reminders(timestamptz) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Saved searches.

-- Saved searches: a signed-in person keeps a /courses search (its filters, as the course search reads
-- them, and the query string that shows it) and hears by e-mail when a course matching it is
-- published or an intake of a matching course opens. queue_search_alerts() runs in the same hourly
-- job as queue_reminders(); saved_search_alerts holds one row per (search, course or intake), inserted
-- with on conflict do nothing before the event is queued, so several servers never send one twice.

-- Whether a JSON value is absent, or a list of at most 20 strings each matching `pattern`.
create or replace function public.saved_search_list_valid(items jsonb, pattern text) returns boolean
language sql immutable
set search_path = ''
as $$
  select items is null or case when jsonb_typeof(items) = 'array' then jsonb_array_length(items) <= 20
    and not exists (select 1 from jsonb_array_elements(items) e
      where jsonb_typeof(e) <> 'string' or not ((e #>> '{}') ~ pattern))
    else false end
$$;

-- Whether a JSON value is absent, or a whole number between low and high.
create or replace function public.saved_search_number_valid(value jsonb, low integer, high integer) returns boolean
language sql immutable
set search_path = ''
as $$
  select value is null or case when jsonb_typeof(value) = 'number'
    then value::numeric = trunc(value::numeric) and value::numeric between low and high else false end
$$;

-- The shape of a saved search's filters, as the course search parses a /courses query (the app's
-- courseSearchSchema): only its keys, each of its type and within its bounds. A row of another shape
-- cannot be stored, so the hourly alert job never meets one.
create or replace function public.saved_search_filters_valid(filters jsonb) returns boolean
language sql immutable
set search_path = ''
as $$
  select case when jsonb_typeof(filters) <> 'object' then false else
    not exists (select 1 from jsonb_object_keys(filters) k
      where k not in ('q', 'level', 'field', 'country', 'university', 'mode', 'language', 'duration_max', 'intake'))
    and (filters -> 'q' is null or case when jsonb_typeof(filters -> 'q') = 'string'
      then char_length(filters ->> 'q') between 1 and 120 else false end)
    and public.saved_search_list_valid(filters -> 'level', '^(foundation|diploma|certificate|bachelor|master|doctorate)$')
    and public.saved_search_list_valid(filters -> 'field', '^.{2,80}$')
    and public.saved_search_list_valid(filters -> 'country', '^[A-Z]{2}$')
    and public.saved_search_list_valid(filters -> 'university',
      '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$')
    and public.saved_search_list_valid(filters -> 'mode', '^(full_time|part_time|online|blended)$')
    and public.saved_search_list_valid(filters -> 'language', '^[a-z]{2}$')
    and public.saved_search_number_valid(filters -> 'duration_max', 1, 120)
    and public.saved_search_number_valid(filters -> 'intake', 1, 12)
  end
$$;

create table public.saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  label text not null check (char_length(btrim(label)) between 1 and 200),
  -- The /courses query string (without the leading "?"), for the link back.
  query text not null check (char_length(query) <= 2000),
  -- {q, level[], field[], country[], university[], mode[], language[], duration_max, intake}, of the
  -- shape saved_search_filters_valid() checks; the tuition ceiling is kept converted to US dollars.
  filters jsonb not null constraint saved_searches_filters_shape check (public.saved_search_filters_valid(filters)),
  max_tuition_usd numeric(12, 2) check (max_tuition_usd >= 0),
  created_at timestamptz not null default now(),
  unique (user_id, query)
);
create index saved_searches_user_idx on public.saved_searches (user_id, created_at);

alter table public.saved_searches enable row level security;
revoke all on public.saved_searches from anon, authenticated;
grant select, delete on public.saved_searches to authenticated;
grant insert (label, query, filters, max_tuition_usd) on public.saved_searches to authenticated;
create policy saved_searches_select_own on public.saved_searches
  for select to authenticated using (user_id = (select auth.uid()));
create policy saved_searches_insert_own on public.saved_searches
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy saved_searches_delete_own on public.saved_searches
  for delete to authenticated using (user_id = (select auth.uid()));

-- At most 20 saved searches a person: more is a script, not a student.
create or replace function public.limit_saved_searches() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('saved_searches:' || new.user_id::text));
  if (select count(*) from public.saved_searches s where s.user_id = new.user_id) >= 20 then
    raise exception 'You already have 20 saved searches. Delete one before saving another.'
      using errcode = 'P0001';
  end if;
  return new;
end
$$;
revoke execute on function public.limit_saved_searches() from public, anon, authenticated;
create trigger saved_searches_limit before insert on public.saved_searches
  for each row execute function public.limit_saved_searches();

-- Each course or intake told to each search, whichever server told it.
create table public.saved_search_alerts (
  search_id uuid not null references public.saved_searches (id) on delete cascade,
  item_kind text not null check (item_kind in ('course', 'intake')),
  item_id uuid not null,
  sent_at timestamptz not null default now(),
  primary key (search_id, item_kind, item_id)
);
alter table public.saved_search_alerts enable row level security;
revoke all on public.saved_search_alerts from anon, authenticated;

insert into public.message_templates (key, audience, essential, description, fields, subject, summary, body_text, body_html) values
('saved_search_alert', 'applicant', false,
  'To a person with a saved course search when a matching course is published or an intake of a matching course opens.',
  '{recipient_name,search,count,matches,matches_html,search_url,profile_url,site_url,unsubscribe_url}',
  'New for your search “{{search}}”',
  '{{count}} new for your saved search “{{search}}”',
  E'Hello {{recipient_name}},\n\nNew on Unipath for your saved search "{{search}}":\n\n{{matches}}\n\nSee every result: {{search_url}}\n\nYou get this because you saved this search. Manage your saved searches: {{profile_url}}\nTo stop these alerts and reminders: {{unsubscribe_url}}\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>New on Unipath for your saved search “{{search}}”:</p>{{matches_html}}<p><a href="{{search_url}}">See every result</a></p><p>You get this because you saved this search. <a href="{{profile_url}}">Manage your saved searches</a> or <a href="{{unsubscribe_url}}">stop these alerts and reminders</a>.</p><p>Unipath</p>');

-- Whether a course matches a saved search's filters (the same filters the course search applies).
create or replace function public.course_matches_search(c public.courses, s public.saved_searches) returns boolean
language sql stable
set search_path = ''
as $$
  select c.published and c.university_published
    and (coalesce(btrim(s.filters ->> 'q'), '') = ''
      or c.search_document @@ websearch_to_tsquery('english'::regconfig, s.filters ->> 'q'))
    and (coalesce(jsonb_array_length(s.filters -> 'level'), 0) = 0 or s.filters -> 'level' ? c.level)
    and (coalesce(jsonb_array_length(s.filters -> 'field'), 0) = 0 or s.filters -> 'field' ? c.field)
    and (coalesce(jsonb_array_length(s.filters -> 'country'), 0) = 0
      or s.filters -> 'country' ? c.university_country_code)
    and (coalesce(jsonb_array_length(s.filters -> 'university'), 0) = 0
      or s.filters -> 'university' ? c.university_id::text)
    and (coalesce(jsonb_array_length(s.filters -> 'mode'), 0) = 0 or s.filters -> 'mode' ? c.study_mode)
    and (coalesce(jsonb_array_length(s.filters -> 'language'), 0) = 0 or s.filters -> 'language' ? c.language)
    and (s.filters ->> 'duration_max' is null or c.duration_months <= (s.filters ->> 'duration_max')::numeric)
    and (s.filters ->> 'intake' is null or (s.filters ->> 'intake')::smallint = any (c.intake_months))
    and (s.max_tuition_usd is null or c.tuition_annual_usd <= s.max_tuition_usd)
$$;
revoke execute on function public.course_matches_search(public.courses, public.saved_searches) from public, anon, authenticated;

create or replace function public.escape_html(value text) returns text
language sql immutable
set search_path = ''
as $$
  select replace(replace(replace(replace(replace(coalesce(value, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
    '"', '&quot;'), '''', '&#39;')
$$;

-- Queues one alert per saved search with something new: courses published after the search was saved
-- that match it, and intakes of older matching courses that opened after it was saved. Answers how
-- many alerts were queued; people who turned reminders off are left out by the composer.
create or replace function public.queue_search_alerts() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  saved public.saved_searches;
  site text := (select s.site_url from public.admissions_settings s);
  items jsonb;
  queued integer := 0;
begin
  for saved in select * from public.saved_searches order by created_at loop
  -- Each search alone: one that raises is rolled back and recorded, and the next is handled.
  begin
    with matches as (
      select 'course' as kind, c.id as item_id, c.title || ', ' || c.university_name as line,
        '/courses/' || c.slug as path, c.title as sort_key
      from public.courses c
      where c.created_at > saved.created_at and public.course_matches_search(c, saved)
      union all
      select 'intake', i.id, c.title || ', ' || c.university_name || ': ' || i.term || ' is open, apply by '
        || to_char(i.deadline, 'FMDD FMMonth YYYY'), '/courses/' || c.slug, c.title
      from public.intakes i join public.courses c on c.id = i.course_id
      where i.status = 'open' and i.opened_at > saved.created_at and c.created_at <= saved.created_at
        and public.course_matches_search(c, saved)
    ), recorded as (
      insert into public.saved_search_alerts (search_id, item_kind, item_id)
      select saved.id, f.kind, f.item_id from matches f
      on conflict do nothing
      returning item_kind, item_id
    )
    select jsonb_agg(jsonb_build_object('line', f.line, 'path', f.path) order by f.sort_key, f.line) into items
    from matches f join recorded r on r.item_kind = f.kind and r.item_id = f.item_id;
    if items is not null then
      perform public.queue_event(saved.user_id, null, 'saved_search_alert', jsonb_build_object(
        'search', saved.label,
        'count', jsonb_array_length(items)::text,
        'matches', (select string_agg('- ' || (x ->> 'line') || E'\n  ' || site || (x ->> 'path'), E'\n')
          from jsonb_array_elements(items) x),
        'matches_html', '<ul>' || (select string_agg('<li><a href="' || public.escape_html(site || (x ->> 'path'))
          || '">' || public.escape_html(x ->> 'line') || '</a></li>', '') from jsonb_array_elements(items) x) || '</ul>',
        'search_url', site || '/courses?' || saved.query,
        'unsubscribe_url', site || '/unsubscribe?token=' || (public.email_preferences_of(saved.user_id)).unsubscribe_token));
      queued := queued + 1;
    end if;
  exception when others then
    perform public.record_job_failure('search_alert', 'saved_search:' || saved.id, saved.user_id, null, sqlerrm);
  end;
  end loop;
  return queued;
end
$$;
revoke execute on function public.queue_search_alerts() from public, anon, authenticated;
grant execute on function public.queue_search_alerts() to service_role;

-- The letter a decision e-mail in the outbox carries: the released decision of that kind the
-- message was composed after. For the sender (service role) only.
create or replace function public.letter_for_message(notification_id uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select public.letter_of_decision((
    select d.id from public.application_decisions d
    where d.application_id = o.application_id and d.state = 'released' and 'decision_' || d.outcome = o.kind
      and d.released_at <= o.created_at
    order by d.released_at desc limit 1))
  from public.notification_outbox o
  where o.id = letter_for_message.notification_id and o.kind like 'decision\_%' and o.application_id is not null
$$;
revoke execute on function public.letter_for_message(uuid) from public, anon, authenticated;
grant execute on function public.letter_for_message(uuid) to service_role;

-- Recovery codes for two-step verification. Supabase Auth has none, so Unipath keeps its own: ten
-- random codes made when an authenticator is verified (or on request, at aal2), shown once and kept
-- only as hashes. A code works once, at aal1: the server then removes the account's authenticator
-- through the Auth admin API (the only way past aal2 without it), the other codes go with it, and the
-- owner is told by e-mail. Nobody reads this table directly; the functions below are the way in.
create table public.mfa_recovery_codes (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  used_at timestamptz,
  unique (user_id, code_hash)
);
alter table public.mfa_recovery_codes enable row level security;
revoke all on public.mfa_recovery_codes from anon, authenticated;

-- Wrong codes, to stop guessing: five per account per quarter of an hour.
create table public.mfa_recovery_attempts (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  attempted_at timestamptz not null default now()
);
create index mfa_recovery_attempts_user_idx on public.mfa_recovery_attempts (user_id, attempted_at);
alter table public.mfa_recovery_attempts enable row level security;
revoke all on public.mfa_recovery_attempts from anon, authenticated;

-- A code as typed (any case, spaces or dashes, O for 0, I or L for 1), hashed with its owner.
create or replace function public.mfa_recovery_hash(owner uuid, code text) returns text
language sql immutable
set search_path = ''
as $$
  select encode(extensions.digest(owner::text || ':' || regexp_replace(
    translate(lower(coalesce(code, '')), 'oil', '011'), '[^0-9a-z]', '', 'g'), 'sha256'), 'hex')
$$;
revoke execute on function public.mfa_recovery_hash(uuid, text) from public, anon, authenticated;

-- Ten new codes for the caller (five and five characters of Crockford's alphabet, 50 random bits
-- each); the old ones stop working. Only a session that passed the second step may make them.
create or replace function public.issue_mfa_recovery_codes() returns setof text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  alphabet constant text := '0123456789abcdefghjkmnpqrstvwxyz';
  bytes bytea;
  code text;
begin
  if me is null then
    raise exception 'Sign in first.' using errcode = '42501';
  end if;
  if coalesce((select auth.jwt()) ->> 'aal', '') <> 'aal2' then
    raise exception 'Enter a code from your authenticator app first, then make recovery codes.'
      using errcode = '42501';
  end if;
  delete from public.mfa_recovery_codes c where c.user_id = me;
  for n in 1..10 loop
    bytes := extensions.gen_random_bytes(10);
    code := '';
    for i in 0..9 loop
      code := code || substr(alphabet, get_byte(bytes, i) % 32 + 1, 1);
    end loop;
    code := substr(code, 1, 5) || '-' || substr(code, 6, 5);
    insert into public.mfa_recovery_codes (user_id, code_hash) values (me, public.mfa_recovery_hash(me, code));
    return next code;
  end loop;
end
$$;
revoke execute on function public.issue_mfa_recovery_codes() from public, anon;
grant execute on function public.issue_mfa_recovery_codes() to authenticated;

-- How many of the caller's codes are unused, of how many, made when (no codes: zero of zero).
create or replace function public.mfa_recovery_code_status(out remaining integer, out issued integer,
  out issued_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select (count(*) filter (where c.used_at is null))::integer, count(*)::integer, max(c.created_at)
  from public.mfa_recovery_codes c where c.user_id = (select auth.uid())
$$;
revoke execute on function public.mfa_recovery_code_status() from public, anon;
grant execute on function public.mfa_recovery_code_status() to authenticated;

-- The caller's codes go (their authenticator was removed). Only at aal2, as making them is.
create or replace function public.discard_mfa_recovery_codes() returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if coalesce((select auth.jwt()) ->> 'aal', '') <> 'aal2' then
    raise exception 'Enter a code from your authenticator app first.' using errcode = '42501';
  end if;
  delete from public.mfa_recovery_codes c where c.user_id = (select auth.uid());
end
$$;
revoke execute on function public.discard_mfa_recovery_codes() from public, anon;
grant execute on function public.discard_mfa_recovery_codes() to authenticated;

insert into public.message_templates (key, audience, essential, stands_alone, description, fields, subject, summary, body_text, body_html) values
('mfa_recovery_used', 'applicant', true, true,
  'Tells the owner of an account that a recovery code was used to sign in, which turned two-step verification off.',
  '{recipient_name,used_at,profile_url,site_url}',
  'A recovery code was used to sign in to Unipath',
  'A recovery code signed in to your account on {{used_at}}; two-step verification is off.',
  E'Hello {{recipient_name}},\n\nSomeone signed in to your Unipath account on {{used_at}} with one of your recovery codes. Your authenticator app is no longer linked to the account, two-step verification is off, and your other recovery codes no longer work.\n\nIf this was you, set up your authenticator app again (you will get new recovery codes): {{profile_url}}\n\nIf it was not you, change your password at once on the same page and set up two-step verification again, then reply to this e-mail so we can help.\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>Someone signed in to your Unipath account on {{used_at}} with one of your recovery codes. Your authenticator app is no longer linked to the account, two-step verification is off, and your other recovery codes no longer work.</p><p>If this was you, <a href="{{profile_url}}">set up your authenticator app again</a> (you will get new recovery codes).</p><p>If it was not you, change your password at once on the same page and set up two-step verification again, then reply to this e-mail so we can help.</p><p>Unipath</p>');

-- Spends one of the caller's codes (at aal1: that is what they are for) and tells the owner. True
-- when the code was theirs and unused; a wrong one counts towards the limit and answers false.
create or replace function public.redeem_mfa_recovery_code(code text) returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  spent bigint;
  address text;
begin
  if me is null then
    raise exception 'Sign in with your password first.' using errcode = '42501';
  end if;
  delete from public.mfa_recovery_attempts a where a.user_id = me and a.attempted_at < now() - interval '1 day';
  if (select count(*) from public.mfa_recovery_attempts a
      where a.user_id = me and a.attempted_at > now() - interval '15 minutes') >= 5 then
    raise exception 'Too many wrong recovery codes. Wait 15 minutes, then try again.' using errcode = 'PT429';
  end if;
  update public.mfa_recovery_codes c set used_at = now()
    where c.user_id = me and c.code_hash = public.mfa_recovery_hash(me, redeem_mfa_recovery_code.code)
      and c.used_at is null
    returning c.id into spent;
  if spent is null then
    insert into public.mfa_recovery_attempts (user_id) values (me);
    return false;
  end if;
  select u.email into address from auth.users u where u.id = me;
  if coalesce(address, '') <> '' then
    perform public.queue_direct_letter(address, me, 'mfa_recovery_used', jsonb_build_object(
      'recipient_name', public.greeting_name(me),
      'used_at', to_char(now() at time zone 'UTC', 'FMDD FMMonth YYYY "at" HH24:MI "UTC"'),
      'profile_url', (select s.site_url from public.admissions_settings s) || '/profile#security',
      'site_url', (select s.site_url from public.admissions_settings s)), 'mfa_recovery_used:' || spent);
  end if;
  return true;
end
$$;
revoke execute on function public.redeem_mfa_recovery_code(text) from public, anon;
grant execute on function public.redeem_mfa_recovery_code(text) to authenticated;
