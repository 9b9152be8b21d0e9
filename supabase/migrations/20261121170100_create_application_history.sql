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

-- For each status: its label, who acts next and what happens next, so every page says the same.
create or replace view public.application_status_guide as
  select * from (values
    ('draft', 'Draft', 'applicant', 'Complete every step, upload the required documents and submit before the deadline.', false, 1),
    ('submitted', 'Submitted', 'admissions', 'Admissions will start reviewing your application; there is nothing to do for now.', false, 2),
    ('under_review', 'Under review', 'admissions', 'Admissions is reviewing your application and documents.', false, 3),
    ('action_required', 'Action required', 'applicant', 'Read the request from admissions and update your documents.', false, 4),
    ('offer_conditional', 'Conditional offer', 'applicant', 'Accept or decline the offer before the reply-by date, then meet its conditions.', false, 5),
    ('offer_unconditional', 'Unconditional offer', 'applicant', 'Accept or decline the offer before the reply-by date.', false, 5),
    ('waitlisted', 'Waitlisted', 'admissions', 'Admissions will come back to you if a place becomes available.', false, 5),
    ('accepted', 'Offer accepted', 'admissions', 'Admissions will confirm your enrolment and send joining instructions.', false, 6),
    ('enrolled', 'Enrolled', 'none', 'You are enrolled. Welcome!', true, 7),
    ('rejected', 'Unsuccessful', 'none', 'This application is closed. You can apply to another course.', true, 7),
    ('declined', 'Offer declined', 'none', 'You declined the offer; this application is closed.', true, 7),
    ('withdrawn', 'Withdrawn', 'none', 'You withdrew this application; it is closed.', true, 7),
    ('expired', 'Offer expired', 'none', 'The reply-by date passed without a reply; the offer has lapsed.', true, 7)
  ) as guide (status, label, next_actor, next_step, is_final, stage);

revoke all on public.application_status_guide from anon, authenticated;
grant select on public.application_status_guide to anon, authenticated;

create or replace function public.application_status_info(status text)
returns public.application_status_guide
language sql stable
set search_path = ''
as $$
  select g.* from public.application_status_guide g where g.status = $1
$$;
revoke execute on function public.application_status_info(text) from public;
grant execute on function public.application_status_info(text) to anon, authenticated, service_role;
