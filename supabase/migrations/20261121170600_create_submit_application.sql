-- An application row locked for a lifecycle change; someone else's is "not found", never "forbidden",
-- so its existence does not leak.
create or replace function public.lock_application(application_id uuid, for_staff boolean)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
begin
  if for_staff and not public.is_staff() then
    raise exception 'Only admissions staff can change the status of an application.' using errcode = '42501';
  end if;
  select * into app from public.applications a where a.id = application_id for update;
  if not found or (not for_staff and app.applicant_id is distinct from auth.uid()) then
    raise exception 'Application not found.' using errcode = 'P0001';
  end if;
  return app;
end
$$;

create or replace function public.refuse_transition(from_status text, to_status text) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  raise exception 'Cannot move an application from % to %.', from_status, to_status
    using errcode = 'P0001', hint = 'See application_status_guide for what can happen next.';
end
$$;

-- The applicant submits a complete draft while its intake accepts applications and has room.
create or replace function public.submit_application(application_id uuid) returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, false);
  intake public.intakes;
  taken integer;
  missing record;
begin
  if app.status <> 'draft' then
    perform public.refuse_transition(app.status, 'submitted');
  end if;
  -- Locking the intake serialises submissions to it, so capacity is never overshot.
  select * into intake from public.intakes i where i.id = app.intake_id for update;
  if intake.status <> 'open' then
    raise exception 'This intake is not accepting applications.' using errcode = 'P0001';
  elsif intake.opens_at is not null and current_date < intake.opens_at then
    raise exception 'Applications for this intake open on %.', intake.opens_at using errcode = 'P0001';
  elsif current_date > intake.deadline then
    raise exception 'The deadline for this intake (%) has passed.', intake.deadline using errcode = 'P0001';
  end if;
  if intake.capacity is not null then
    select count(*) into taken from public.applications a
    where a.intake_id = intake.id and a.status in ('submitted', 'under_review', 'action_required',
      'offer_conditional', 'offer_unconditional', 'waitlisted', 'accepted', 'enrolled');
    if taken >= intake.capacity then
      raise exception 'This intake is full: all % places have been taken.', intake.capacity using errcode = 'P0001';
    end if;
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

create or replace function public.queue_submission_email(app public.applications) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  email text;
  full_name text;
  course text;
  term text;
begin
  select u.email, coalesce(nullif(btrim(app.answers #>> '{personal,full_name}'), ''), 'there')
    into email, full_name from auth.users u where u.id = app.applicant_id;
  select c.title || ' at ' || c.university_name, i.term into course, term
  from public.courses c join public.intakes i on i.id = app.intake_id where c.id = app.course_id;
  if email is null then
    return;
  end if;
  insert into public.notification_outbox (recipient, user_id, application_id, kind, subject, body)
  values (email, app.applicant_id, app.id, 'application_submitted',
    format('We received your application %s', app.reference),
    format(E'Hello %s,\n\nYour application for %s (%s) was submitted on %s UTC.\nReference: %s\n\n'
      'Admissions will review it next. You can follow its progress on your Unipath dashboard.\n\nUnipath',
      full_name, course, term, to_char(app.submitted_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI'), app.reference));
end
$$;

revoke execute on function public.lock_application(uuid, boolean), public.refuse_transition(text, text),
  public.queue_submission_email(public.applications) from public, anon, authenticated;
revoke execute on function public.submit_application(uuid) from public, anon;
grant execute on function public.submit_application(uuid) to authenticated;
