-- What an application must carry, per course; rows without a course are the defaults. The upload
-- UI and the storage rules read the same rows.
create table public.document_requirements (
  id uuid primary key default gen_random_uuid(),
  course_id uuid references public.courses (id) on delete cascade,
  kind text not null check (kind in
    ('passport', 'transcript', 'english_test', 'cv', 'statement', 'reference', 'portfolio', 'other')),
  required boolean not null default true,
  allowed_types text[] not null default '{application/pdf,image/jpeg,image/png}'
    check (cardinality(allowed_types) > 0),
  max_size_bytes integer not null default 10485760 check (max_size_bytes between 1 and 52428800),
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique nulls not distinct (course_id, kind)
);

create trigger document_requirements_touch before update on public.document_requirements
  for each row execute function public.touch_updated_at();

alter table public.document_requirements enable row level security;
revoke truncate, references, trigger on public.document_requirements from anon, authenticated;
revoke insert, update, delete on public.document_requirements from anon;

create policy document_requirements_select_anon on public.document_requirements
  for select to anon
  using (course_id is null or exists (select 1 from public.courses c where c.id = course_id));
create policy document_requirements_select_authenticated on public.document_requirements
  for select to authenticated
  using (
    course_id is null
    or exists (select 1 from public.courses c where c.id = course_id)
  );
create policy document_requirements_insert_admin on public.document_requirements
  for insert to authenticated
  with check ((select public.has_role('admin')));
create policy document_requirements_update_admin on public.document_requirements
  for update to authenticated
  using ((select public.has_role('admin')))
  with check ((select public.has_role('admin')));
create policy document_requirements_delete_admin on public.document_requirements
  for delete to authenticated
  using ((select public.has_role('admin')));
