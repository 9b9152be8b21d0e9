-- Admission applications. An applicant edits only their own drafts (answers, step, course, intake);
-- every status change goes through the lifecycle functions (application_lifecycle migration), which
-- check the caller and the allowed transitions. The wizard's answers are one JSON document:
--   personal     {full_name, date_of_birth 'YYYY-MM-DD', nationality 'NG', phone?, address?…}
--   academic     [{institution, qualification, field, country, start_year, end_year, grade}]
--   english_test {test: ielts|toefl|pte|duolingo|other, score, taken_on 'YYYY-MM-DD'}
--   statement    text, 300 to 5,000 characters
create table public.applications (
  id uuid primary key default gen_random_uuid(),
  applicant_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  course_id uuid not null references public.courses (id) on delete restrict,
  intake_id uuid not null references public.intakes (id) on delete restrict,
  status text not null default 'draft' check (status in ('draft', 'submitted', 'under_review',
    'action_required', 'offer_conditional', 'offer_unconditional', 'waitlisted', 'rejected', 'accepted',
    'declined', 'enrolled', 'withdrawn', 'expired')),
  reference text unique check (reference ~ '^UP-[0-9]{4}-[0-9A-Z]{6}$'),
  answers jsonb not null default '{}'
    check (jsonb_typeof(answers) = 'object' and octet_length(answers::text) <= 65536),
  current_step text check (current_step ~ '^[a-z][a-z0-9_-]{0,39}$'),
  submitted_at timestamptz,
  decided_at timestamptz,
  offer_conditions text check (char_length(offer_conditions) <= 4000),
  reply_by date,
  assigned_to uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint applications_submitted_shape
    check (status = 'draft' or (reference is not null and submitted_at is not null))
);

-- One draft per applicant and intake; submitted or withdrawn applications don't count.
create unique index applications_one_draft_idx on public.applications (applicant_id, intake_id)
  where status = 'draft';
create index applications_applicant_idx on public.applications (applicant_id, created_at desc);
create index applications_intake_status_idx on public.applications (intake_id, status);
create index applications_course_idx on public.applications (course_id);
create index applications_status_idx on public.applications (status, submitted_at);
create index applications_assigned_idx on public.applications (assigned_to);

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

alter table public.applications enable row level security;
revoke all on public.applications from anon, authenticated;
grant select, delete on public.applications to authenticated;
grant insert (applicant_id, course_id, intake_id, answers, current_step) on public.applications to authenticated;
grant update (answers, current_step, course_id, intake_id) on public.applications to authenticated;

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
