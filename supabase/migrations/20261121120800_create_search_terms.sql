-- A small dictionary of the words and phrases the catalogue contains, for "did you mean". Fuzzy
-- matching runs over this table only, never over the courses themselves.
create table public.search_terms (
  term text primary key,
  frequency integer not null default 1
);
create index search_terms_trgm_idx on public.search_terms using gin (term extensions.gin_trgm_ops);

alter table public.search_terms enable row level security;
revoke truncate, references, trigger on public.search_terms from anon, authenticated;
revoke insert, update, delete on public.search_terms from anon, authenticated;

create policy search_terms_select on public.search_terms
  for select to anon, authenticated
  using (true);

-- Rebuilds the dictionary from visible course titles and fields, university names and places, and
-- the single words in them (stop words left out). Administrators call it after catalogue edits.
create or replace function public.refresh_search_terms() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  written integer;
begin
  if coalesce((select auth.role()), '') in ('anon', 'authenticated')
     and not (select public.has_role('admin')) then
    raise exception 'only administrators refresh the search terms' using errcode = '42501';
  end if;
  delete from public.search_terms where true;
  with phrases as (
    select lower(btrim(c.title)) as term from public.courses c
    where c.published and c.university_published
    union all
    select lower(btrim(c.field)) from public.courses c where c.published and c.university_published
    union all
    select lower(btrim(x.phrase)) from public.universities u,
      lateral (values (u.name), (u.city), (u.country_name)) as x (phrase)
    where u.published and x.phrase is not null
  ),
  words as (
    select w as term, count(*) as frequency
    from phrases, regexp_split_to_table(phrases.term, '[^[:alnum:]]+') as w
    where length(w) >= 3
    group by w
  )
  insert into public.search_terms (term, frequency)
  select term, sum(frequency)::integer from (
    select term, count(*) as frequency from phrases group by term
    union all
    select term, frequency from words
    where to_tsvector('english'::regconfig, term) <> ''::tsvector
  ) t
  group by term;
  get diagnostics written = row_count;
  return written;
end
$$;

revoke execute on function public.refresh_search_terms() from public, anon;
grant execute on function public.refresh_search_terms() to authenticated, service_role;

-- The dictionary entries closest to what was typed, best first.
create or replace function public.suggest_terms(q text, max_results integer default 5)
returns table (term text, similarity real)
language sql stable
set search_path = ''
as $$
  select t.term, extensions.similarity(t.term, lower(btrim(q))) as similarity
  from public.search_terms t
  where t.term operator(extensions.%) lower(btrim(q))
  order by 2 desc, t.frequency desc, t.term
  limit least(greatest(coalesce(max_results, 5), 1), 20)
$$;

-- The query with each word the catalogue does not know replaced by its closest known word, or
-- null when every word is known or nothing close exists.
create or replace function public.correct_query(q text) returns text
language sql stable
set search_path = ''
as $$
  with words as (
    select w, n from regexp_split_to_table(lower(btrim(q)), '\s+') with ordinality as x (w, n)
    where w <> ''
  ),
  fixed as (
    select n, w, coalesce(
      (select t.term from public.search_terms t where t.term = w),
      (select t.term from public.search_terms t
       where length(w) >= 3 and t.term !~ '\s' and t.term operator(extensions.%) w
       order by extensions.similarity(t.term, w) desc, t.frequency desc limit 1),
      w) as best
    from words
  )
  select case when bool_or(best <> w) then string_agg(best, ' ' order by n) end from fixed
$$;

grant execute on function public.suggest_terms(text, integer), public.correct_query(text)
  to anon, authenticated, service_role;
