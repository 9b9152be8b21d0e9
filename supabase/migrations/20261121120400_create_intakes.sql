-- Admission cycles per course. Status changes beyond editing belong to admin functions.
create table public.intakes (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  term text not null check (length(btrim(term)) between 2 and 60),
  start_date date not null,
  opens_at date,
  deadline date not null,
  reply_by date,
  capacity integer check (capacity > 0),
  status text not null default 'draft'
    check (status in ('draft', 'open', 'closed', 'decisions_published', 'archived')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (opens_at is null or opens_at <= deadline),
  check (deadline <= start_date),
  check (reply_by is null or reply_by >= deadline),
  unique (course_id, term)
);

create index intakes_deadline_idx on public.intakes (deadline);
create index intakes_start_date_idx on public.intakes (start_date);
create index intakes_status_idx on public.intakes (status);

create trigger intakes_touch before update on public.intakes
  for each row execute function public.touch_updated_at();

alter table public.intakes enable row level security;
revoke truncate, references, trigger on public.intakes from anon, authenticated;
revoke insert, update, delete on public.intakes from anon;

-- The course subquery runs under the courses policies, so only visible courses qualify.
create policy intakes_select_anon on public.intakes
  for select to anon
  using (status <> 'draft' and exists (select 1 from public.courses c where c.id = course_id));
create policy intakes_select_authenticated on public.intakes
  for select to authenticated
  using (
    (status <> 'draft' and exists (select 1 from public.courses c where c.id = course_id))
    or (select public.is_staff())
  );
create policy intakes_insert_admin on public.intakes
  for insert to authenticated
  with check ((select public.has_role('admin')));
create policy intakes_update_admin on public.intakes
  for update to authenticated
  using ((select public.has_role('admin')))
  with check ((select public.has_role('admin')));
create policy intakes_delete_admin on public.intakes
  for delete to authenticated
  using ((select public.has_role('admin')));
