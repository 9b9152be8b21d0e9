-- Deciding, approving, releasing and publishing decisions. Every function takes the version of the
-- application the member of staff was looking at and refuses when it has moved on since. Refusals
-- say why in words for staff and change nothing (each call is one transaction).

create or replace function public.document_kind_label(kind text) returns text
language sql immutable
set search_path = ''
as $$
  select case kind
    when 'passport' then 'Passport'
    when 'transcript' then 'Academic transcript'
    when 'english_test' then 'English test certificate'
    when 'cv' then 'CV'
    when 'statement' then 'Personal statement'
    when 'reference' then 'Reference letter'
    when 'portfolio' then 'Portfolio'
    when 'other' then 'Other document'
    else replace(kind, '_', ' ') end
$$;
revoke execute on function public.document_kind_label(text) from public;
grant execute on function public.document_kind_label(text) to anon, authenticated, service_role;

create or replace function public.check_application_version(app public.applications, expected_version integer)
returns void
language plpgsql stable security definer
set search_path = ''
as $$
declare
  latest record;
begin
  if expected_version is null then
    raise exception 'This change does not say which version of the application it is based on.'
      using errcode = 'PT428', hint = 'Reload the application and make the change again.';
  end if;
  if app.version <> expected_version then
    select * into latest from public.latest_change('applications', to_jsonb(app));
    perform public.refuse_stale_write('application', latest.changed_by, latest.changed_at, latest.change);
  end if;
end
$$;

-- Records that a step changed the application (a decision made, approved or cancelled) without
-- touching its status, so forms based on the earlier version are refused.
create or replace function public.mark_application_changed(application_id uuid, change text)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
begin
  perform set_config('unipath.change', change, true);
  update public.applications a set updated_at = now() where a.id = application_id returning * into app;
  perform set_config('unipath.change', '', true);
  return app;
end
$$;

-- Why the required documents do not allow an offer yet: one phrase per document that is not verified.
create or replace function public.unverified_documents(app public.applications) returns text[]
language sql stable security definer
set search_path = ''
as $$
  select coalesce(array_agg(public.document_kind_label(r.kind) || case
      when d.status = 'rejected' then ' was rejected'
      when d.status = 'uploaded' then ' is not verified yet'
      else ' is missing' end order by r.kind), '{}')
  from public.document_requirements r
  left join lateral (
    select x.status from public.application_documents x
    where x.application_id = app.id and x.kind = r.kind
    order by (x.status = 'verified') desc, (x.status = 'uploaded') desc, x.created_at desc limit 1
  ) d on true
  where r.required
    and (r.course_id = app.course_id or (r.course_id is null and not exists (
      select 1 from public.document_requirements c where c.course_id = app.course_id)))
    and d.status is distinct from 'verified'
$$;

-- Everything that stops a decision, in words for staff; empty when it may be made. The places count
-- is read as it stands: decide_application locks the intake first so two offers cannot both take
-- the last place.
create or replace function public.decision_problems(app public.applications, outcome text,
  conditions text default null, reason_id uuid default null, override_reason text default null)
