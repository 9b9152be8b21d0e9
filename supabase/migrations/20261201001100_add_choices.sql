-- Choices: one application carries up to N ranked choices (a course and intake each). Every choice
-- is an applications row with its own status, decision, places and letters, decided by the office
-- that owns it, exactly as a single application always was. The choices of one application share a
-- group: group_id is the id of its first choice, which holds the answers, documents and references
-- every choice reads. An application made before choices existed is a group of one.
--
-- Admissions offices: a counsellor may be given universities (staff_universities); they then see
-- and act on only the choices of those universities' courses. Administrators, and counsellors given
-- none, see every choice.

alter table public.applications
  add column group_id uuid references public.applications (id),
  add column choice_rank smallint not null default 1 check (choice_rank between 1 and 100);

-- Every existing application becomes a group of one, without touching its version, its history or
-- its updated_at.
alter table public.applications disable trigger user;
update public.applications set group_id = id where group_id is null;
alter table public.applications enable trigger user;
-- Set on every row by the trigger below; a check rather than NOT NULL, so that clients inserting a
-- draft (which cannot know its id) are not asked for it by the generated types.
alter table public.applications add constraint applications_group_set check (group_id is not null);
alter table public.applications add constraint applications_choice_rank_key
  unique (group_id, choice_rank) deferrable initially deferred;
create index applications_group_idx on public.applications (group_id);

create or replace function public.default_application_group() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.group_id := coalesce(new.group_id, new.id);
  return new;
end
$$;
create trigger applications_00_group before insert on public.applications
  for each row execute function public.default_application_group();

-- The first choice holds what the others share: the applicant removes it only once it is the last
-- (deleting an account takes every choice at once).
create or replace function public.keep_first_choice() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and old.id = old.group_id and exists (
    select 1 from public.applications a where a.group_id = old.id and a.id <> old.id
  ) then
    raise exception 'This is your first choice: it holds the answers and documents your other choices share. Remove the other choices first.'
      using errcode = 'P0001';
  end if;
  return old;
end
$$;
create trigger applications_keep_first_choice before delete on public.applications
  for each row execute function public.keep_first_choice();

alter table public.admissions_settings
  add column max_choices integer not null default 5 check (max_choices between 1 and 10);
alter table public.courses
  add column max_choices smallint check (max_choices between 1 and 10);
comment on column public.courses.max_choices is
  'How many of one application''s choices may be this course (its intakes); null: no cap of its own.';

-- Administrators set how many choices one application holds.
create or replace function public.set_max_choices(max_choices integer) returns public.admissions_settings
language plpgsql security definer
set search_path = ''
as $$
declare
  settings public.admissions_settings;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators change how many choices an application holds.' using errcode = '42501';
  end if;
  if max_choices is null or max_choices not between 1 and 10 then
    raise exception 'An application holds from 1 to 10 choices.' using errcode = '22023';
  end if;
  update public.admissions_settings s set max_choices = set_max_choices.max_choices, updated_at = now()
  returning * into settings;
  return settings;
end
$$;
-- How many choices one application holds, for the applicant's page.
create or replace function public.choice_limit() returns integer
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select s.max_choices from public.admissions_settings s), 5)
$$;
revoke execute on function public.choice_limit() from public, anon;
grant execute on function public.choice_limit() to authenticated, service_role;
revoke execute on function public.set_max_choices(integer) from public, anon;
grant execute on function public.set_max_choices(integer) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Offices.

create table public.staff_universities (
  user_id uuid not null references auth.users (id) on delete cascade,
  university_id uuid not null references public.universities (id) on delete cascade,
  granted_at timestamptz not null default now(),
  granted_by uuid references auth.users (id) on delete set null,
  primary key (user_id, university_id)
);
create index staff_universities_university_idx on public.staff_universities (university_id);
create index staff_universities_granted_by_idx on public.staff_universities (granted_by);
create trigger staff_universities_audit after insert or delete on public.staff_universities
  for each row execute function public.audit_staff_change();
