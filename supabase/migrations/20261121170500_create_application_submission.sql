-- E-mail to applicants goes through an outbox: the database records the message in the same
-- transaction as the change it announces, and a sender outside the database (the app server with
-- the service key, or the local stack) delivers it and stamps sent_at. Hosted Postgres cannot send
-- mail itself, and a message is never lost when a submission commits, nor sent when it rolls back.
create table public.notification_outbox (
  id uuid primary key default gen_random_uuid(),
  recipient text not null check (char_length(recipient) between 3 and 254),
  user_id uuid references auth.users (id) on delete cascade,
  application_id uuid references public.applications (id) on delete cascade,
  kind text not null check (kind in ('application_submitted', 'application_status_changed')),
  subject text not null check (char_length(subject) <= 200),
  body text not null check (char_length(body) <= 10000),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  last_error text check (char_length(last_error) <= 1000)
);
create index notification_outbox_pending_idx on public.notification_outbox (created_at) where sent_at is null;
create index notification_outbox_user_idx on public.notification_outbox (user_id);
create index notification_outbox_application_idx on public.notification_outbox (application_id);

alter table public.notification_outbox enable row level security;
revoke all on public.notification_outbox from anon, authenticated;
grant select on public.notification_outbox to authenticated;
create policy notification_outbox_select_staff on public.notification_outbox
  for select to authenticated
  using ((select public.is_staff()));

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
  if coalesce(btrim(a #>> '{personal,full_name}'), '') = '' then missing := missing || 'personal.full_name'; end if;
  if coalesce(a #>> '{personal,date_of_birth}', '') !~ '^\d{4}-\d{2}-\d{2}$' then
    missing := missing || 'personal.date_of_birth';
  end if;
  if coalesce(a #>> '{personal,nationality}', '') !~ '^[A-Z]{2}$' then missing := missing || 'personal.nationality'; end if;
  if jsonb_typeof(a -> 'academic') is distinct from 'array' or not exists (
    select 1 from jsonb_array_elements(a -> 'academic') e
    where jsonb_typeof(e) = 'object' and coalesce(btrim(e ->> 'institution'), '') <> ''
  ) then
    missing := missing || 'academic';
  end if;
  if jsonb_typeof(a -> 'english_test') is distinct from 'object'
    or coalesce(btrim(a #>> '{english_test,test}'), '') = '' or (a #> '{english_test,score}') is null then
    missing := missing || 'english_test';
  end if;
  if statement_length not between 300 and 5000 then missing := missing || 'statement'; end if;
  answers := missing;
  select coalesce(array_agg(r.kind order by r.kind), '{}') into documents
  from public.document_requirements r
  where r.required
    and (r.course_id = app.course_id or (r.course_id is null and not exists (
      select 1 from public.document_requirements c where c.course_id = app.course_id)))
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

revoke execute on function public.new_application_reference(integer),
  public.application_missing_items(public.applications) from public, anon, authenticated;
grant execute on function public.describe_missing_items(text[], text[]) to anon, authenticated, service_role;