returns text[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  problems text[] := '{}';
  open_decision public.application_decisions;
  places record;
  documents text[];
  reason public.decision_reasons;
  overriding boolean := coalesce(btrim(override_reason), '') <> '';
  is_offer boolean := outcome in ('offer_conditional', 'offer_unconditional');
begin
  if outcome is null or outcome not in ('offer_conditional', 'offer_unconditional', 'waitlisted', 'rejected',
      'conditions_met', 'conditions_not_met', 'offer_withdrawn') then
    return array['Choose a decision.'];
  end if;
  if not public.decision_allowed(app.status, outcome) then
    return array[format('An application that is %s cannot get the decision “%s”.',
      lower(coalesce((select g.label from public.application_status_guide g where g.status = app.status), app.status)),
      public.decision_label(outcome))];
  end if;
  select * into open_decision from public.application_decisions d
  where d.application_id = app.id and d.state in ('recommended', 'approved');
  if found then
    problems := problems || format('A decision is already waiting (%s, %s by %s): approve, release or cancel it first.',
      public.decision_label(open_decision.outcome), open_decision.state,
      public.person_name(coalesce(open_decision.approved_by, open_decision.recommended_by)));
  end if;
  if outcome = 'offer_conditional' and coalesce(btrim(conditions), '') = '' then
    problems := problems || 'A conditional offer needs its conditions.'::text;
  end if;
  if outcome in ('rejected', 'offer_withdrawn', 'conditions_not_met') then
    select * into reason from public.decision_reasons r where r.id = reason_id;
    if not found or reason.outcome <> decision_problems.outcome or not reason.active then
      problems := problems || format('Choose the reason for “%s” from the list.', public.decision_label(outcome));
    end if;
  end if;
  if overriding and not public.has_role('admin') then
    problems := problems || 'Only an administrator can override the places or the document checks.'::text;
  end if;
  if is_offer then
    documents := public.unverified_documents(app);
    if cardinality(documents) > 0 and not overriding then
      problems := problems || format('Every required document must be verified before an offer: %s. An administrator can override this with a reason.',
        array_to_string(documents, '; '));
    end if;
    if not public.holds_place(app.status) then
      select * into places from public.intake_places(app.intake_id);
      if places.places is not null and places.held + 1 > places.places + places.over_offer and not overriding then
        problems := problems || format('No place is left for another offer: %s places%s, and %s offers and acceptances are already held. An administrator can override this with a reason.',
          places.places, case when places.over_offer > 0 then format(' plus %s over-offers', places.over_offer) else '' end,
          places.held);
      end if;
    end if;
  end if;
  return problems;
end
$$;

create or replace function public.decision_label(outcome text) returns text
language sql immutable
set search_path = ''
as $$
  select case outcome
    when 'offer_conditional' then 'Conditional offer'
    when 'offer_unconditional' then 'Unconditional offer'
    when 'waitlisted' then 'Waitlist'
    when 'rejected' then 'Unsuccessful'
    when 'conditions_met' then 'Conditions met'
    when 'conditions_not_met' then 'Conditions not met'
    when 'offer_withdrawn' then 'Offer withdrawn'
    else coalesce(outcome, 'none') end
$$;
revoke execute on function public.decision_label(text) from public;
grant execute on function public.decision_label(text) to anon, authenticated, service_role;

-- The problems a decision would meet, for the bulk preview: staff only.
create or replace function public.preview_decision(application_id uuid, outcome text,
  conditions text default null, reason_id uuid default null, override_reason text default null)
returns text[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  app public.applications;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff decide on applications.' using errcode = '42501';
  end if;
  select * into app from public.applications a where a.id = preview_decision.application_id and a.status <> 'draft';
  if not found then
    return array['Application not found.'];
  end if;
  return public.decision_problems(app, outcome, conditions, reason_id, override_reason);
end
$$;

-- The letter a released decision sends, in the applicant's words: the public wording of a reason,
-- never the private detail or internal notes.
create or replace function public.queue_decision_letter(app public.applications, decision public.application_decisions)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  email text;
  greeting text := coalesce(nullif(btrim(app.answers #>> '{personal,full_name}'), ''), 'there');
  course text;
  subject text;
  body text;
  reply_by text := to_char(app.reply_by, 'FMDD FMMonth YYYY');
begin
  select u.email into email from auth.users u where u.id = app.applicant_id;
  if email is null then
    return;
  end if;
  select c.title || ' at ' || c.university_name || ', starting ' || i.term into course
  from public.courses c join public.intakes i on i.id = app.intake_id where c.id = app.course_id;
  case decision.outcome
    when 'offer_conditional' then
      subject := format('Your conditional offer: %s', app.reference);
      body := format(E'We are delighted to offer you a place on %s.\n\nThis offer is conditional. To confirm your place you must meet these conditions:\n%s\n\nPlease accept or decline the offer on your Unipath applications page by %s.',
        course, decision.conditions, reply_by);
    when 'offer_unconditional' then
      subject := format('Your offer: %s', app.reference);
      body := format(E'We are delighted to offer you a place on %s. The offer is unconditional.\n\nPlease accept or decline it on your Unipath applications page by %s.',
        course, reply_by);
    when 'waitlisted' then
      subject := format('You are on the waiting list: %s', app.reference);
      body := format(E'Thank you for your application for %s. All places are currently taken, and we have put you on the waiting list.\n\nWhat happens next: if a place becomes free, we will make you an offer and write to you straight away. There is nothing you need to do now, and you are free to keep other applications open.',
        course);
    when 'rejected' then
      subject := format('The outcome of your application %s', app.reference);
      body := format(E'Thank you for applying for %s. We are sorry to tell you that we cannot offer you a place.\n\nThe reason: %s\n\nYou can apply for another course on Unipath at any time.',
        course, app.outcome_reason);
    when 'conditions_met' then
      subject := format('Your place is confirmed: %s', app.reference);
      body := format(E'Good news: you have met the conditions of your offer for %s, so your offer is now unconditional.%s',
        course, case when app.status = 'accepted'
          then E'\n\nYour place is confirmed. Admissions will send your enrolment instructions.'
          else format(E'\n\nPlease accept or decline it on your Unipath applications page by %s.', reply_by) end);
    when 'conditions_not_met' then
      subject := format('The outcome of your conditional offer %s', app.reference);
      body := format(E'We are sorry to tell you that the conditions of your offer for %s were not met, so we cannot confirm your place.\n\nThe reason: %s',
        course, app.outcome_reason);
    when 'offer_withdrawn' then
      subject := format('Your offer has been withdrawn: %s', app.reference);
      body := format(E'We are sorry to tell you that we have withdrawn our offer of a place on %s.\n\nThe reason: %s\n\nIf you have questions, reply through your Unipath applications page.',
        course, app.outcome_reason);
  end case;
  insert into public.notification_outbox (recipient, user_id, application_id, kind, subject, body)
  values (email, app.applicant_id, app.id, 'decision_' || decision.outcome, subject,
    format(E'Hello %s,\n\n%s\n\nReference: %s\n\nUnipath Admissions', greeting, body, app.reference));
end
$$;

-- Applies an approved decision: the decision is released, the application takes its new status
-- (recorded in its history), and the letter is queued.
create or replace function public.apply_decision(decision public.application_decisions)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
  intake public.intakes;
  target text;
  reason_text text;
  note text;
begin
  select * into app from public.applications a where a.id = decision.application_id for update;
  if app.status <> decision.from_status then
    raise exception 'Application % is now %, no longer %: cancel this decision and decide again.', app.reference,
      lower(coalesce((select g.label from public.application_status_guide g where g.status = app.status), app.status)),
      lower(coalesce((select g.label from public.application_status_guide g where g.status = decision.from_status), decision.from_status))
      using errcode = 'P0001';
  end if;
  select * into intake from public.intakes i where i.id = app.intake_id;
  target := public.decision_target(app.status, decision.outcome);
  select r.public_wording into reason_text from public.decision_reasons r where r.id = decision.reason_id;
  note := case decision.outcome
    when 'offer_conditional' then 'Conditional offer made. Conditions: ' || decision.conditions
    when 'offer_unconditional' then 'Unconditional offer made.'
    when 'waitlisted' then 'Placed on the waiting list.'
    when 'conditions_met' then 'The conditions of the offer were met.'
    else reason_text end;
  update public.application_decisions d set state = 'released', released_by = auth.uid(), released_at = now()
  where d.id = decision.id;
  perform set_config('unipath.transition_note', left(coalesce(note, ''), 2000), true);
  perform set_config('unipath.change', 'released the decision ' || public.decision_label(decision.outcome), true);
  update public.applications a set
    status = target,
    offer_conditions = case when decision.outcome = 'offer_conditional' then decision.conditions
      when decision.outcome = 'offer_unconditional' then null else a.offer_conditions end,
    conditions_met_at = case when decision.outcome = 'conditions_met' then now() else a.conditions_met_at end,
    outcome_reason = case when reason_text is not null then reason_text else a.outcome_reason end,
    decided_at = case when decision.outcome in ('offer_conditional', 'offer_unconditional', 'waitlisted', 'rejected')
      then now() else a.decided_at end,
    reply_by = case when target in ('offer_conditional', 'offer_unconditional') and not public.holds_place(a.status)
      then greatest(coalesce(intake.reply_by, current_date + 28), current_date + 14) else a.reply_by end
  where a.id = app.id
  returning * into app;
  perform set_config('unipath.change', '', true);
  -- An offer that reaches someone from the waiting list answers the oldest freed-place alert.
  if decision.from_status = 'waitlisted' and target in ('offer_conditional', 'offer_unconditional') then
    update public.place_alerts p set resolved_at = now(), resolved_by = auth.uid(), resolution = 'promoted'
    where p.id = (select x.id from public.place_alerts x where x.intake_id = app.intake_id and x.resolved_at is null
      order by x.created_at limit 1);
  end if;
  perform public.queue_decision_letter(app, decision);
  return app;
end
$$;

-- Whether this intake lets a decision go out on its own now: rolling intakes always, batch intakes
-- once their decisions are published.
create or replace function public.releases_one_by_one(intake_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select i.release_mode = 'rolling' or i.status in ('decisions_published', 'archived')
  from public.intakes i where i.id = intake_id
$$;

-- Staff decide. A counsellor's decision is a recommendation an administrator approves, unless
-- DECISION_APPROVAL=none; an administrator's is approved at once. With release, an approved decision
-- also goes out now where the intake allows it.
create or replace function public.decide_application(application_id uuid, expected_version integer,
  outcome text, conditions text default null, reason_id uuid default null, reason_detail text default null,
  override_reason text default null, release boolean default false)
returns public.application_decisions
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, true);
  problems text[];
  decision public.application_decisions;
  approved boolean := public.may_release_decisions();
  clean_override text := nullif(btrim(override_reason), '');
begin
  if app.status = 'draft' then
    raise exception 'Application not found.' using errcode = 'P0001';
  end if;
  perform public.check_application_version(app, expected_version);
  -- Offers on the same intake wait for each other here, so two cannot both take the last place.
  perform 1 from public.intakes i where i.id = app.intake_id for update;
  problems := public.decision_problems(app, outcome, conditions, reason_id, clean_override);
  if cardinality(problems) > 0 then
    raise exception '%', array_to_string(problems, ' ') using errcode = 'P0001';
  end if;
  insert into public.application_decisions (application_id, outcome, from_status, conditions, reason_id,
    reason_detail, override_reason, state, recommended_by, approved_by, approved_at)
  values (app.id, outcome, app.status,
    case when outcome = 'offer_conditional' then left(btrim(conditions), 4000) end,
    case when outcome in ('rejected', 'offer_withdrawn', 'conditions_not_met') then reason_id end,
    nullif(left(btrim(reason_detail), 2000), ''), left(clean_override, 1000),
    case when approved then 'approved' else 'recommended' end, auth.uid(),
    case when approved then auth.uid() end, case when approved then now() end)
  returning * into decision;
  perform public.mark_application_changed(app.id, case when approved then 'decided ' else 'recommended ' end
    || public.decision_label(outcome));
  if release and approved and public.releases_one_by_one(app.intake_id) then
    perform public.apply_decision(decision);
    select * into decision from public.application_decisions d where d.id = decision.id;
  end if;
  return decision;
end
$$;

-- The open decision of an application, locked, checked against the version the caller saw.
create or replace function public.lock_open_decision(decision_id uuid, expected_version integer)
returns public.application_decisions
language plpgsql security definer
set search_path = ''
as $$
declare
  decision public.application_decisions;
  app public.applications;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff act on decisions.' using errcode = '42501';
  end if;
  select * into decision from public.application_decisions d where d.id = decision_id;
  if not found then
    raise exception 'Decision not found.' using errcode = 'P0001';
  end if;
  app := public.lock_application(decision.application_id, true);
  perform public.check_application_version(app, expected_version);
  select * into decision from public.application_decisions d where d.id = decision_id for update;
  if decision.state not in ('recommended', 'approved') then
    raise exception 'This decision was already %.', decision.state using errcode = 'P0001';
  end if;
  return decision;
end
$$;

create or replace function public.approve_decision(decision_id uuid, expected_version integer,
  release boolean default false)
returns public.application_decisions
language plpgsql security definer
set search_path = ''
as $$
declare
  decision public.application_decisions;
  app public.applications;
  problems text[];
begin
  if not public.may_release_decisions() then
    raise exception 'Only an administrator approves decisions.' using errcode = '42501';
  end if;
  decision := public.lock_open_decision(decision_id, expected_version);
  if decision.state <> 'recommended' then
    raise exception 'This decision is already approved.' using errcode = 'P0001';
  end if;
  select * into app from public.applications a where a.id = decision.application_id;
  -- The checks are made again: documents or places may have changed since the recommendation.
  perform 1 from public.intakes i where i.id = app.intake_id for update;
  problems := public.decision_problems_on_approval(app, decision);
  if cardinality(problems) > 0 then
    raise exception '%', array_to_string(problems, ' ') using errcode = 'P0001';
  end if;
  update public.application_decisions d set state = 'approved', approved_by = auth.uid(), approved_at = now()
  where d.id = decision.id returning * into decision;
  perform public.mark_application_changed(app.id, 'approved ' || public.decision_label(decision.outcome));
  if release and public.releases_one_by_one(app.intake_id) then
    perform public.apply_decision(decision);
    select * into decision from public.application_decisions d where d.id = decision.id;
  end if;
  return decision;
end
$$;

-- At approval, the places and documents are checked again, this decision itself set aside.
create or replace function public.decision_problems_on_approval(app public.applications,
  decision public.application_decisions)
returns text[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  problems text[] := '{}';
  documents text[];
  places record;
  overriding boolean := decision.override_reason is not null;
begin
  if decision.outcome in ('offer_conditional', 'offer_unconditional') and not overriding then
    documents := public.unverified_documents(app);
    if cardinality(documents) > 0 then
      problems := problems || format('Every required document must be verified before an offer: %s. An administrator can override this with a reason.',
        array_to_string(documents, '; '));
    end if;
    if not public.holds_place(app.status) then
      select * into places from public.intake_places(app.intake_id);
      -- This decision is already counted among the held places.
      if places.places is not null and places.held > places.places + places.over_offer then
        problems := problems || format('No place is left for another offer: %s places%s, and %s offers and acceptances are held. An administrator can override this with a reason.',
          places.places, case when places.over_offer > 0 then format(' plus %s over-offers', places.over_offer) else '' end,
          places.held - 1);
      end if;
    end if;
  end if;
  return problems;
end
$$;

create or replace function public.release_decision(decision_id uuid, expected_version integer)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  decision public.application_decisions;
begin
  if not public.may_release_decisions() then
    raise exception 'Only an administrator releases decisions.' using errcode = '42501';
  end if;
  decision := public.lock_open_decision(decision_id, expected_version);
  if decision.state <> 'approved' then
    raise exception 'This decision needs an administrator''s approval before it is released.' using errcode = 'P0001';
  end if;
  if not public.releases_one_by_one((select a.intake_id from public.applications a where a.id = decision.application_id)) then
    raise exception 'Decisions on this intake go out together: publish decisions on the intake once every decision is ready.'
      using errcode = 'P0001';
  end if;
  return public.apply_decision(decision);
end
$$;

-- The member of staff who recommended a decision may take it back; an administrator may cancel any
-- decision that has not been released.
create or replace function public.cancel_decision(decision_id uuid, expected_version integer,
  note text default null)
returns public.application_decisions
language plpgsql security definer
set search_path = ''
as $$
declare
  decision public.application_decisions := public.lock_open_decision(decision_id, expected_version);
begin
  if not (public.has_role('admin') or (decision.state = 'recommended' and decision.recommended_by = auth.uid())
      or public.may_release_decisions()) then
    raise exception 'Only an administrator, or whoever recommended it, can cancel this decision.' using errcode = '42501';
  end if;
  update public.application_decisions d set state = 'cancelled', cancelled_by = auth.uid(), cancelled_at = now(),
    cancel_note = nullif(left(btrim(note), 1000), '')
  where d.id = decision.id returning * into decision;
  perform public.mark_application_changed(decision.application_id,
    'cancelled the decision ' || public.decision_label(decision.outcome));
  return decision;
end
$$;

-- Publishing an intake's decisions releases every approved decision on it in one transaction, so
-- every applicant hears at the same moment. It waits until each application under review has an
-- approved decision and nothing awaits approval.
create or replace function public.publish_decisions(intake_id uuid) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  intake public.intakes;
  undecided bigint;
  unapproved bigint;
  decision public.application_decisions;
  released integer := 0;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators publish decisions.' using errcode = '42501';
  end if;
  select * into intake from public.intakes i where i.id = publish_decisions.intake_id for update;
  if not found then
    raise exception 'Intake not found.' using errcode = 'P0002';
  end if;
  if intake.status <> 'closed' then
    raise exception 'Close the intake before publishing its decisions (it is %).', intake.status using errcode = 'P0001';
  end if;
  select count(*) into undecided from public.applications a
  where a.intake_id = intake.id and a.status in ('submitted', 'under_review', 'action_required')
    and not exists (select 1 from public.application_decisions d where d.application_id = a.id and d.state = 'approved');
  select count(*) into unapproved from public.application_decisions d join public.applications a on a.id = d.application_id
  where a.intake_id = intake.id and d.state = 'recommended';
  if undecided > 0 or unapproved > 0 then
    raise exception '% application(s) on this intake still await a decision and % decision(s) await approval.',
      undecided, unapproved using errcode = 'P0001';
  end if;
  for decision in select d.* from public.application_decisions d join public.applications a on a.id = d.application_id
    where a.intake_id = intake.id and d.state = 'approved' order by d.approved_at, d.id
  loop
    perform public.apply_decision(decision);
    released := released + 1;
  end loop;
  update public.intakes i set status = 'decisions_published' where i.id = intake.id;
  return released;
end
$$;

-- Moves a waitlisted application one place up or down the list, swapping with its neighbour.
create or replace function public.move_on_waitlist(application_id uuid, expected_version integer, direction text)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, true);
  neighbour public.applications;
  own_rank integer;
begin
  perform public.check_application_version(app, expected_version);
  if app.status <> 'waitlisted' or app.waitlist_rank is null then
    raise exception 'Only a waitlisted application has a place on the waiting list.' using errcode = 'P0001';
  end if;
  if direction is null or direction not in ('up', 'down') then
    raise exception 'Move the application up or down.' using errcode = '22023';
  end if;
  select * into neighbour from public.applications a
  where a.intake_id = app.intake_id and a.status = 'waitlisted' and a.waitlist_rank is not null
    and case when direction = 'up' then a.waitlist_rank < app.waitlist_rank else a.waitlist_rank > app.waitlist_rank end
  order by case when direction = 'up' then -a.waitlist_rank else a.waitlist_rank end
  limit 1 for update;
  if not found then
    raise exception 'The application is already % of the waiting list.',
      case when direction = 'up' then 'at the top' else 'at the bottom' end using errcode = 'P0001';
  end if;
  own_rank := app.waitlist_rank;
  perform set_config('unipath.change', 'moved it on the waiting list', true);
  update public.applications a set waitlist_rank = neighbour.waitlist_rank where a.id = app.id returning * into app;
  update public.applications a set waitlist_rank = own_rank where a.id = neighbour.id;
  perform set_config('unipath.change', '', true);
  return app;
end
$$;