alter table public.staff_universities enable row level security;
revoke all on public.staff_universities from anon, authenticated;
grant select on public.staff_universities to authenticated;
create policy staff_universities_select on public.staff_universities
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.has_role('admin')));

-- Whether the caller is staff who see every university's choices.
create or replace function public.staff_sees_all() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select public.is_staff() and (public.has_role('admin') or not exists (
    select 1 from public.staff_universities s where s.user_id = (select auth.uid())))
$$;

-- The courses of the universities a scoped counsellor works for.
create or replace function public.staff_course_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select c.id from public.courses c
  join public.staff_universities s on s.university_id = c.university_id
  where s.user_id = (select auth.uid()) and public.is_staff()
$$;

-- Whether the caller, as staff, may see and act on a choice of this course.
create or replace function public.staff_covers_course(course_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select public.staff_sees_all() or (public.is_staff() and exists (
    select 1 from public.courses c join public.staff_universities s on s.university_id = c.university_id
    where c.id = staff_covers_course.course_id and s.user_id = (select auth.uid())))
$$;
revoke execute on function public.staff_sees_all(), public.staff_course_ids(),
  public.staff_covers_course(uuid) from public, anon;
grant execute on function public.staff_sees_all(), public.staff_course_ids(),
  public.staff_covers_course(uuid) to authenticated, service_role;

-- Administrators give a counsellor the universities they decide for (none: every university).
create or replace function public.set_staff_universities(member uuid, university_ids uuid[])
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  kept integer;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators choose which universities a counsellor decides for.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.user_roles r where r.user_id = member and r.role = 'counsellor') then
    raise exception 'Only a counsellor works for particular universities.' using errcode = 'P0001';
  end if;
  if exists (select 1 from unnest(coalesce(university_ids, '{}')) u (id)
    where not exists (select 1 from public.universities x where x.id = u.id)) then
    raise exception 'One of those universities does not exist.' using errcode = 'P0001';
  end if;
  delete from public.staff_universities s where s.user_id = member
    and s.university_id <> all (coalesce(university_ids, '{}'));
  insert into public.staff_universities (user_id, university_id, granted_by)
  select member, u.id, auth.uid() from unnest(coalesce(university_ids, '{}')) u (id)
  on conflict do nothing;
  select count(*) into kept from public.staff_universities s where s.user_id = member;
  return kept;
end
$$;
revoke execute on function public.set_staff_universities(uuid, uuid[]) from public, anon;
grant execute on function public.set_staff_universities(uuid, uuid[]) to authenticated, service_role;

drop policy applications_select on public.applications;
create policy applications_select on public.applications
  for select to authenticated
  using (applicant_id = (select auth.uid()) or (select public.staff_sees_all())
    or ((select public.is_staff()) and course_id in (select public.staff_course_ids())));

-- What a choice's office decided, its history, notes and conditions: staff see them where they see
-- the choice (the applications policy above decides), the applicant their own.
drop policy application_decisions_select_staff on public.application_decisions;
create policy application_decisions_select_staff on public.application_decisions
  for select to authenticated
  using ((select public.is_staff()) and exists (
    select 1 from public.applications a where a.id = application_decisions.application_id));
drop policy application_status_history_select on public.application_status_history;
create policy application_status_history_select on public.application_status_history
  for select to authenticated
  using (exists (select 1 from public.applications a where a.id = application_status_history.application_id));
drop policy application_notes_select_staff on public.application_notes;
create policy application_notes_select_staff on public.application_notes
  for select to authenticated
  using ((select public.is_staff()) and exists (
    select 1 from public.applications a where a.id = application_notes.application_id));
drop policy offer_conditions_select on public.offer_conditions;
create policy offer_conditions_select on public.offer_conditions
  for select to authenticated
  using (exists (select 1 from public.applications a where a.id = offer_conditions.application_id));

