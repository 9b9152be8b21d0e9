-- Staff notifications and reminders, on the notification core (queue_event, templates, composer).
--
-- Staff hear, as it happens or in their daily digest (staff_notification_settings.delivery), when an
-- application is assigned to them by someone else (a reviewer's own pick sends nothing), when the
-- applicant of an application assigned to them uploads a document, and when that applicant accepts
-- or declines an offer. These come from AFTER triggers of their own, so the functions that cause
-- the changes stay as they are.
--
-- Reminders (templates with essential = false, so people may turn them off) come from
-- queue_reminders(), run hourly by the app server or `npm run worker`:
--   draft_deadline    14, 3 and 1 days before the intake's deadline, for a draft on an open intake;
--   offer_reply       7 and 2 days before the reply-by date, for an offer not yet answered;
--   documents_missing 3 days after the application became "action required" when the applicant has
--                     uploaded nothing since, then every 7 days while that stays so.
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
  '<p>Hello {{recipient_name}},</p><p>{{applicant_name}} declined the offer for {{course}} at {{university}} ({{term}}) on application {{reference}}. The place is free again.</p><p><a href="{{application_url}}">Open the application</a></p><p>Unipath</p>');

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

-- Each reminder sent: one row per application, kind and step, whichever server sent it.
create table public.reminders_sent (
  id bigint generated always as identity primary key,
  application_id uuid not null references public.applications (id) on delete cascade,
  kind text not null check (kind in ('draft_deadline', 'offer_reply', 'documents_missing')),
  -- The days before the date (draft_deadline, offer_reply), or '<request>:<n>' for the n-th reminder
  -- about one "action required" request (documents_missing).
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

-- Records one reminder and queues its event, unless it was already sent.
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
  return queued;
end
$$;
revoke execute on function public.queue_reminders(timestamptz) from public, anon, authenticated;
grant execute on function public.queue_reminders(timestamptz) to service_role;
