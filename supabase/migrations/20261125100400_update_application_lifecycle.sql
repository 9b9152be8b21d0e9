-- The lifecycle functions around decisions: process moves take the version staff saw; offers,
-- waiting lists and negative outcomes go through decisions; capacity is checked when places are
-- offered, not when people apply; an accepted conditional offer waits for its conditions.

-- Each event writes its own kind of message (decision letters, requests for action, staff alerts).
alter table public.notification_outbox drop constraint notification_outbox_kind_check;
alter table public.notification_outbox add constraint notification_outbox_kind_check
  check (kind ~ '^[a-z][a-z_]{2,60}$');

-- The moves staff make directly. Decisions (offers, waitlist, unsuccessful, conditions, withdrawing an
-- offer) go through decide_application.
create or replace function public.application_transition_allowed(from_status text, to_status text)
returns boolean
language sql immutable
set search_path = ''
as $$
  select (from_status, to_status) in (
    ('submitted', 'under_review'),
    ('under_review', 'action_required'), ('action_required', 'under_review'),
    ('accepted', 'enrolled'))
$$;

-- What the applicant hears of a process move: a request for action says what is needed; enrolment is
-- confirmed. Review starting is not news worth an e-mail. Decisions send their own letters.
create or replace function public.queue_status_email(app public.applications) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  greeting text := coalesce(nullif(btrim(app.answers #>> '{personal,full_name}'), ''), 'there');
  note text := nullif(current_setting('unipath.transition_note', true), '');
begin
  if app.status not in ('action_required', 'enrolled') then
    return;
  end if;
  insert into public.notification_outbox (recipient, user_id, application_id, kind, subject, body)
  select u.email, app.applicant_id, app.id, 'application_' || app.status,
    case app.status when 'action_required' then format('Action needed on your application %s', app.reference)
      else format('You are enrolled: %s', app.reference) end,
    format(E'Hello %s,\n\n%s\n\nReference: %s\n\nUnipath Admissions', greeting,
      case app.status
        when 'action_required' then format(E'Admissions needs something from you before your application can go on:\n\n%s\n\nSign in to Unipath and open your applications page to respond.', note)
        else 'Your enrolment is confirmed. Welcome! Your joining instructions will follow.' end,
      app.reference)
  from auth.users u where u.id = app.applicant_id and u.email is not null;
end
$$;

drop function public.transition_application(uuid, text, text, text);
create function public.transition_application(application_id uuid, to_status text, expected_version integer,
  note text default null)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, true);
  clean_note text := nullif(btrim(note), '');
begin
  perform public.check_application_version(app, expected_version);
  if to_status in ('offer_conditional', 'offer_unconditional', 'waitlisted', 'rejected', 'offer_withdrawn') then
    raise exception 'Offers, the waiting list and unsuccessful outcomes are decisions: use the decision form.'
      using errcode = 'P0001';
  end if;
  if to_status is null or not public.application_transition_allowed(app.status, to_status) then
    perform public.refuse_transition(app.status, coalesce(to_status, 'nothing'));
  end if;
  if to_status = 'action_required' and clean_note is null then
    raise exception 'Say what the applicant must do: a note is required.' using errcode = 'P0001';
  end if;
  perform set_config('unipath.transition_note', coalesce(left(clean_note, 2000), ''), true);
  update public.applications a set status = to_status where a.id = app.id returning * into app;
  perform public.queue_status_email(app);
  return app;
end
$$;

drop function public.assign_application(uuid, uuid);
create function public.assign_application(application_id uuid, assignee uuid, expected_version integer)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, true);
begin
  perform public.check_application_version(app, expected_version);
  if assignee is not null and not exists (select 1 from public.user_roles r where r.user_id = assignee) then
    raise exception 'Applications can only be assigned to admissions staff.' using errcode = 'P0001';
  end if;
  update public.applications a set assigned_to = assignee where a.id = app.id returning * into app;
  return app;
end
$$;

-- Staff verify or reject a document; a rejection carries the reason the applicant will read. The
-- review is a change to the application, so it is checked against the version staff saw.
drop function public.review_document(uuid, text, text);
create function public.review_document(document_id uuid, status text, expected_version integer,
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
  return doc;
end
$$;

-- The triage queue's bulk action, all or nothing, on the applications as they are now.
create or replace function public.triage_applications(application_ids uuid[], assignee uuid default null,
  start_review boolean default false)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  target uuid;
  changed integer := 0;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff triage applications.' using errcode = '42501';
  end if;
  if coalesce(cardinality(application_ids), 0) = 0 then
    raise exception 'Choose at least one application.' using errcode = '22023';
  end if;
  if cardinality(application_ids) > 200 then
    raise exception 'Choose at most 200 applications at a time.' using errcode = '22023';
  end if;
  if assignee is null and not coalesce(start_review, false) then
    raise exception 'Choose a reviewer or the move to review.' using errcode = '22023';
  end if;
  foreach target in array (select array_agg(distinct t) from unnest(application_ids) t) loop
    if assignee is not null then
      perform public.assign_application(target, assignee,
        (select a.version from public.applications a where a.id = target));
    end if;
    if start_review then
      perform public.transition_application(target, 'under_review',
        (select a.version from public.applications a where a.id = target), 'Review started.');
    end if;
    changed := changed + 1;
  end loop;
  return changed;
end
$$;

-- Anyone may submit while the intake is open and before its deadline: places are counted when offers
-- are made, not when people apply.
create or replace function public.submit_application(application_id uuid) returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, false);
  intake public.intakes;
  missing record;
begin
  if app.status <> 'draft' then
    perform public.refuse_transition(app.status, 'submitted');
  end if;
  select * into intake from public.intakes i where i.id = app.intake_id;
  if intake.status <> 'open' then
    raise exception 'This intake is not accepting applications.' using errcode = 'P0001';
  elsif intake.opens_at is not null and current_date < intake.opens_at then
    raise exception 'Applications for this intake open on %.', intake.opens_at using errcode = 'P0001';
  elsif current_date > intake.deadline then
    raise exception 'The deadline for this intake (%) has passed.', intake.deadline using errcode = 'P0001';
  end if;
  select * into missing from public.application_missing_items(app);
  if cardinality(missing.answers) + cardinality(missing.documents) > 0 then
    raise exception 'The application is incomplete. Missing: %.',
      public.describe_missing_items(missing.answers, missing.documents)
      using errcode = 'P0001',
        detail = jsonb_build_object('answers', to_jsonb(missing.answers), 'documents', to_jsonb(missing.documents))::text,
        hint = 'Complete the missing items, then submit again.';
  end if;

  perform set_config('unipath.transition_note', 'Application submitted.', true);
  update public.applications a set status = 'submitted',
    reference = public.new_application_reference(extract(year from intake.start_date)::integer),
    submitted_at = now(), reply_by = intake.reply_by
  where a.id = app.id
  returning * into app;
  perform public.queue_submission_email(app);
  return app;
end
$$;

-- The applicant accepts or declines an offer until the end of its reply-by date. Accepting a
-- conditional offer leaves the place pending on its conditions.
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
  return app;
end
$$;

create or replace function public.withdraw_application(application_id uuid, reason text default null)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, false);
begin
  if app.status in ('enrolled', 'declined', 'rejected', 'expired', 'withdrawn', 'offer_withdrawn') then
    perform public.refuse_transition(app.status, 'withdrawn');
  end if;
  if char_length(reason) > 500 then
    raise exception 'The reason is too long (500 characters at most).' using errcode = 'P0001';
  end if;
  perform set_config('unipath.transition_note', coalesce(btrim(reason), ''), true);
  update public.applications a set status = 'withdrawn' where a.id = app.id returning * into app;
  return app;