drop policy place_alerts_select_staff on public.place_alerts;
create policy place_alerts_select_staff on public.place_alerts
  for select to authenticated
  using ((select public.is_staff()) and exists (
    select 1 from public.applications a where a.id = place_alerts.application_id));

create or replace function public.message_role(application uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select case when a.applicant_id = (select auth.uid()) then 'applicant'
    when public.staff_covers_course(a.course_id) then 'staff' end
  from public.applications a where a.id = application and a.status <> 'draft'
$$;

-- Every lifecycle move locks its choice here: staff only where they cover its course.
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
  if not found or (not for_staff and app.applicant_id is distinct from auth.uid())
    or (for_staff and not public.staff_covers_course(app.course_id)) then
    raise exception 'Application not found.' using errcode = 'P0001';
  end if;
  return app;
end
$$;
revoke execute on function public.lock_application(uuid, boolean) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- What the choices share.

-- The ids of every choice in an application's group (the documents and references are on them).
create or replace function public.choice_group_ids(app public.applications) returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select g.id from public.applications g where g.group_id = app.group_id
$$;
revoke execute on function public.choice_group_ids(public.applications) from public, anon, authenticated;

create or replace function public.application_missing_items(app public.applications)
returns table (answers text[], documents text[])
language plpgsql stable security definer
set search_path = ''
as $$
declare
  a jsonb := app.answers;
  missing text[] := '{}';
  statement_length integer := char_length(btrim(coalesce(a ->> 'statement', '')));
begin
  if coalesce(btrim(a #>> '{personal,full_name}'), '') = '' then missing := array_append(missing, 'personal.full_name'); end if;
  if coalesce(a #>> '{personal,date_of_birth}', '') !~ '^\d{4}-\d{2}-\d{2}$' then
    missing := array_append(missing, 'personal.date_of_birth');
  end if;
  if coalesce(a #>> '{personal,nationality}', '') !~ '^[A-Z]{2}$' then missing := array_append(missing, 'personal.nationality'); end if;
  if jsonb_typeof(a -> 'academic') is distinct from 'array' or not exists (
    select 1 from jsonb_array_elements(a -> 'academic') e
    where jsonb_typeof(e) = 'object' and coalesce(btrim(e ->> 'institution'), '') <> ''
  ) then
    missing := array_append(missing, 'academic');
  end if;
  if jsonb_typeof(a -> 'english_test') is distinct from 'object'
    or coalesce(btrim(a #>> '{english_test,test}'), '') = '' or (a #> '{english_test,score}') is null then
    missing := array_append(missing, 'english_test');
  end if;
  if not public.course_wants_statement_file(app.course_id) and statement_length not between 300 and 5000 then
    missing := array_append(missing, 'statement');
  end if;
  answers := missing;
  -- Each choice asks for its own course's documents, from what the whole application holds.
  select coalesce(array_agg(r.kind order by r.kind), '{}') into documents
  from public.course_document_requirements(app.course_id) r
  where r.required
    and not exists (select 1 from public.application_documents d
      where d.application_id in (select public.choice_group_ids(app)) and d.kind = r.kind and d.status <> 'rejected');
  return next;
end
$$;
revoke execute on function public.application_missing_items(public.applications) from public, anon, authenticated;

create or replace function public.unverified_documents(app public.applications) returns text[]
language sql stable security definer
set search_path = ''
as $$
  select coalesce(array_agg(public.document_kind_label(r.kind) || case
      when d.status = 'rejected' then ' was rejected'
      when d.status = 'uploaded' then ' is not verified yet'
      else ' is missing' end order by r.kind), '{}')
  from public.course_document_requirements(app.course_id) r
  left join lateral (
    select x.status from public.application_documents x
    where x.application_id in (select public.choice_group_ids(app)) and x.kind = r.kind
    order by (x.status = 'verified') desc, (x.status = 'uploaded') desc, x.created_at desc limit 1
  ) d on true
  where r.required
    and d.status is distinct from 'verified'
$$;
revoke execute on function public.unverified_documents(public.applications) from public, anon, authenticated;

create or replace function public.reference_shortfall(app public.applications) returns integer
language sql stable security definer
set search_path = ''
as $$
  select greatest(coalesce((select i.references_min from public.intakes i where i.id = app.intake_id), 0)
    - (select count(*)::integer from public.reference_requests r
       where r.application_id in (select public.choice_group_ids(app)) and r.status = 'received'), 0)
$$;

create or replace function public.reference_count_words(app public.applications) returns text
language sql stable security definer
set search_path = ''
as $$
  select format('%s of %s %s received',
    (select count(*) from public.reference_requests r
      where r.application_id in (select public.choice_group_ids(app)) and r.status = 'received'),
    i.references_min, case when i.references_min = 1 then 'reference' else 'references' end)
  from public.intakes i where i.id = app.intake_id
$$;
revoke execute on function public.reference_shortfall(public.applications),
  public.reference_count_words(public.applications) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Adding, ordering and submitting choices.

-- The applicant adds a choice to their application: an open intake of a visible course, before its
-- deadline, within the office's number of choices and the course's own cap. It starts as a draft
-- with the application's answers; submit_choices sends it.
create or replace function public.add_choice(application_id uuid, intake_id uuid) returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, false);
  first_choice public.applications;
  intake public.intakes;
  course public.courses;
  room integer := (select s.max_choices from public.admissions_settings s);
  taken integer;
  created public.applications;
  other public.applications;
begin
  select * into first_choice from public.applications a where a.id = app.group_id for update;
  select * into intake from public.intakes i where i.id = add_choice.intake_id;
  select * into course from public.courses c where c.id = intake.course_id and c.published;
  if intake.id is null or course.id is null or intake.status <> 'open' then
    raise exception 'That intake is not open for applications.' using errcode = 'P0001';
  end if;
  if intake.deadline < current_date then
    raise exception 'The deadline for % (%) has passed.', course.title, intake.term using errcode = 'P0001';
  end if;
  if exists (select 1 from public.applications a where a.group_id = app.group_id
    and a.status in ('conditions_pending', 'accepted', 'enrolled')) then
    raise exception 'You have accepted an offer on this application, so it takes no more choices.'
      using errcode = 'P0001';
  end if;
  select count(*) into taken from public.applications a where a.group_id = app.group_id and a.status <> 'withdrawn';
  if taken >= room then
    raise exception 'An application holds at most % choices, and yours has %.', room, taken using errcode = 'P0001';
  end if;
  if course.max_choices is not null and (select count(*) from public.applications a
    where a.group_id = app.group_id and a.course_id = course.id and a.status <> 'withdrawn') >= course.max_choices then
    raise exception '% takes at most % of an application''s choices.', course.title, course.max_choices
      using errcode = 'P0001';
  end if;
  select * into other from public.applications a where a.applicant_id = app.applicant_id
    and a.intake_id = intake.id and (a.status = 'draft' or public.application_holds_intake(a.status))
  limit 1;
  if other.id is not null then
    raise exception '%', case when other.group_id = app.group_id
      then format('%s (%s) is already one of your choices.', course.title, intake.term)
      else format('You have already applied to %s for %s: %s.', course.title, intake.term,
        coalesce(other.reference, 'a draft of yours')) end
      using errcode = 'P0001';
  end if;
  insert into public.applications (applicant_id, course_id, intake_id, answers, current_step, group_id, choice_rank)
  values (app.applicant_id, course.id, intake.id, first_choice.answers, 'review', app.group_id,
    (select max(a.choice_rank) + 1 from public.applications a where a.group_id = app.group_id))
  returning * into created;
  return created;
end
$$;
revoke execute on function public.add_choice(uuid, uuid) from public, anon;
grant execute on function public.add_choice(uuid, uuid) to authenticated;

-- The applicant moves a choice up or down their order of preference, until it is submitted.
create or replace function public.move_choice(application_id uuid, direction text) returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, false);
  neighbour public.applications;
begin
  if direction is null or direction not in ('up', 'down') then
    raise exception 'Move a choice up or down.' using errcode = '22023';
  end if;
  perform 1 from public.applications a where a.group_id = app.group_id for update;
  select * into neighbour from public.applications a
  where a.group_id = app.group_id and a.status <> 'withdrawn'
    and case when direction = 'up' then a.choice_rank < app.choice_rank else a.choice_rank > app.choice_rank end
  order by case when direction = 'up' then -a.choice_rank else a.choice_rank end limit 1;
  if neighbour.id is null then
    raise exception 'That choice is already %.', case when direction = 'up' then 'first' else 'last' end
      using errcode = 'P0001';
  end if;
  if app.status <> 'draft' or neighbour.status <> 'draft' then
    raise exception 'Only choices not yet submitted change places.' using errcode = 'P0001';
  end if;
  update public.applications a set choice_rank = case when a.id = app.id then neighbour.choice_rank
    else app.choice_rank end
  where a.id in (app.id, neighbour.id);
  select * into app from public.applications a where a.id = app.id;
  return app;
end
$$;
revoke execute on function public.move_choice(uuid, text) from public, anon;
grant execute on function public.move_choice(uuid, text) to authenticated;

-- Submits every draft choice of the application at once, each with the first choice's answers, and
-- each checked as submit_application checks one. One refusal submits none, and says which choice.
create or replace function public.submit_choices(application_id uuid) returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, false);
  first_choice public.applications;
  choice record;
  sent integer := 0;
  state text;
  message text;
  detail text;
  hint text;
begin
  select * into first_choice from public.applications a where a.id = app.group_id for update;
  for choice in select a.id, a.course_id, c.title, i.term from public.applications a
    join public.courses c on c.id = a.course_id join public.intakes i on i.id = a.intake_id
    where a.group_id = app.group_id and a.status = 'draft' order by a.choice_rank
  loop
    begin
      if choice.id <> first_choice.id then
        update public.applications a set answers = first_choice.answers where a.id = choice.id;
      end if;
      perform public.submit_application(choice.id);
      sent := sent + 1;
    exception when others then
      get stacked diagnostics state = returned_sqlstate, message = message_text, detail = pg_exception_detail,
        hint = pg_exception_hint;
      if choice.id <> app.id then
        message := format('Your choice %s (%s): %s', choice.title, choice.term, message);
      end if;
      raise exception '%', message using errcode = state, detail = coalesce(detail, ''), hint = coalesce(hint, '');
    end;
  end loop;
  if sent = 0 then
    perform public.refuse_transition(app.status, 'submitted');
  end if;
  select * into app from public.applications a where a.id = app.id;
  return app;
end
$$;
revoke execute on function public.submit_choices(uuid) from public, anon;
grant execute on function public.submit_choices(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Accepting one offer lets the other choices go.

-- What accepting this choice lets go, and how: offers and places held elsewhere are declined, drafts
-- removed, every other open choice withdrawn. An enrolment elsewhere stops the acceptance.
create or replace function public.choices_let_go(app public.applications)
returns table (id uuid, status text, becomes text, course_title text, university_name text, term text)
language sql stable security definer
set search_path = ''
as $$
  select a.id, a.status,
    case when a.status in ('offer_conditional', 'offer_unconditional', 'conditions_pending', 'accepted')
      then 'declined' when a.status = 'draft' then 'removed' else 'withdrawn' end,
    c.title, c.university_name, i.term
  from public.applications a
  join public.courses c on c.id = a.course_id
  join public.intakes i on i.id = a.intake_id
  where a.group_id = app.group_id and a.id <> app.id
    and a.status not in ('withdrawn', 'declined', 'rejected', 'expired', 'offer_withdrawn', 'enrolled')
  order by a.choice_rank
$$;
revoke execute on function public.choices_let_go(public.applications) from public, anon, authenticated;

-- For the applicant's confirmation before accepting.
create or replace function public.preview_accept_offer(application_id uuid)
returns table (id uuid, status text, becomes text, course_title text, university_name text, term text)
language sql stable security definer
set search_path = ''
as $$
  select l.* from public.applications a, public.choices_let_go(a) l
  where a.id = preview_accept_offer.application_id and a.applicant_id = (select auth.uid())
$$;
revoke execute on function public.preview_accept_offer(uuid) from public, anon;
grant execute on function public.preview_accept_offer(uuid) to authenticated;

create or replace function public.respond_to_offer(application_id uuid, accept boolean)
returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, false);
  target text;
  released text := '';
  other record;
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
  if accept and exists (select 1 from public.applications a
    where a.group_id = app.group_id and a.id <> app.id and a.status = 'enrolled') then
    raise exception 'You are enrolled on another of your choices, so this offer cannot be accepted.'
      using errcode = 'P0001';
  end if;
  perform set_config('unipath.transition_note', case when accept then 'Offer accepted.' else 'Offer declined.' end, true);
  update public.applications a set status = target where a.id = app.id returning * into app;
  if accept then
    -- The rest go in this transaction, each through its own status change, so a freed place reaches
    -- its waiting list as any decline does.
    perform set_config('unipath.transition_note',
      format('Let go when the applicant accepted %s.', (select c.title from public.courses c where c.id = app.course_id)), true);
    for other in select l.* from public.choices_let_go(app) l loop
      perform 1 from public.applications a where a.id = other.id for update;
      if other.becomes = 'removed' then
        delete from public.applications a where a.id = other.id;
      else
        update public.applications a set status = other.becomes where a.id = other.id;
      end if;
      released := released || format(E'\n- %s, %s (%s): %s', other.course_title, other.university_name, other.term,
        case other.becomes when 'declined' then 'offer declined' when 'removed' then 'draft removed' else 'withdrawn' end);
    end loop;
    perform set_config('unipath.transition_note', 'Offer accepted.', true);
    perform public.queue_event(app.applicant_id, app.id, 'offer_accepted', jsonb_build_object('next_step',
      case when target = 'conditions_pending'
        then format(E'Your place is held while you meet the conditions of your offer:\n%s\nAdmissions will confirm your place once they are met.', app.offer_conditions)
        else 'Your place is held. Admissions will confirm your enrolment and send joining instructions.' end
      || case when released <> '' then E'\n\nYour other choices were let go:' || released else '' end));
  else
    perform public.queue_event(app.applicant_id, app.id, 'offer_declined', '{}');
  end if;
  return app;
end
$$;
revoke execute on function public.respond_to_offer(uuid, boolean) from public, anon;
grant execute on function public.respond_to_offer(uuid, boolean) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- What staff see of the other choices.

-- The choices of a choice's application, for staff: the ones of courses they cover in full, the
-- others only as "a choice at another university" (no course, no status, no decision).
create or replace function public.staff_application_choices(application_id uuid)
returns table (id uuid, choice_rank smallint, covered boolean, course_title text, university_name text,
  term text, status text, reference text)
language sql stable security definer
set search_path = ''
as $$
  select a.id, a.choice_rank, public.staff_covers_course(a.course_id),
    case when public.staff_covers_course(a.course_id) then c.title end,
    case when public.staff_covers_course(a.course_id) then c.university_name end,
    case when public.staff_covers_course(a.course_id) then i.term end,
    case when public.staff_covers_course(a.course_id) then a.status end,
    case when public.staff_covers_course(a.course_id) then a.reference end
  from public.applications me
  join public.applications a on a.group_id = me.group_id
  join public.courses c on c.id = a.course_id
  join public.intakes i on i.id = a.intake_id
  where me.id = staff_application_choices.application_id and public.staff_covers_course(me.course_id)
    and a.status <> 'draft'
  order by a.choice_rank
$$;
revoke execute on function public.staff_application_choices(uuid) from public, anon;
grant execute on function public.staff_application_choices(uuid) to authenticated, service_role;
