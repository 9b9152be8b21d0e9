-- Applications: the applicant's draft and its answers, submission, the status timeline and internal
-- notes, the status guide every page reads, upload rules and documents (with their storage bucket),
-- and the process moves of the lifecycle. Decisions (offers, the waiting list, unsuccessful
-- outcomes) have their own part.

-- ---------------------------------------------------------------------------------------------
-- Applications.

-- Admission applications. An applicant edits only their own drafts (answers, step, course, intake);
-- every status change goes through the lifecycle functions (submission and the moves below,
-- decisions), which check the caller and the allowed transitions. The wizard's answers are one JSON
-- document:
--   personal     {full_name, date_of_birth 'YYYY-MM-DD', nationality 'NG', phone?, address?…}
--   academic     [{institution, qualification, field, country, start_year, end_year, grade, level?}]
--   english_test {test: ielts|toefl|pte|duolingo|other, score, taken_on 'YYYY-MM-DD'}
--   statement    text, 300 to 5,000 characters
-- Every value is held to the length the wizard allows while typing (application_answers_fit), so
-- nothing an applicant stores through the API is longer than a letter, an e-mail subject or a staff
-- screen expects; completeness is checked on submission.

-- Whether a part of the answers is absent, or an object of known fields whose values (text or
-- numbers) are no longer than their limits.
create or replace function public.answer_fields_fit(part jsonb, limits jsonb) returns boolean
language sql immutable
set search_path = ''
as $$
  select part is null or case when jsonb_typeof(part) = 'object' then not exists (
    select 1 from jsonb_each(part) f
    where not (limits ? f.key) or jsonb_typeof(f.value) not in ('string', 'number', 'null')
      or char_length(f.value #>> '{}') > (limits ->> f.key)::integer)
    else false end
$$;

create or replace function public.application_answers_fit(answers jsonb) returns boolean
language sql immutable
set search_path = ''
as $$
  select case when jsonb_typeof(answers) <> 'object' then false else
    not exists (select 1 from jsonb_object_keys(answers) k
      where k not in ('personal', 'academic', 'english_test', 'statement'))
    and public.answer_fields_fit(answers -> 'personal', '{"full_name": 120, "date_of_birth": 10, "nationality": 2,
      "phone": 24, "passport_number": 24, "address_line": 200, "city": 100, "postal_code": 20, "country": 2}')
    and (answers -> 'academic' is null or case when jsonb_typeof(answers -> 'academic') = 'array' then
      jsonb_array_length(answers -> 'academic') <= 10 and not exists (
        select 1 from jsonb_array_elements(answers -> 'academic') e
        where not public.answer_fields_fit(e, '{"institution": 160, "qualification": 120, "field": 120,
          "country": 2, "start_year": 4, "end_year": 4, "grade": 40, "level": 20}'))
      else false end)
    and public.answer_fields_fit(answers -> 'english_test', '{"test": 10, "score": 6, "taken_on": 10}')
    and (answers -> 'statement' is null or case when jsonb_typeof(answers -> 'statement') = 'string'
      then char_length(answers ->> 'statement') <= 10000 else false end)
  end
$$;

-- An e-mail address as the mailbox it reaches: lower case, without a "+tag", and for Gmail without
-- the dots it ignores (googlemail.com is gmail.com). Null when it is not an address.
create or replace function public.email_key(email text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case when dom <> '' and loc <> '' then
    case when dom in ('gmail.com', 'googlemail.com') then replace(loc, '.', '') || '@gmail.com' else loc || '@' || dom end end
  from (select split_part(split_part(e, '@', 1), '+', 1) loc, split_part(e, '@', 2) dom
    from (select lower(btrim(coalesce(email, ''))) e) x) y
$$;
revoke execute on function public.email_key(text) from public, anon;

create table public.applications (
  id uuid primary key default gen_random_uuid(),
  applicant_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  course_id uuid not null references public.courses (id) on delete restrict,
  intake_id uuid not null references public.intakes (id) on delete restrict,
  status text not null default 'draft' check (status in ('draft',
    'submitted', 'under_review', 'action_required', 'offer_conditional', 'offer_unconditional', 'waitlisted',
    'rejected', 'conditions_pending', 'accepted', 'declined', 'enrolled', 'withdrawn', 'expired',
    'offer_withdrawn')),
  reference text unique check (reference ~ '^UP-[0-9]{4}-[0-9A-Z]{6}$'),
  answers jsonb not null default '{}' constraint applications_answers_fit
    check (octet_length(answers::text) <= 65536 and public.application_answers_fit(answers)),
  current_step text check (current_step ~ '^[a-z][a-z0-9_-]{0,39}$'),
  submitted_at timestamptz,
  -- The applicant's e-mail address as one mailbox when they submitted (public.email_key), so that a
  -- second account on an alias of the same address shows as a possible duplicate.
  applicant_email_key text check (char_length(applicant_email_key) <= 320),
  decided_at timestamptz,
  offer_conditions text check (char_length(offer_conditions) <= 4000),
  reply_by date,
  assigned_to uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1 check (version > 0),
  -- The place in line while waitlisted; leaving the list gives it up.
  waitlist_rank integer check (waitlist_rank > 0),
  -- The public wording of the reason given with a negative outcome, as the letter quoted it.
  outcome_reason text check (char_length(outcome_reason) <= 500),
  conditions_met_at timestamptz,
  constraint applications_submitted_shape
    check (status = 'draft' or (reference is not null and submitted_at is not null)),
  constraint applications_waitlist_rank_key unique (intake_id, waitlist_rank) deferrable initially deferred
);

-- One draft per applicant and intake; submitted or withdrawn applications don't count.
create unique index applications_one_draft_idx on public.applications (applicant_id, intake_id)
  where status = 'draft';
-- One application in play per applicant and intake. A draft or a closed one (withdrawn, declined,
-- unsuccessful, lapsed, offer withdrawn) leaves room to apply again; enrolled stays in play, as does
-- every open stage. The index, submission and the app's "Apply now" all ask this one function.
create or replace function public.application_holds_intake(status text) returns boolean
language sql immutable
set search_path = ''
as $$
  select status not in ('draft', 'withdrawn', 'declined', 'rejected', 'expired', 'offer_withdrawn')
$$;
create unique index applications_one_active_idx on public.applications (applicant_id, intake_id)
  where public.application_holds_intake(status);
create index applications_applicant_idx on public.applications (applicant_id, created_at desc);
create index applications_intake_status_idx on public.applications (intake_id, status);
create index applications_course_idx on public.applications (course_id);
create index applications_status_idx on public.applications (status, submitted_at);
create index applications_assigned_idx on public.applications (assigned_to);
create index applications_search_folded_idx on public.applications using gin (
  public.fold(coalesce(reference, '') || ' ' || coalesce(answers -> 'personal' ->> 'full_name', ''))
  extensions.gin_trgm_ops);

create trigger applications_touch before update on public.applications
  for each row execute function public.touch_updated_at();

-- The intake must belong to the chosen course, whoever writes the row.
create or replace function public.check_application_intake() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.intakes i where i.id = new.intake_id and i.course_id = new.course_id) then
    raise exception 'The intake does not belong to the chosen course.' using errcode = '23514';
  end if;
  return new;
end
$$;

-- Defence in depth behind the column grants: API roles never change a status or a reference
-- themselves; the security-definer lifecycle functions run as the owner and may.
create or replace function public.guard_application_status() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and (
    new.status is distinct from old.status or new.reference is distinct from old.reference
    or new.applicant_id is distinct from old.applicant_id or new.submitted_at is distinct from old.submitted_at
  ) then
    raise exception 'The status of an application changes only through its lifecycle functions.'
      using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger applications_check_intake before insert or update of course_id, intake_id
  on public.applications for each row execute function public.check_application_intake();
create trigger applications_guard_status before update on public.applications
  for each row execute function public.guard_application_status();
create trigger applications_audit after update of status, assigned_to, offer_conditions, reply_by
  on public.applications
  for each row execute function public.audit_staff_change('answers', 'current_step');
create trigger version_10_check before update of version on public.applications
  for each row execute function public.check_row_version('application');
create trigger version_20_stamp before update on public.applications
  for each row execute function public.stamp_row_version();

alter table public.applications enable row level security;
revoke all on public.applications from anon, authenticated;
grant select, delete on public.applications to authenticated;
grant insert (applicant_id, course_id, intake_id, answers, current_step) on public.applications to authenticated;
grant update (answers, current_step, course_id, intake_id) on public.applications to authenticated;
-- The API may send the version with the columns it already updates.
grant update (version) on public.applications to authenticated;

create policy applications_select on public.applications
  for select to authenticated
  using (applicant_id = (select auth.uid()) or (select public.is_staff()));
-- A draft starts on an open intake of a visible course (the intake subquery runs under its RLS).
create policy applications_insert_own_draft on public.applications
  for insert to authenticated
  with check (
    applicant_id = (select auth.uid()) and status = 'draft'
    and exists (select 1 from public.intakes i
      where i.id = applications.intake_id and i.course_id = applications.course_id and i.status = 'open')
  );
create policy applications_update_own_draft on public.applications
  for update to authenticated
  using (applicant_id = (select auth.uid()) and status = 'draft')
  with check (
    applicant_id = (select auth.uid()) and status = 'draft'
    and exists (select 1 from public.intakes i
      where i.id = applications.intake_id and i.course_id = applications.course_id and i.status = 'open')
  );
create policy applications_delete_own_draft on public.applications
  for delete to authenticated
  using (applicant_id = (select auth.uid()) and status = 'draft');

revoke execute on function public.check_application_intake(), public.guard_application_status()
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Timeline, notes and the status guide.

-- The timeline of an application: one row per status change, written only by the trigger below.
-- The lifecycle functions pass their note through the transaction-local setting
-- unipath.transition_note; the actor is the caller (null when the system acts, e.g. expiry).
create table public.application_status_history (
  id bigint generated always as identity primary key,
  application_id uuid not null references public.applications (id) on delete cascade,
  from_status text,
  to_status text not null,
  actor uuid references auth.users (id) on delete set null,
  -- Who acted as the applicant sees it, without exposing staff identities to them.
  actor_kind text not null check (actor_kind in ('applicant', 'admissions', 'system')),
  note text check (char_length(note) <= 2000),
  created_at timestamptz not null default now()
);
create index application_status_history_app_idx on public.application_status_history (application_id, id);
create index application_status_history_actor_idx on public.application_status_history (actor);

create or replace function public.record_application_status() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  who uuid := auth.uid();
begin
  insert into public.application_status_history (application_id, from_status, to_status, actor, actor_kind, note)
  values (new.id, old.status, new.status, who,
    case when who is null then 'system' when who = new.applicant_id then 'applicant' else 'admissions' end,
    nullif(left(current_setting('unipath.transition_note', true), 2000), ''));
  return new;
end
$$;
revoke execute on function public.record_application_status() from public, anon, authenticated;

create trigger applications_record_status after update of status on public.applications
  for each row when (old.status is distinct from new.status)
  execute function public.record_application_status();

alter table public.application_status_history enable row level security;
revoke all on public.application_status_history from anon, authenticated;
grant select on public.application_status_history to authenticated;

create policy application_status_history_select on public.application_status_history
  for select to authenticated
  using (
    (select public.is_staff())
    or exists (select 1 from public.applications a
      where a.id = application_status_history.application_id and a.applicant_id = (select auth.uid()))
  );

-- Internal notes of the admissions team. Applicants never see them.
create table public.application_notes (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  author uuid not null default auth.uid() references auth.users (id) on delete cascade,
  body text not null check (char_length(btrim(body)) between 1 and 5000),
  created_at timestamptz not null default now()
);
create index application_notes_app_idx on public.application_notes (application_id, created_at);
create index application_notes_author_idx on public.application_notes (author);

alter table public.application_notes enable row level security;
revoke all on public.application_notes from anon, authenticated;
grant select, insert (application_id, author, body), delete on public.application_notes to authenticated;

create policy application_notes_select_staff on public.application_notes
  for select to authenticated
  using ((select public.is_staff()));
create policy application_notes_insert_staff on public.application_notes
  for insert to authenticated
  with check ((select public.is_staff()) and author = (select auth.uid()));
-- A note is removed by its author or an administrator; nobody edits one after the fact.
create policy application_notes_delete_staff on public.application_notes
  for delete to authenticated
  using ((select public.is_staff()) and (author = (select auth.uid()) or (select public.has_role('admin'))));
create trigger application_notes_audit after insert or delete on public.application_notes
  for each row execute function public.audit_staff_change();

-- For each status: its label, who acts next and what happens next, so every page says the same.
-- Views in public run with the caller's rights, so a view can never read more than its caller may.
-- The status guide reads no table today; invoker rights keep it that way if it ever joins one.
create or replace view public.application_status_guide with (security_invoker = true) as
  select * from (values
    ('draft', 'Draft', 'applicant', 'Complete every step, upload the required documents and submit before the deadline.', false, 1),
    ('submitted', 'Submitted', 'admissions', 'Admissions will start reviewing your application; there is nothing to do for now.', false, 2),
    ('under_review', 'Under review', 'admissions', 'Admissions is reviewing your application and documents.', false, 3),
    ('action_required', 'Action required', 'applicant', 'Read the request from admissions and update your documents.', false, 4),
    ('offer_conditional', 'Conditional offer', 'applicant', 'Accept or decline the offer before the reply-by date, then meet its conditions.', false, 5),
    ('offer_unconditional', 'Unconditional offer', 'applicant', 'Accept or decline the offer before the reply-by date.', false, 5),
    ('waitlisted', 'Waitlisted', 'admissions', 'You are on the waiting list. If a place becomes free, admissions will make you an offer; there is nothing to do for now.', false, 5),
    ('conditions_pending', 'Accepted, conditions pending', 'applicant', 'Meet the conditions of your offer. Admissions will confirm your place once they are met.', false, 6),
    ('accepted', 'Offer accepted', 'admissions', 'Admissions will confirm your enrolment and send joining instructions.', false, 6),
    ('enrolled', 'Enrolled', 'none', 'You are enrolled. Welcome!', true, 7),
    ('rejected', 'Unsuccessful', 'none', 'This application is closed. You can apply to another course.', true, 7),
    ('declined', 'Offer declined', 'none', 'You declined the offer; this application is closed.', true, 7),
    ('withdrawn', 'Withdrawn', 'none', 'You withdrew this application; it is closed.', true, 7),
    ('expired', 'Offer expired', 'none', 'The reply-by date passed without a reply; the offer has lapsed.', true, 7),
    ('offer_withdrawn', 'Offer withdrawn', 'none', 'Admissions withdrew the offer; this application is closed.', true, 7)
  ) as guide (status, label, next_actor, next_step, is_final, stage);

revoke all on public.application_status_guide from anon, authenticated;
grant select on public.application_status_guide to anon, authenticated;
create trigger application_status_guide_read_only instead of insert or update or delete
  on public.application_status_guide
  for each row execute function public.refuse_view_write();

create or replace function public.application_status_info(status text)
returns public.application_status_guide
language sql stable
set search_path = ''
as $$
  select g.* from public.application_status_guide g where g.status = $1
$$;
revoke execute on function public.application_status_info(text) from public;
grant execute on function public.application_status_info(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Row versions of applications.

-- What a change touched, in words: "status Under review → Waitlisted, reviewer". Only keys whose
-- values differ count; columns a reader would not recognise are named as they are, without values.
-- stamp_row_version() names every row's change with it; it lives here because it reads the status
-- guide.
create or replace function public.describe_change(before jsonb, after jsonb) returns text
language sql stable security definer
set search_path = ''
as $$
  select string_agg(label, ', ' order by label)
  from (
    select distinct case
      when k = 'status' then 'status ' || coalesce((select g.label from public.application_status_guide g
        where g.status = before ->> k), before ->> k, 'none') || ' → ' || coalesce((select g.label
        from public.application_status_guide g where g.status = after ->> k), after ->> k, 'none')
      when k in ('assigned_to', 'assignee') then 'reviewer'
      when k in ('answers', 'current_step') then 'answers'
      else replace(k, '_', ' ')
    end as label
    from jsonb_object_keys(coalesce(after, '{}') || coalesce(before, '{}')) k
    where k not in ('version', 'updated_by', 'updated_at', 'last_change', 'search_document')
      and (before -> k) is distinct from (after -> k)
  ) labels
$$;
-- Pure words about two JSON values; the update triggers call it as whoever updates.
revoke execute on function public.describe_change(jsonb, jsonb) from public;
grant execute on function public.describe_change(jsonb, jsonb) to anon, authenticated, service_role;

-- An application's latest change lives here rather than on its row: applicants read their own row,
-- and what staff did to it (a decision recorded but not released) is not theirs to read.
create table public.application_changes (
  application_id uuid primary key references public.applications (id) on delete cascade,
  changed_by uuid references auth.users (id) on delete set null,
  changed_at timestamptz not null default now(),
  change text check (char_length(change) <= 300)
);
create index application_changes_changed_by_idx on public.application_changes (changed_by);
alter table public.application_changes enable row level security;
revoke all on public.application_changes from anon, authenticated;
grant select on public.application_changes to authenticated;
create policy application_changes_select_staff on public.application_changes
  for select to authenticated using ((select public.is_staff()));

create or replace function public.record_application_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.application_changes as c (application_id, changed_by, changed_at, change)
  values (new.id, auth.uid(), now(), nullif(current_setting('unipath.stamped_change', true), ''))
  on conflict (application_id) do update
    set changed_by = excluded.changed_by, changed_at = excluded.changed_at, change = excluded.change;
  return null;
end
$$;
revoke execute on function public.record_application_change() from public, anon, authenticated;

create trigger applications_record_change after update on public.applications
  for each row when (old.version is distinct from new.version)
  execute function public.record_application_change();

-- Security-definer functions check the version they are given themselves (expected_version).
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
revoke execute on function public.check_application_version(public.applications, integer),
  public.mark_application_changed(uuid, text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Upload rules.

-- Upload rules for application documents, shared by the validate_* RPCs (the browser's pre-flight),
-- the application_documents trigger and the storage bucket. The bucket admits PDF, JPEG and PNG up
-- to 10 MiB; a requirement may narrow that (smaller size, fewer types). Types a requirement lists
-- beyond the bucket's (e.g. Word files) are not offered: applicants convert them to PDF.
create or replace function public.application_document_types() returns text[]
language sql immutable
set search_path = ''
as $$ select array['application/pdf', 'image/jpeg', 'image/png'] $$;

create or replace function public.application_document_max_bytes() returns bigint
language sql immutable
set search_path = ''
as $$ select 10485760::bigint $$;

-- Why a file may not be uploaded, or null when it may. Names are checked for tricks (paths, control
-- and direction characters, hidden second extensions), types for markup and scripts, extensions
-- against the declared type, and sizes against the limit.
create or replace function public.file_upload_error(
  file_name text, file_size bigint, content_type text, allowed_types text[], max_bytes bigint
) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  risky constant text[] := array['exe', 'com', 'bat', 'cmd', 'scr', 'pif', 'msi', 'msp', 'dll', 'cpl',
    'jar', 'js', 'mjs', 'jse', 'vbs', 'vbe', 'wsf', 'wsh', 'ps1', 'psm1', 'sh', 'bash', 'py', 'pl', 'rb',
    'php', 'php3', 'php4', 'php5', 'phtml', 'phar', 'jsp', 'jspx', 'asp', 'aspx', 'cgi', 'htm', 'html',
    'xhtml', 'shtml', 'svg', 'svgz', 'xml', 'xsl', 'hta', 'lnk', 'reg', 'apk', 'dmg', 'iso', 'swf'];
  kind text := btrim(lower(split_part(coalesce(content_type, ''), ';', 1)));
  parts text[];
  ext text;
  expected text[];
  part text;
begin
  if file_name is null or btrim(file_name) = '' then
    return 'A file name is required.';
  end if;
  if char_length(file_name) > 180 then
    return 'The file name is too long (180 characters at most).';
  end if;
  if file_name ~ '[[:cntrl:]]' or file_name ~ '[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]' then
    return 'The file name contains control or invisible characters.';
  end if;
  if file_name ~ '[/\\:]' or position('..' in file_name) > 0 then
    return 'The file name must not contain a path (/, \, : or ..).';
  end if;
  if file_name ~ '[<>"|?*]' then
    return 'The file name contains characters that are not allowed (< > " | ? *).';
  end if;
  if file_name ~ '^[. ]' or file_name ~ '[. ]$' then
    return 'The file name must not start or end with a dot or a space.';
  end if;
  parts := string_to_array(lower(file_name), '.');
  if cardinality(parts) < 2 then
    return 'The file name needs an extension, such as passport.pdf.';
  end if;
  ext := parts[cardinality(parts)];
  foreach part in array parts[2:cardinality(parts) - 1] loop
    if btrim(part) = any (risky) then
      return format('The file name hides a second extension (.%s).', btrim(part));
    end if;
  end loop;
  if ext = any (risky) then
    return format('Files ending in .%s are not accepted.', ext);
  end if;
  if kind = '' then
    return 'The file type is unknown.';
  end if;
  if kind ~ '(html|svg|xml|script|x-sh|x-php|x-msdownload|x-executable)' then
    return 'HTML, SVG, XML, script and program files are not accepted.';
  end if;
  if not (kind = any (coalesce(allowed_types, '{}'))) then
    return format('Files of type %s are not accepted here. Upload %s.', kind,
      coalesce(public.file_type_labels(allowed_types), 'nothing'));
  end if;
  expected := case kind
    when 'application/pdf' then array['pdf']
    when 'image/jpeg' then array['jpg', 'jpeg']
    when 'image/png' then array['png'] end;
  if expected is null or not (ext = any (expected)) then
    return format('The extension .%s does not match the file type (%s).', ext, public.file_type_labels(array[kind]));
  end if;
  if file_size is null or file_size <= 0 then
    return 'The file is empty.';
  end if;
  if file_size > max_bytes then
    return format('The file is larger than %s MB.', trim_scale(round(max_bytes / 1048576.0, 1)));
  end if;
  return null;
end
$$;

create or replace function public.file_type_labels(types text[]) returns text
language sql immutable
set search_path = ''
as $$
  select string_agg(case t when 'application/pdf' then 'PDF' when 'image/jpeg' then 'JPEG'
    when 'image/png' then 'PNG' else t end, ', ' order by t)
  from unnest(types) as t
$$;

-- Pre-flight for any document: the bucket's types that some requirement admits, and the largest
-- size a requirement admitting this type allows.
create or replace function public.validate_file_upload(file_name text, file_size bigint, content_type text)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  mime text := btrim(lower(split_part(coalesce(content_type, ''), ';', 1)));
  allowed text[];
  max_bytes bigint;
  problem text;
begin
  select coalesce(array_agg(distinct t), '{}') into allowed
  from public.document_requirements r, unnest(r.allowed_types) as t
  where t = any (public.application_document_types());
  select least(coalesce(max(r.max_size_bytes), 0), public.application_document_max_bytes()) into max_bytes
  from public.document_requirements r where mime = any (r.allowed_types);
  if max_bytes = 0 then
    max_bytes := public.application_document_max_bytes();
  end if;
  problem := public.file_upload_error(file_name, file_size, content_type, allowed, max_bytes);
  return jsonb_build_object('valid', problem is null, 'error', problem);
end
$$;

-- The rule for one kind of document on one course: the course's own requirement, else the default.
create or replace function public.document_rule(course uuid, document_kind text,
  out allowed_types text[], out max_bytes bigint)
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
      (select array_agg(t) from unnest(r.allowed_types) as t where t = any (public.application_document_types())),
      public.application_document_types()),
    least(coalesce(r.max_size_bytes, public.application_document_max_bytes()), public.application_document_max_bytes())
  from (select 1) as one
  left join lateral (
    select dr.allowed_types, dr.max_size_bytes from public.document_requirements dr
    where dr.kind = document_kind and (dr.course_id = course or dr.course_id is null)
    order by dr.course_id nulls last limit 1
  ) r on true
$$;

-- Pre-flight for a document of a given kind on one of the caller's applications.
create or replace function public.validate_document_upload(application_id uuid, kind text, file_name text,
  file_size bigint, content_type text)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  course uuid;
  rule record;
  problem text;
begin
  -- Read under the caller's RLS: someone else's application is simply not found.
  select a.course_id into course from public.applications a where a.id = validate_document_upload.application_id;
  if course is null then
    return jsonb_build_object('valid', false, 'error', 'Application not found.');
  end if;
  rule := public.document_rule(course, kind);
  problem := public.file_upload_error(file_name, file_size, content_type, rule.allowed_types, rule.max_bytes);
  return jsonb_build_object('valid', problem is null, 'error', problem);
end
$$;

revoke execute on function public.file_upload_error(text, bigint, text, text[], bigint),
  public.document_rule(uuid, text), public.validate_file_upload(text, bigint, text),
  public.validate_document_upload(uuid, text, text, bigint, text) from public, anon;
grant execute on function public.file_upload_error(text, bigint, text, text[], bigint),
  public.document_rule(uuid, text), public.validate_file_upload(text, bigint, text),
  public.validate_document_upload(uuid, text, text, bigint, text) to authenticated, service_role;
grant execute on function public.application_document_types(), public.application_document_max_bytes(),
  public.file_type_labels(text[]) to anon, authenticated, service_role;

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
    when 'condition_evidence' then 'Evidence for a condition'
    else replace(kind, '_', ' ') end
$$;
revoke execute on function public.document_kind_label(text) from public;
grant execute on function public.document_kind_label(text) to anon, authenticated, service_role;

-- The upload rules applied to a file already in the application-documents bucket: its real size and
-- type read from storage (the client's figures only when storage has none), and why it is refused,
-- or null. `present` is false when no such file was uploaded. Shared by documents and attachments.
create or replace function public.stored_upload(object_name text, file_name text, claimed_size bigint,
  claimed_type text, allowed_types text[], max_bytes bigint,
  out present boolean, out size_bytes bigint, out content_type text, out problem text)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  meta jsonb;
begin
  select o.metadata into meta from storage.objects o
  where o.bucket_id = 'application-documents' and o.name = object_name;
  present := found;
  if not present then
    return;
  end if;
  size_bytes := coalesce((meta ->> 'size')::bigint, claimed_size);
  content_type := lower(split_part(coalesce(meta ->> 'mimetype', claimed_type), ';', 1));
  problem := public.file_upload_error(file_name, size_bytes, content_type, allowed_types, max_bytes);
end
$$;

-- Whether the name part of a stored object (after its uuid) is one the upload rules accept: a safe
-- name ending in .pdf, .jpg, .jpeg or .png with no hidden second extension.
create or replace function public.is_safe_upload_name(safe_name text) returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(m.mime is not null and public.file_upload_error(safe_name, 1, m.mime,
    public.application_document_types(), public.application_document_max_bytes()) is null, false)
  from (select case lower(storage.extension(safe_name))
    when 'pdf' then 'application/pdf' when 'jpg' then 'image/jpeg' when 'jpeg' then 'image/jpeg'
    when 'png' then 'image/png' end as mime) m
$$;
revoke execute on function public.stored_upload(text, text, bigint, text, text[], bigint),
  public.is_safe_upload_name(text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Documents.

-- Documents attached to applications. The file lives in the private bucket application-documents at
-- <applicant id>/<application id>/<uuid>-<safe name>; the row records it once uploaded. The trigger
-- takes size and type from the stored object, not from the client, and applies the upload rules.
-- Applicants add and remove documents while the application is a draft or action is required, and
-- may replace a rejected one at any time; staff verify or reject through review_document().
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('application-documents', 'application-documents', false, 10485760,
  array['application/pdf', 'image/jpeg', 'image/png'])
on conflict (id) do nothing;

create table public.application_documents (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  -- condition_evidence answers one condition of a conditional offer (condition_id, added with the
  -- conditions in the decisions migration).
  kind text not null check (kind in
    ('passport', 'transcript', 'english_test', 'cv', 'statement', 'reference', 'portfolio', 'other',
     'condition_evidence')),
  storage_path text not null unique check (char_length(storage_path) <= 300),
  file_name text not null check (char_length(file_name) between 1 and 180),
  size_bytes bigint not null check (size_bytes > 0),
  content_type text not null,
  status text not null default 'uploaded' check (status in ('uploaded', 'verified', 'rejected')),
  rejection_reason text check (char_length(rejection_reason) <= 500),
  reviewed_by uuid references auth.users (id) on delete set null,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint application_documents_reason check (status <> 'rejected' or rejection_reason is not null)
);
create index application_documents_app_idx on public.application_documents (application_id, kind);
create index application_documents_reviewer_idx on public.application_documents (reviewed_by);

-- The caller owns the application and it takes documents now: a draft, action required, one with
-- a rejected document of that kind (of any kind when none is given), or a conditional offer taking
-- evidence for its conditions (which condition is checked when the evidence is recorded).
create or replace function public.application_accepts_documents(application uuid, document_kind text)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.applications a
    where a.id = application and a.applicant_id = (select auth.uid())
      and (a.status in ('draft', 'action_required')
        or (a.status in ('offer_conditional', 'conditions_pending')
          and coalesce(document_kind, 'condition_evidence') = 'condition_evidence')
        or (a.status not in ('withdrawn', 'declined', 'rejected', 'expired', 'enrolled', 'offer_withdrawn')
          and exists (select 1 from public.application_documents d
            where d.application_id = a.id and (document_kind is null or d.kind = document_kind)
              and d.status = 'rejected')))
  )
$$;

-- The file must already be in storage at the application's path; its real size and type are read
-- from there and held to the upload rules.
create or replace function public.check_application_document() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications;
  rule record;
  stored record;
begin
  select * into app from public.applications a where a.id = new.application_id;
  if new.storage_path !~ ('^' || app.applicant_id || '/' || app.id
      || '/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9._-]{1,120}$') then
    raise exception 'The storage path must be <applicant id>/<application id>/<uuid>-<file name>.'
      using errcode = '22023';
  end if;
  rule := public.document_rule(app.course_id, new.kind);
  stored := public.stored_upload(new.storage_path, new.file_name, new.size_bytes, new.content_type,
    rule.allowed_types, rule.max_bytes);
  if not stored.present then
    raise exception 'Upload the file before recording the document.' using errcode = '22023';
  end if;
  new.size_bytes := stored.size_bytes;
  new.content_type := stored.content_type;
  if stored.problem is not null then
    raise exception 'File validation failed: %', stored.problem using errcode = '22023';
  end if;
  return new;
end
$$;

create trigger application_documents_check before insert on public.application_documents
  for each row execute function public.check_application_document();

alter table public.application_documents enable row level security;
revoke all on public.application_documents from anon, authenticated;
grant select, delete, insert (application_id, kind, storage_path, file_name, size_bytes, content_type)
  on public.application_documents to authenticated;

create policy application_documents_select on public.application_documents
  for select to authenticated
  using (
    (select public.is_staff())
    or exists (select 1 from public.applications a
      where a.id = application_documents.application_id and a.applicant_id = (select auth.uid()))
  );
create policy application_documents_insert_own on public.application_documents
  for insert to authenticated
  with check (status = 'uploaded' and public.application_accepts_documents(application_id, kind));
create policy application_documents_delete_own on public.application_documents
  for delete to authenticated
  using (
    status <> 'verified'
    and exists (select 1 from public.applications a
      where a.id = application_documents.application_id and a.applicant_id = (select auth.uid())
        and (a.status in ('draft', 'action_required') or application_documents.status = 'rejected'))
  );

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

create trigger application_documents_audit after update or delete on public.application_documents
  for each row execute function public.audit_staff_change();

revoke execute on function public.check_application_document() from public, anon, authenticated;
revoke execute on function public.application_accepts_documents(uuid, text) from public, anon;
grant execute on function public.application_accepts_documents(uuid, text) to authenticated, service_role;
revoke execute on function public.review_document(uuid, text, integer, text) from public, anon;
grant execute on function public.review_document(uuid, text, integer, text) to authenticated, service_role;

-- Files in the application-documents bucket are written only by the app server, with the service
-- role, after it has checked their bytes against their declared type: hosted Storage stores whatever
-- bytes an upload carries, so a write allowed to an applicant's or staff member's own token would
-- skip that check. The server asks can_upload_application_file() with the caller's token before it
-- writes, so the path rules stay here: <own id>/<own application taking documents>/<uuid>-<safe
-- name>, the name ending in .pdf, .jpg, .jpeg or .png with no hidden second extension. Applicants
-- read their own folder and staff every file; deletes are ruled by can_delete_application_file()
-- with the message attachments.
create or replace function public.can_upload_application_file(object_name text) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  parts text[] := string_to_array(object_name, '/');
begin
  if auth.uid() is null or cardinality(parts) <> 3 or parts[1] <> auth.uid()::text then
    return false;
  end if;
  if parts[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or parts[3] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9._-]{1,120}$' then
    return false;
  end if;
  if not public.is_safe_upload_name(substr(parts[3], 38)) then
    return false;
  end if;
  return public.application_accepts_documents(parts[2]::uuid, null);
end
$$;
revoke execute on function public.can_upload_application_file(text) from public, anon;
grant execute on function public.can_upload_application_file(text) to authenticated, service_role;

create policy application_files_select on storage.objects
  for select to authenticated
  using (
    bucket_id = 'application-documents'
    and ((storage.foldername(name))[1] = (select auth.uid())::text or (select public.is_staff()))
  );

-- ---------------------------------------------------------------------------------------------
-- Submission.

-- A reference such as UP-2027-7F3K9Q: the intake's year and six characters without look-alikes.
create or replace function public.new_application_reference(year integer) returns text
language plpgsql volatile
set search_path = ''
as $$
declare
  alphabet constant text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  bytes bytea;
  ref text;
begin
  loop
    bytes := uuid_send(gen_random_uuid());
    ref := format('UP-%s-', year);
    for i in 0..5 loop
      ref := ref || substr(alphabet, get_byte(bytes, i) % 32 + 1, 1);
    end loop;
    exit when not exists (select 1 from public.applications a where a.reference = ref);
  end loop;
  return ref;
end
$$;

-- Whether the course asks for the personal statement as a file: its document list (or the defaults,
-- when it has none) requires a 'statement' document. Otherwise the statement is typed.
create or replace function public.course_wants_statement_file(course_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.course_document_requirements(course_wants_statement_file.course_id) r
    where r.kind = 'statement' and r.required)
$$;

-- What a draft still lacks before it can be submitted: answer paths and document kinds. Required
-- documents are the course's own list, or the defaults when the course has none.
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
  -- The statement is asked for once: uploaded where the course's documents require a 'statement'
  -- file, typed in the wizard everywhere else.
  if not public.course_wants_statement_file(app.course_id) and statement_length not between 300 and 5000 then
    missing := array_append(missing, 'statement');
  end if;
  answers := missing;
  select coalesce(array_agg(r.kind order by r.kind), '{}') into documents
  from public.course_document_requirements(app.course_id) r
  where r.required
    and not exists (select 1 from public.application_documents d
      where d.application_id = app.id and d.kind = r.kind and d.status <> 'rejected');
  return next;
end
$$;

-- Words for the missing items, in the order the wizard asks for them.
create or replace function public.describe_missing_items(answers text[], documents text[]) returns text
language sql immutable
set search_path = ''
as $$
  select string_agg(item, ', ' order by n) from (
    select n, case key
      when 'personal.full_name' then 'your full name'
      when 'personal.date_of_birth' then 'your date of birth'
      when 'personal.nationality' then 'your nationality'
      when 'academic' then 'at least one academic qualification'
      when 'english_test' then 'an English test result'
      when 'statement' then 'a personal statement of 300 to 5,000 characters'
      else key end as item
    from unnest(answers) with ordinality as u (key, n)
    union all
    select 100 + n, 'the ' || replace(kind, '_', ' ') || ' document'
    from unnest(documents) with ordinality as d (kind, n)
  ) items
$$;

revoke execute on function public.new_application_reference(integer), public.course_wants_statement_file(uuid),
  public.application_missing_items(public.applications) from public, anon, authenticated;
grant execute on function public.describe_missing_items(text[], text[]) to anon, authenticated, service_role;

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

-- Anyone may submit while the intake is open and before its deadline: places are counted when offers
-- are made, not when people apply.
-- The refusal of a second application to one intake, naming the first so the applicant can find it.
create or replace function public.refuse_second_application(term text, reference text) returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'You have already applied to this course for %. Follow it on your applications page, or withdraw it to apply again.',
    term || coalesce(': application ' || reference, '') using errcode = 'P0001', hint = 'already_applied';
end
$$;

create or replace function public.submit_application(application_id uuid) returns public.applications
language plpgsql security definer
set search_path = ''
as $$
declare
  app public.applications := public.lock_application(application_id, false);
  intake public.intakes;
  missing record;
  earlier text;
  violated text;
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
  -- An intake that wants references before submission (see the references migration).
  if not intake.submit_before_references and public.reference_shortfall(app) > 0 then
    raise exception 'This course needs your references before you submit: %. Your referees write through the link they were sent.',
      public.reference_count_words(app) using errcode = 'P0001', hint = 'Wait for your references, then submit again.';
  end if;

  select a.reference into earlier from public.applications a
  where a.applicant_id = app.applicant_id and a.intake_id = app.intake_id and a.id <> app.id
    and public.application_holds_intake(a.status)
  limit 1;
  if earlier is not null then
    perform public.refuse_second_application(intake.term, earlier);
  end if;

  perform set_config('unipath.transition_note', 'Application submitted.', true);
  begin
    update public.applications a set status = 'submitted',
      reference = public.new_application_reference(extract(year from intake.start_date)::integer),
      submitted_at = now(), reply_by = intake.reply_by,
      applicant_email_key = public.email_key((select u.email from auth.users u where u.id = app.applicant_id))
    where a.id = app.id
    returning * into app;
  exception when unique_violation then
    get stacked diagnostics violated = constraint_name;
    if violated is distinct from 'applications_one_active_idx' then
      raise;
    end if;
    -- Two drafts on one intake submitted at the same moment: the one that lost the race names the other.
    select a.reference into earlier from public.applications a
    where a.applicant_id = app.applicant_id and a.intake_id = app.intake_id and a.id <> app.id
      and public.application_holds_intake(a.status) limit 1;
    perform public.refuse_second_application(intake.term, earlier);
  end;
  perform public.queue_submission_email(app);
  return app;
end
$$;

-- The receipt, composed from the application_submitted template.
create or replace function public.queue_submission_email(app public.applications) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  perform public.queue_event(app.applicant_id, app.id, 'application_submitted', jsonb_build_object(
    'submitted_at', to_char(app.submitted_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI')));
end
$$;

revoke execute on function public.lock_application(uuid, boolean), public.refuse_transition(text, text),
  public.refuse_second_application(text, text),
  public.queue_submission_email(public.applications) from public, anon, authenticated;
revoke execute on function public.submit_application(uuid) from public, anon;
grant execute on function public.submit_application(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Process moves.

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

-- Staff move an application on, from the version they saw. A request for action needs the note the
-- applicant will read.
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

-- The applicant withdraws at any point before the application is closed or enrolled.
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
  -- The applicant's own confirmation, a letter of its own (the assignee hears from a trigger).
  perform public.queue_event(app.applicant_id, app.id, 'application_withdrawn', jsonb_build_object(
    'reason', coalesce(nullif(btrim(reason), ''), 'No reason given.')));
  return app;
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

-- Offers whose reply-by date has passed lapse. Run daily by the service role (cron or a worker).
create or replace function public.expire_offers() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  expired integer := 0;
  lapsed record;
begin
  perform set_config('unipath.transition_note', 'The reply-by date passed without a reply.', true);
  -- One offer at a time: one whose lapse raises (in its letter, its place alert…) is rolled back
  -- alone and recorded in job_failures; the others lapse, and the next run tries it again.
  for lapsed in select a.id, a.applicant_id from public.applications a
    where a.status in ('offer_conditional', 'offer_unconditional') and a.reply_by < current_date
    order by a.reply_by, a.id
    for update skip locked
  loop
    begin
      update public.applications a set status = 'expired' where a.id = lapsed.id;
      expired := expired + 1;
    exception when others then
      perform public.record_job_failure('offer_expiry', 'offer_expiry:' || lapsed.id, lapsed.applicant_id,
        lapsed.id, sqlerrm);
    end;
  end loop;
  return expired;
end
$$;

-- Staff give an application to a colleague (or take it back to the pool with null).
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

revoke execute on function public.queue_status_email(public.applications), public.expire_offers()
  from public, anon, authenticated;
grant execute on function public.expire_offers() to service_role;
revoke execute on function public.withdraw_application(uuid, text), public.respond_to_offer(uuid, boolean)
  from public, anon;
grant execute on function public.withdraw_application(uuid, text), public.respond_to_offer(uuid, boolean),
  public.application_transition_allowed(text, text) to authenticated, service_role;
revoke execute on function public.transition_application(uuid, text, integer, text),
  public.assign_application(uuid, uuid, integer) from public, anon;
grant execute on function public.transition_application(uuid, text, integer, text),
  public.assign_application(uuid, uuid, integer) to authenticated, service_role;
