-- Letters for each event. Every message about an application now goes through the composer: the
-- functions that cause an event record it with queue_event, and the composer makes one message per
-- person and application from the event's template (or one message listing several). The templates
-- below are the product's default words; administrators edit them in /admin/templates.
--
-- Template keys keep the kinds the outbox used before (application_submitted, decision_…,
-- place_freed…), so a message about a single event is still known by the same kind.

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

-- The receipt (the body was queue_submission_email's own until now).
create or replace function public.queue_submission_email(app public.applications) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  perform public.queue_event(app.applicant_id, app.id, 'application_submitted', jsonb_build_object(
    'submitted_at', to_char(app.submitted_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI')));
end
$$;

-- What the applicant hears of a process move: a request for action says what is needed (the request
-- and each document still missing or rejected, with the reason); enrolment is confirmed. Review
-- starting is not news worth an e-mail. Decisions send their own letters.
create or replace function public.queue_status_email(app public.applications) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  note text := nullif(current_setting('unipath.transition_note', true), '');
  site text := (select s.site_url from public.admissions_settings s);
  items text[];
  missing_documents text[];
begin
  if app.status not in ('action_required', 'enrolled') then
    return;
  end if;
  if app.status = 'enrolled' then
    perform public.queue_event(app.applicant_id, app.id, 'application_enrolled', '{}');
    return;
  end if;
  select m.documents into missing_documents from public.application_missing_items(app) m;
  select coalesce(array_agg(item order by n, item), '{}') into items from (
    select 1 as n, format('%s: not accepted (%s). Upload a new one.', public.document_kind_label(d.kind),
      d.rejection_reason) as item
    from public.application_documents d
    where d.application_id = app.id and d.status = 'rejected'
      and not exists (select 1 from public.application_documents n where n.application_id = app.id
        and n.kind = d.kind and n.status <> 'rejected')
    union
    select 2, format('%s: not uploaded yet.', public.document_kind_label(k))
    from unnest(missing_documents) k
    where not exists (select 1 from public.application_documents d where d.application_id = app.id and d.kind = k)
  ) x;
  perform public.queue_event(app.applicant_id, app.id, 'application_action_required', jsonb_build_object(
    'request', coalesce(note, 'See your application page.'),
    'missing_items', case when cardinality(items) = 0 then 'No documents are missing; please follow the request above.'
      else (select string_agg('- ' || i, E'\n') from unnest(items) i) end,
    'missing_items_html', case when cardinality(items) = 0 then '<p>No documents are missing; please follow the request above.</p>'
      else '<ul>' || (select string_agg('<li>' || public.html_text(i) || '</li>', '') from unnest(items) i) || '</ul>' end,
    'respond_url', site || '/applications/' || app.id || '#documents-' || app.id));
end
$$;

-- The letter a released decision sends, in the applicant's words: the public wording of a reason
-- (outcome_reason, copied from the reason's public wording), never the private detail or internal notes.
create or replace function public.queue_decision_letter(app public.applications, decision public.application_decisions)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  perform public.queue_event(app.applicant_id, app.id, 'decision_' || decision.outcome,
    case decision.outcome
      when 'offer_conditional' then jsonb_build_object('conditions', decision.conditions)
      when 'conditions_met' then jsonb_build_object('next_step', case when app.status = 'accepted'
        then 'Your place is confirmed. Admissions will send your enrolment instructions.'
        else format('Please accept or decline it on your Unipath applications page by %s.',
          to_char(app.reply_by, 'FMDD FMMonth YYYY')) end)
      when 'rejected' then jsonb_build_object('reason', app.outcome_reason)
      when 'conditions_not_met' then jsonb_build_object('reason', app.outcome_reason)
      when 'offer_withdrawn' then jsonb_build_object('reason', app.outcome_reason)
      else '{}'::jsonb end);
end
$$;

-- A place became free while others wait: each administrator hears of it.
create or replace function public.record_freed_place() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  admin_id uuid;
begin
  if not exists (select 1 from public.applications a where a.intake_id = new.intake_id and a.status = 'waitlisted') then
    return null;
  end if;
  insert into public.place_alerts (intake_id, application_id, from_status, to_status)
  values (new.intake_id, new.id, old.status, new.status);
  for admin_id in select r.user_id from public.user_roles r where r.role = 'admin' loop
    perform public.queue_event(admin_id, new.id, 'place_freed', jsonb_build_object(
      'new_status', lower(coalesce((select g.label from public.application_status_guide g
        where g.status = new.status), new.status)),
      'intake_url', (select s.site_url from public.admissions_settings s) || '/admin-intake/' || new.intake_id));
  end loop;
  return null;
end
$$;

-- Staff verify or reject a document; a rejection carries the reason the applicant will read, and the
-- applicant is told which document, why, and where to upload a new one.
create or replace function public.review_document(document_id uuid, status text, expected_version integer,
  reason text default null)
returns public.application_documents
language plpgsql security definer
set search_path = ''
as $$
declare
  doc public.application_documents;
  app public.applications;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff can review documents.' using errcode = '42501';
  end if;
  if review_document.status is null or review_document.status not in ('uploaded', 'verified', 'rejected') then
    raise exception 'Unknown document status %.', coalesce(review_document.status, 'none') using errcode = '22023';
  end if;
  if review_document.status = 'rejected' and coalesce(btrim(reason), '') = '' then
    raise exception 'A rejected document needs a reason the applicant can act on.' using errcode = 'P0001';
  end if;
  select * into doc from public.application_documents d where d.id = document_id;
  if not found then
    raise exception 'Document not found.' using errcode = 'P0001';
  end if;
  app := public.lock_application(doc.application_id, true);
  perform public.check_application_version(app, expected_version);
  update public.application_documents d set
    status = review_document.status,
    rejection_reason = case when review_document.status = 'rejected' then left(btrim(reason), 500) end,
    reviewed_by = auth.uid(),
    reviewed_at = now()
  where d.id = document_id
  returning * into doc;
  perform public.mark_application_changed(app.id, format('marked the %s %s',
    lower(public.document_kind_label(doc.kind)),
    case doc.status when 'uploaded' then 'not checked' else doc.status end));
  if doc.status = 'rejected' then
    perform public.queue_event(app.applicant_id, app.id, 'document_rejected', jsonb_build_object(
      'document', lower(public.document_kind_label(doc.kind)),
      'reason', doc.rejection_reason,
      'reupload_url', (select s.site_url from public.admissions_settings s) || '/applications/' || app.id
        || '#documents-' || app.id));
  end if;
  return doc;
end
$$;

-- The applicant accepts or declines an offer until the end of its reply-by date, and gets a
-- confirmation. Accepting a conditional offer leaves the place pending on its conditions.
create or replace function public.respond_to_offer(application_id uuid, accept boolean)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, false);
  target text;
begin
  if accept is null then
    raise exception 'Say whether you accept the offer.' using errcode = 'P0001';
  end if;
  target := case when not accept then 'declined'
    when app.status = 'offer_conditional' then 'conditions_pending' else 'accepted' end;
  if app.status not in ('offer_conditional', 'offer_unconditional') then
    perform public.refuse_transition(app.status, target);
  end if;
  if app.reply_by is not null and current_date > app.reply_by then
    raise exception 'The reply-by date (%) has passed; the offer can no longer be answered.', app.reply_by
      using errcode = 'P0001';
  end if;
  perform set_config('unipath.transition_note', case when accept then 'Offer accepted.' else 'Offer declined.' end, true);
  update public.applications a set status = target where a.id = app.id returning * into app;
  if accept then
    perform public.queue_event(app.applicant_id, app.id, 'offer_accepted', jsonb_build_object('next_step',
      case when target = 'conditions_pending'
        then format(E'Your place is held while you meet the conditions of your offer:\n%s\nAdmissions will confirm your place once they are met.', app.offer_conditions)
        else 'Your place is held. Admissions will confirm your enrolment and send joining instructions.' end));
  else
    perform public.queue_event(app.applicant_id, app.id, 'offer_declined', '{}');
  end if;
  return app;
end
$$;

-- A template as it would reach the people of a real application (administrators, from
-- /admin/templates): the application's own fields, and example words for the fields only the event
-- itself knows (the document, the reason…).
create or replace function public.preview_message_template(template_key text, application_reference text,
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
    'conditions', coalesce(app.offer_conditions, 'The conditions of the offer, as staff wrote them.'),
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
  select r.subject, r.summary, r.body_text, r.body_html into subject, summary, body_text, body_html
  from public.render_template(template.key, merge) r;
end
$$;
revoke execute on function public.preview_message_template(text, text) from public, anon;
grant execute on function public.preview_message_template(text, text) to authenticated;
