-- The moves admissions staff may make; everything else is the applicant's (submit, withdraw, reply
-- to an offer) or the system's (expiry).
create or replace function public.application_transition_allowed(from_status text, to_status text)
returns boolean
language sql immutable
set search_path = ''
as $$
  select (from_status, to_status) in (
    ('submitted', 'under_review'),
    ('under_review', 'action_required'), ('action_required', 'under_review'),
    ('under_review', 'offer_conditional'), ('under_review', 'offer_unconditional'),
    ('under_review', 'waitlisted'), ('under_review', 'rejected'),
    ('waitlisted', 'offer_conditional'), ('waitlisted', 'offer_unconditional'), ('waitlisted', 'rejected'),
    ('offer_conditional', 'offer_unconditional'),
    ('accepted', 'enrolled'))
$$;

-- Staff move an application on. A request for action needs the note the applicant will read; a
-- conditional offer needs its conditions. An offer leaves at least two weeks to reply.
create or replace function public.transition_application(application_id uuid, to_status text,
  note text default null, conditions text default null)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, true);
  intake_reply_by date;
  clean_note text := nullif(btrim(note), '');
begin
  if not public.application_transition_allowed(app.status, to_status) then
    perform public.refuse_transition(app.status, to_status);
  end if;
  if to_status = 'action_required' and clean_note is null then
    raise exception 'Say what the applicant must do: a note is required.' using errcode = 'P0001';
  end if;
  if to_status = 'offer_conditional' and coalesce(btrim(conditions), clean_note) is null then
    raise exception 'A conditional offer needs its conditions.' using errcode = 'P0001';
  end if;
  select i.reply_by into intake_reply_by from public.intakes i where i.id = app.intake_id;
  perform set_config('unipath.transition_note', coalesce(left(clean_note, 2000), ''), true);
  update public.applications a set
    status = to_status,
    offer_conditions = case
      when to_status = 'offer_conditional' then left(coalesce(nullif(btrim(conditions), ''), clean_note), 4000)
      else a.offer_conditions end,
    decided_at = case when to_status in ('offer_conditional', 'offer_unconditional', 'waitlisted', 'rejected')
      then now() else a.decided_at end,
    reply_by = case when to_status in ('offer_conditional', 'offer_unconditional')
      then greatest(coalesce(intake_reply_by, current_date + 28), coalesce(a.reply_by, current_date), current_date + 14)
      else a.reply_by end
  where a.id = app.id
  returning * into app;
  perform public.queue_status_email(app);
  return app;
end
$$;

-- The applicant withdraws at any point before the application is closed or enrolled.
create or replace function public.withdraw_application(application_id uuid, reason text default null)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, false);
begin
  if app.status in ('enrolled', 'declined', 'rejected', 'expired', 'withdrawn') then
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

-- The applicant accepts or declines an offer until the end of its reply-by date.
create or replace function public.respond_to_offer(application_id uuid, accept boolean)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, false);
  target text := case when accept then 'accepted' else 'declined' end;
begin
  if accept is null then
    raise exception 'Say whether you accept the offer.' using errcode = 'P0001';
  end if;
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

-- Offers whose reply-by date has passed lapse. Run daily by the service role (cron or a worker).
create or replace function public.expire_offers() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  expired integer;
begin
  perform set_config('unipath.transition_note', 'The reply-by date passed without a reply.', true);
  update public.applications a set status = 'expired'
  where a.status in ('offer_conditional', 'offer_unconditional') and a.reply_by < current_date;
  get diagnostics expired = row_count;
  return expired;
end
$$;

-- Staff give an application to a colleague (or take it back to the pool with null).
create or replace function public.assign_application(application_id uuid, assignee uuid)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, true);
begin
  if assignee is not null and not exists (select 1 from public.user_roles r where r.user_id = assignee) then
    raise exception 'Applications can only be assigned to admissions staff.' using errcode = 'P0001';
  end if;
  update public.applications a set assigned_to = assignee where a.id = app.id returning * into app;
  return app;
end
$$;

-- The applicant hears that something changed, not what: the decision is read on the dashboard.
create or replace function public.queue_status_email(app public.applications) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.notification_outbox (recipient, user_id, application_id, kind, subject, body)
  select u.email, app.applicant_id, app.id, 'application_status_changed',
    format('Update on your application %s', app.reference),
    format(E'Hello,\n\nThere is an update on your application %s. Sign in to your Unipath dashboard to see '
      'it and what happens next.\n\nUnipath', app.reference)
  from auth.users u where u.id = app.applicant_id and u.email is not null;
end
$$;

revoke execute on function public.queue_status_email(public.applications), public.expire_offers()
  from public, anon, authenticated;
grant execute on function public.expire_offers() to service_role;
revoke execute on function public.transition_application(uuid, text, text, text),
  public.withdraw_application(uuid, text), public.respond_to_offer(uuid, boolean),
  public.assign_application(uuid, uuid) from public, anon;
grant execute on function public.transition_application(uuid, text, text, text),
  public.withdraw_application(uuid, text), public.respond_to_offer(uuid, boolean),
  public.assign_application(uuid, uuid), public.application_transition_allowed(text, text)
  to authenticated, service_role;