end
$$;

create or replace function public.application_accepts_documents(application uuid, document_kind text)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.applications a
    where a.id = application and a.applicant_id = (select auth.uid())
      and (a.status in ('draft', 'action_required')
        or (a.status not in ('withdrawn', 'declined', 'rejected', 'expired', 'enrolled', 'offer_withdrawn')
          and exists (select 1 from public.application_documents d
            where d.application_id = a.id and (document_kind is null or d.kind = document_kind)
              and d.status = 'rejected')))
  )
$$;

-- Publishing decisions is its own function; the other intake moves stay here.
create or replace function public.set_intake_status(intake_id uuid, to_status text)
returns public.intakes
language plpgsql security definer
set search_path = ''
as $$
declare
  intake public.intakes;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators change an intake''s status.' using errcode = '42501';
  end if;
  select * into intake from public.intakes i where i.id = set_intake_status.intake_id for update;
  if not found then
    raise exception 'Intake not found.' using errcode = 'P0002';
  end if;
  if to_status is null or (intake.status, to_status) not in (('draft', 'open'), ('open', 'closed'),
    ('closed', 'open'), ('closed', 'decisions_published'), ('decisions_published', 'archived'),
    ('draft', 'archived')) then
    raise exception 'An intake cannot move from % to %.', intake.status, coalesce(to_status, 'nothing')
      using errcode = 'P0001';
  end if;
  if to_status = 'decisions_published' then
    perform public.publish_decisions(intake.id);
    select * into intake from public.intakes i where i.id = set_intake_status.intake_id;
    return intake;
  end if;
  update public.intakes i set status = to_status where i.id = intake.id returning * into intake;
  return intake;
end
$$;

-- Intakes with their places and demand, soonest deadline first, filtered by status and a search on
-- the course, university or term.
drop function public.admin_intakes(text, text, integer, integer);
create function public.admin_intakes(status_filter text default null, search text default null,
  page_size integer default 25, page_offset integer default 0)
