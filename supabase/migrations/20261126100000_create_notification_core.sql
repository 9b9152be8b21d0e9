-- How messages are made and sent. Events (a document rejected, a decision released, a message
-- posted…) are recorded in notification_events by the database functions that cause them. A
-- composer turns the events of one application and one person into one message once they have been
-- quiet for a short window, from the message template of each event (or a summary of them all), and
-- writes it to the outbox with an idempotency key. Senders claim outbox rows under row locks, so
-- every message goes out once whichever server sends it; a failed send is retried with back-off and
-- kept, marked failed, for administrators after the last attempt.

-- The app's public address, for links in messages; the app server sets it at start (SITE_URL).
alter table public.admissions_settings add column site_url text not null default 'http://127.0.0.1:4321'
  check (site_url ~ '^https?://[^\s/]+(/[^\s]*)?$' and char_length(site_url) <= 200);

create or replace function public.set_site_url(url text) returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  clean text := rtrim(btrim(coalesce(url, '')), '/');
begin
  if clean !~ '^https?://[^\s/]+(/[^\s]*)?$' or char_length(clean) > 200 then
    raise exception 'SITE_URL must be an http(s) address, not %.', coalesce(url, 'empty') using errcode = '22023';
  end if;
  update public.admissions_settings set site_url = clean, updated_at = now() where site_url is distinct from clean;
  return clean;
end
$$;
revoke execute on function public.set_site_url(text) from public, anon, authenticated;
grant execute on function public.set_site_url(text) to service_role;

-- The outbox: HTML beside the text, an idempotency key per composed message, retries with back-off
-- (next_attempt_at) and a permanent failure (failed_at) after the last attempt.
alter table public.notification_outbox drop constraint notification_outbox_body_check;
alter table public.notification_outbox
  add constraint notification_outbox_body_check check (char_length(body) <= 40000),
  add column body_html text check (char_length(body_html) <= 80000),
  add column idempotency_key text unique check (char_length(idempotency_key) <= 200),
  add column unsubscribe_url text check (char_length(unsubscribe_url) <= 400),
  add column next_attempt_at timestamptz not null default now(),
  add column failed_at timestamptz;
drop index public.notification_outbox_pending_idx;
create index notification_outbox_pending_idx on public.notification_outbox (next_attempt_at)
  where sent_at is null and failed_at is null;
create index notification_outbox_failed_idx on public.notification_outbox (failed_at desc) where failed_at is not null;

drop function public.claim_notifications(integer, integer);
create function public.claim_notifications(batch_size integer default 20)
returns table (id uuid, recipient text, kind text, subject text, body text, body_html text,
  unsubscribe_url text, attempts integer)
language sql volatile
set search_path = ''
as $$
  update public.notification_outbox o
     set sent_at = now(), attempts = o.attempts + 1
   where o.id in (
     select p.id from public.notification_outbox p
      where p.sent_at is null and p.failed_at is null and p.next_attempt_at <= now()
      order by p.next_attempt_at, p.created_at
      limit least(greatest(batch_size, 1), 100)
      for update skip locked)
  returning o.id, o.recipient, o.kind, o.subject, o.body, o.body_html, o.unsubscribe_url, o.attempts
$$;

-- A send that failed is tried again later: 1, 2, 4… minutes after, at most an hour; after
-- max_attempts it is marked failed and waits for an administrator.
drop function public.release_notification(uuid, text);
create function public.release_notification(notification_id uuid, failure text, max_attempts integer default 8)
returns void
language sql volatile
set search_path = ''
as $$
  update public.notification_outbox
     set sent_at = null, last_error = left(failure, 1000),
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
  return row;
end
$$;
revoke execute on function public.claim_notifications(integer), public.release_notification(uuid, text, integer)
  from public, anon, authenticated;
grant execute on function public.claim_notifications(integer), public.release_notification(uuid, text, integer)
  to service_role;
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
create or replace function public.check_message_template() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  part record;
  unknown text[];
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
  if new.body_html ~* '<\s*(script|iframe|object|embed|form)\b|\son[a-z]+\s*=|javascript:' then
    raise exception 'The HTML body may not contain scripts, frames, forms or event handlers.' using errcode = '22023';
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
-- Rows keyed by name (message templates) are recorded under their key.
create or replace function public.audit_staff_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  who uuid := auth.uid();
  left_out text[] := coalesce(tg_argv::text[], '{}') || array['version', 'updated_by', 'last_change'];
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - left_out end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - left_out end;
  row_key text := coalesce(new_row ->> 'id', old_row ->> 'id', coalesce(new_row, old_row) ->> 'key',
    coalesce(new_row, old_row) ->> 'user_id');
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
  -- Why an event made no message of its own: 'duplicate', 'unsubscribed', 'no_address'.
  skipped text check (skipped in ('duplicate', 'unsubscribed', 'no_address')),
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

-- The fields every message about an application can use, as they stand when the event happens.
create or replace function public.application_fields(application uuid, recipient uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'recipient_name', coalesce(nullif(btrim(p.full_name), ''),
      case when a.applicant_id = recipient then nullif(btrim(a.answers #>> '{personal,full_name}'), '') end, 'there'),
    'site_url', s.site_url,
    'applications_url', s.site_url || '/applications',
    'profile_url', s.site_url || '/profile',
    'application_url', case when a.id is null then null when a.applicant_id = recipient
      then s.site_url || '/applications/' || a.id else s.site_url || '/admin/applications/' || a.id end,
    'applicant_name', coalesce(nullif(btrim(a.answers #>> '{personal,full_name}'), ''), 'the applicant'),
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

-- The composer: every person's events about one application become one message once the first of
-- them is quiet_seconds old. Staff who chose a daily digest get theirs from compose_staff_digests.
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
begin
  for grp in
    select e.recipient_id, e.application_id from public.notification_events e
    join public.message_templates t on t.key = e.template_key
    left join public.staff_notification_settings s on s.user_id = e.recipient_id
    where e.composed_at is null and not (t.audience = 'staff' and coalesce(s.delivery, 'immediate') = 'daily')
    group by e.recipient_id, e.application_id
    having min(e.created_at) <= now() - make_interval(secs => greatest(coalesce(quiet_seconds, 120), 0))
    order by min(e.created_at)
    limit greatest(coalesce(max_groups, 100), 1)
  loop
    select array_agg(x.id order by x.id) into ids from (
      select e.id from public.notification_events e
      join public.message_templates t on t.key = e.template_key
      left join public.staff_notification_settings s on s.user_id = e.recipient_id
      where e.recipient_id = grp.recipient_id and e.application_id is not distinct from grp.application_id
        and e.composed_at is null and not (t.audience = 'staff' and coalesce(s.delivery, 'immediate') = 'daily')
      for update of e skip locked) x;
    if ids is not null then
      perform public.compose_message(grp.recipient_id, grp.application_id, ids,
        case when (select bool_and(t.audience = 'staff') from public.notification_events e
          join public.message_templates t on t.key = e.template_key where e.id = any (ids))
          then 'staff_updates' else 'application_updates' end);
      composed := composed + 1;
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
      perform public.compose_message(person.user_id, null, ids, 'staff_digest');
      composed := composed + 1;
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
