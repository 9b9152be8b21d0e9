-- A narrow copy of every visible course (published, at a published university) holding only what
-- search matches, filters and sorts on. Search reads this table instead of the wide course rows,
-- so a broad query touches a fraction of the pages and never meets an unpublished course at all.
-- Nobody reads it directly: search_courses is its only door.
-- Filter values are also written into the tsvectors as lexemes the text parser never produces
-- ('~', a kind letter, the value), so a text search with filters is a single GIN scan.
create or replace function public.course_search_facets(
  level text, field text, country_code text, study_mode text, language text, intake_months smallint[]
) returns tsvector
language sql immutable
set search_path = ''
as $$
  select array_to_tsvector(array['~l' || level, '~f' || field, '~c' || country_code, '~m' || study_mode,
    '~g' || language] || array(select '~i' || m from unnest(intake_months) as m))
$$;

create table public.course_search (
  course_id uuid primary key references public.courses (id) on delete cascade,
  title text not null,
  -- Title (A), field (B) and university name (C), positioned exactly as in the full document
  -- (the course's search_document); both carry the filter lexemes.
  head tsvector not null,
  document tsvector not null,
  level text not null,
  field text not null,
  country_code text not null,
  university_id uuid not null,
  tuition_annual_usd numeric(12, 2),
  duration_months smallint not null,
  study_mode text not null,
  language text not null,
  next_deadline date,
  intake_months smallint[] not null
);

create index course_search_head_idx on public.course_search using gin (head);
create index course_search_document_idx on public.course_search using gin (document);
-- Each sort walks its index and checks the filters on the index entry alone (an index-only scan),
-- so a filter that rarely matches in that order costs index reads, not a heap visit per row.
create index course_search_title_idx on public.course_search (title, course_id)
  include (level, field, country_code, university_id, tuition_annual_usd, duration_months, study_mode,
    language, intake_months);
create index course_search_tuition_idx on public.course_search (tuition_annual_usd, course_id)
  include (level, field, country_code, university_id, duration_months, study_mode, language, intake_months);
create index course_search_deadline_idx on public.course_search (next_deadline, course_id)
  include (level, field, country_code, university_id, tuition_annual_usd, duration_months, study_mode,
    language, intake_months);
create index course_search_duration_idx on public.course_search (duration_months, course_id)
  include (level, field, country_code, university_id, tuition_annual_usd, study_mode, language, intake_months);
create index course_search_field_idx on public.course_search (field);
create index course_search_country_idx on public.course_search (country_code);
create index course_search_university_idx on public.course_search (university_id);

alter table public.course_search enable row level security;
revoke all on public.course_search from public, anon, authenticated;

-- Brings the copies of the given courses up to date: visible ones are written (only when
-- something changed), the others removed.
create or replace function public.sync_course_search(course_ids uuid[]) returns void
language sql security definer
set search_path = ''
as $$
  delete from public.course_search s
  where s.course_id = any (course_ids)
    and not exists (select 1 from public.courses c
                    where c.id = s.course_id and c.published and c.university_published);
  insert into public.course_search as s (course_id, title, head, document, level, field, country_code,
    university_id, tuition_annual_usd, duration_months, study_mode, language, next_deadline, intake_months)
  select c.id, c.title,
    setweight(to_tsvector('english'::regconfig, coalesce(c.title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(c.field, '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(c.university_name, '')), 'C') || f.facets,
    c.search_document || f.facets, c.level, c.field, c.university_country_code, c.university_id, c.tuition_annual_usd,
    c.duration_months, c.study_mode, c.language, c.next_deadline, c.intake_months
  from public.courses c,
    lateral (select public.course_search_facets(c.level, c.field, c.university_country_code, c.study_mode,
      c.language, c.intake_months) as facets) f
  where c.id = any (course_ids) and c.published and c.university_published
  on conflict (course_id) do update set
    title = excluded.title, head = excluded.head, document = excluded.document, level = excluded.level,
    field = excluded.field, country_code = excluded.country_code, university_id = excluded.university_id,
    tuition_annual_usd = excluded.tuition_annual_usd, duration_months = excluded.duration_months,
    study_mode = excluded.study_mode, language = excluded.language, next_deadline = excluded.next_deadline,
    intake_months = excluded.intake_months
  where (s.title, s.head, s.document, s.level, s.field, s.country_code, s.university_id,
         s.tuition_annual_usd, s.duration_months, s.study_mode, s.language, s.next_deadline, s.intake_months)
    is distinct from (excluded.title, excluded.head, excluded.document, excluded.level, excluded.field,
         excluded.country_code, excluded.university_id, excluded.tuition_annual_usd, excluded.duration_months,
         excluded.study_mode, excluded.language, excluded.next_deadline, excluded.intake_months);
$$;

-- Every change to a course's own or copied columns (university, intakes, rates) is an update of
-- the course row, so these two statement triggers see them all; deletes cascade.
create or replace function public.courses_sync_search() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform public.sync_course_search(array(select id from changed_rows));
  return null;
end
$$;

create trigger courses_search_insert after insert on public.courses
  referencing new table as changed_rows
  for each statement execute function public.courses_sync_search();
create trigger courses_search_update after update on public.courses
  referencing new table as changed_rows
  for each statement execute function public.courses_sync_search();

revoke execute on function public.sync_course_search(uuid[]), public.courses_sync_search()
  from public, anon, authenticated;

select public.sync_course_search(array(select id from public.courses));