returns table (id uuid, course_id uuid, course_title text, university_name text, term text,
  opens_at date, deadline date, reply_by date, start_date date, capacity integer, status text,
  release_mode text, over_offer integer, applications bigint, awaiting_decision bigint, offers bigint,
  accepted bigint, offers_out bigint, pending_offers bigint, acceptances bigint, places_left integer,
  waitlisted bigint, unreleased bigint, open_alerts bigint, total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pattern text := '%' || replace(replace(replace(lower(btrim(coalesce(search, ''))), '\', '\\'), '%', '\%'),
    '_', '\_') || '%';
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see intakes.' using errcode = '42501';
  end if;
  return query
  select i.id, i.course_id, c.title, c.university_name, i.term, i.opens_at, i.deadline, i.reply_by,
    i.start_date, i.capacity, i.status, i.release_mode, i.over_offer,
    count(a.id) filter (where a.status <> 'draft'),
    count(a.id) filter (where a.status in ('submitted', 'under_review', 'action_required')),
    count(a.id) filter (where a.status in ('offer_conditional', 'offer_unconditional', 'conditions_pending',
      'accepted', 'enrolled')),
    count(a.id) filter (where a.status in ('conditions_pending', 'accepted', 'enrolled')),
    p.offers_out, p.pending_offers, p.acceptances, p.places_left, p.waitlisted, p.unreleased,
    (select count(*) from public.place_alerts x where x.intake_id = i.id and x.resolved_at is null),
    count(*) over ()
  from public.intakes i
  join public.courses c on c.id = i.course_id
  cross join lateral public.intake_places(i.id) p
  left join public.applications a on a.intake_id = i.id
  where (status_filter is null or status_filter = '' or i.status = status_filter)
    and (pattern = '%%' or lower(c.title || ' ' || c.university_name || ' ' || i.term) like pattern)
  group by i.id, c.id, p.offers_out, p.pending_offers, p.acceptances, p.places_left, p.waitlisted, p.unreleased
  order by (i.status in ('open', 'closed')) desc, i.deadline, c.title, i.id
  limit least(greatest(coalesce(page_size, 25), 1), 100) offset greatest(coalesce(page_offset, 0), 0);
end
$$;

-- Staff dismiss a freed-place alert they will not act on.
create or replace function public.dismiss_place_alert(alert_id uuid) returns public.place_alerts
language plpgsql security definer
set search_path = ''
as $$
declare
  alert public.place_alerts;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff handle place alerts.' using errcode = '42501';
  end if;
  update public.place_alerts p set resolved_at = now(), resolved_by = auth.uid(), resolution = 'dismissed'
  where p.id = alert_id and p.resolved_at is null returning * into alert;
  if not found then
    raise exception 'That alert was already handled.' using errcode = 'P0001';
  end if;
  return alert;
end
$$;

-- Grants: the internal pieces are nobody's to call; the actions are for signed-in callers, each
-- checking the caller's role itself.
revoke execute on function public.check_application_version(public.applications, integer),
  public.mark_application_changed(uuid, text), public.unverified_documents(public.applications),
  public.decision_problems(public.applications, text, text, uuid, text),
  public.decision_problems_on_approval(public.applications, public.application_decisions),
  public.queue_decision_letter(public.applications, public.application_decisions),
  public.apply_decision(public.application_decisions), public.releases_one_by_one(uuid),
  public.lock_open_decision(uuid, integer), public.queue_status_email(public.applications)
  from public, anon, authenticated;
revoke execute on function public.transition_application(uuid, text, integer, text),
  public.assign_application(uuid, uuid, integer), public.review_document(uuid, text, integer, text),
  public.decide_application(uuid, integer, text, text, uuid, text, text, boolean),
  public.approve_decision(uuid, integer, boolean), public.release_decision(uuid, integer),
  public.cancel_decision(uuid, integer, text), public.publish_decisions(uuid),
  public.move_on_waitlist(uuid, integer, text), public.preview_decision(uuid, text, text, uuid, text),
  public.dismiss_place_alert(uuid), public.admin_intakes(text, text, integer, integer)
  from public, anon;
grant execute on function public.transition_application(uuid, text, integer, text),
  public.assign_application(uuid, uuid, integer), public.review_document(uuid, text, integer, text),
  public.decide_application(uuid, integer, text, text, uuid, text, text, boolean),
  public.approve_decision(uuid, integer, boolean), public.release_decision(uuid, integer),
  public.cancel_decision(uuid, integer, text), public.publish_decisions(uuid),
  public.move_on_waitlist(uuid, integer, text), public.preview_decision(uuid, text, text, uuid, text),
  public.dismiss_place_alert(uuid), public.admin_intakes(text, text, integer, integer)
  to authenticated, service_role;

-- A decision made on a status the application no longer has can never apply: when the status moves
-- on by any other way (the applicant withdraws or replies, the offer expires, a process move), the
-- open decision is cancelled and says why.
create or replace function public.cancel_overtaken_decisions() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.application_decisions d set state = 'cancelled', cancelled_at = now(),
    cancel_note = format('The application became %s before this decision was released.',
      lower(coalesce((select g.label from public.application_status_guide g where g.status = new.status), new.status)))
  where d.application_id = new.id and d.state in ('recommended', 'approved') and d.from_status <> new.status;
  return null;
end
$$;
revoke execute on function public.cancel_overtaken_decisions() from public, anon, authenticated;
create trigger applications_cancel_overtaken after update of status on public.applications
  for each row when (old.status is distinct from new.status)
  execute function public.cancel_overtaken_decisions();
