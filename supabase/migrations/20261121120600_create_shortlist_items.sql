-- An applicant's saved courses. Only the owner reads or changes them.
create table public.shortlist_items (
  user_id uuid not null references auth.users (id) on delete cascade,
  course_id uuid not null references public.courses (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, course_id)
);
create index shortlist_items_course_idx on public.shortlist_items (course_id);

alter table public.shortlist_items enable row level security;
revoke all on public.shortlist_items from anon;
revoke truncate, references, trigger, update on public.shortlist_items from authenticated;

create policy shortlist_items_select_own on public.shortlist_items
  for select to authenticated
  using (user_id = (select auth.uid()));
-- Only courses the user can see may be saved.
create policy shortlist_items_insert_own on public.shortlist_items
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.courses c where c.id = course_id)
  );
create policy shortlist_items_delete_own on public.shortlist_items
  for delete to authenticated
  using (user_id = (select auth.uid()));
