-- A text literal appended with || to an empty text[] is read as an array literal and fails; the
-- missing items are appended as elements instead.
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
  if statement_length not between 300 and 5000 then missing := array_append(missing, 'statement'); end if;
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

revoke execute on function public.application_missing_items(public.applications) from public, anon, authenticated;
