-- Course search over the narrow course_search table. It runs with its owner's rights because
-- visitors cannot read that table; visibility is explicit instead: course_search only ever holds
-- visible courses, and the page is joined back to courses with the published checks repeated.
-- Counting stops past 1,000 (1001 means "more than 1,000"). Ranked text search orders the first
-- 1,001 matches (those matching in title, field or university name first); when a query matches
-- more, the ranking covers that sample, which is also all that paging can reach.
-- The chosen filter values as a query over the filter lexemes (null when nothing is chosen). Quotes
-- and backslashes are doubled, so a value is always one literal lexeme.
create or replace function public.course_search_facet_query(
  levels text[], fields text[], countries text[], study_modes text[], languages text[], intake_month integer
) returns tsquery
language sql immutable
set search_path = ''
as $$
  select nullif(concat_ws(' & ', variadic array(
    select '(' || string_agg('''~' || f.kind || replace(replace(v, '\', '\\'), '''', '''''') || '''', ' | ')
      || ')'
    from (values ('l', levels), ('f', fields), ('c', countries), ('m', study_modes), ('g', languages),
                 ('i', array[intake_month::text])) as f (kind, vals),
      unnest(f.vals) as v
    where f.vals is not null and v is not null
    group by f.kind)), '')::tsquery
$$;

create or replace function public.search_courses(
  q text default null,
  levels text[] default null,
  fields text[] default null,
  countries text[] default null,
  university_ids uuid[] default null,
  max_tuition_usd numeric default null,
  min_duration_months integer default null,
  max_duration_months integer default null,
  study_modes text[] default null,
  languages text[] default null,
  intake_month integer default null,
  sort text default 'relevance',
  page_size integer default 20,
  page_offset integer default 0
)
returns table (
  id uuid, slug text, title text, level text, field text,
  university_id uuid, university_name text, university_city text, country_code text,
  duration_months smallint, study_mode text, language text,
  tuition_amount numeric, tuition_currency text, tuition_period text, tuition_annual_usd numeric,
  next_deadline date, min_ielts numeric, rank real, total_count bigint
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  tsq tsquery := public.course_search_query(q);
  -- A title/field/university match implies a document match unless the query excludes a word.
  head_match text := case when position('!' in tsq::text) > 0 then 's.head @@ $15 and s.document @@ $15'
                          else 's.head @@ $15' end;
  facet_q tsquery := public.course_search_facet_query(levels, fields, countries, study_modes, languages,
    intake_month);
  match_q tsquery := case when facet_q is null then tsq when tsq is null then facet_q else tsq && facet_q end;
  ranges text := 'true';
  filters text := 'true';
  order_by text;
  total bigint;
  -- $1 the query, $2-$11 the filters, $12 page size, $13 offset, $14 the capped count, $15 the
  -- query and the filter lexemes together.
  page_rows constant text := 'select c.id, c.slug, c.title, c.level, c.field, c.university_id,
    c.university_name, c.university_city, c.university_country_code, c.duration_months, c.study_mode,
    c.language, c.tuition_amount, c.tuition_currency, c.tuition_period, c.tuition_annual_usd,
    c.next_deadline, c.min_ielts, p.rank, %s::bigint
    from page p join public.courses c on c.id = p.course_id
    where c.published and c.university_published order by %s';
begin
  if page_size is null or page_size not between 1 and 100 or page_offset is null or page_offset < 0 then
    raise exception 'page_size must be 1 to 100 and page_offset 0 or more' using errcode = '22023';
  end if;
  order_by := case coalesce(sort, 'relevance')
    when 'relevance' then
      case when tsq is not null then '%1$s.rank desc, %1$s.title, %1$s.course_id'
           else '%1$s.title, %1$s.course_id' end
    when 'title' then '%1$s.title, %1$s.course_id'
    when 'tuition_asc' then '%1$s.tuition_annual_usd, %1$s.course_id'
    when 'tuition_desc' then '%1$s.tuition_annual_usd desc, %1$s.course_id desc'
    when 'deadline' then '%1$s.next_deadline, %1$s.course_id'
    when 'duration' then '%1$s.duration_months, %1$s.course_id'
  end;
  if order_by is null then
    raise exception 'unknown sort %', sort using errcode = '22023';
  end if;
  if tsq is not null and numnode(tsq) = 0 then
    return;
  end if;
  -- A filter given as an empty list (or only nulls) matches nothing.
  if coalesce(cardinality(array_remove(levels, null)), 1) = 0
     or coalesce(cardinality(array_remove(fields, null)), 1) = 0
     or coalesce(cardinality(array_remove(countries, null)), 1) = 0
     or coalesce(cardinality(array_remove(university_ids, null)), 1) = 0
     or coalesce(cardinality(array_remove(study_modes, null)), 1) = 0
     or coalesce(cardinality(array_remove(languages, null)), 1) = 0 then
    return;
  end if;
  ranges := ranges
    || case when university_ids is not null then ' and s.university_id = any($5)' else '' end
    || case when max_tuition_usd is not null then ' and s.tuition_annual_usd <= $6' else '' end
    || case when min_duration_months is not null then ' and s.duration_months >= $7' else '' end
    || case when max_duration_months is not null then ' and s.duration_months <= $8' else '' end;
  filters := filters
    || case when levels is not null then ' and s.level = any($2)' else '' end
    || case when fields is not null then ' and s.field = any($3)' else '' end
    || case when countries is not null then ' and s.country_code = any($4)' else '' end
    || case when university_ids is not null then ' and s.university_id = any($5)' else '' end
    || case when max_tuition_usd is not null then ' and s.tuition_annual_usd <= $6' else '' end
    || case when min_duration_months is not null then ' and s.duration_months >= $7' else '' end
    || case when max_duration_months is not null then ' and s.duration_months <= $8' else '' end
    || case when study_modes is not null then ' and s.study_mode = any($9)' else '' end
    || case when languages is not null then ' and s.language = any($10)' else '' end
    || case when intake_month is not null then ' and s.intake_months @> array[$11::smallint]' else '' end;
  -- Text with relevance: one pass collects the capped match set (title, field or university
  -- matches first), counts it and ranks it. The filter lexemes narrow the GIN scan itself.
  if tsq is not null and coalesce(sort, 'relevance') = 'relevance' then
    return query execute format(
      'with hits as materialized (
         select h.* from (
           (select s.course_id, s.title, s.document from public.course_search s
            where %2$s and %1$s limit 1001)
           union all
           (select s.course_id, s.title, s.document from public.course_search s
            where s.document @@ $15 and not s.head @@ $1 and %1$s limit 1001)
         ) h limit 1001
       ),
       page as (
         select h.course_id, h.title, ts_rank(h.document, $1)::real as rank from hits h
         order by 3 desc, h.title, h.course_id limit $12 offset $13
       ) ' || format(page_rows, '(select count(*) from hits)', format(order_by, 'p')), ranges, head_match)
      using tsq, levels, fields, countries, university_ids, max_tuition_usd, min_duration_months,
        max_duration_months, study_modes, languages, intake_month, page_size, page_offset, null::bigint,
        match_q;
    return;
  end if;
  -- Otherwise the count stops past the cap, and the page comes from the sort's index, stopping
  -- after page_offset + page_size matches (filters checked on the index entries).
  execute format('select count(*) from (select 1 from public.course_search s where %s and %s limit 1001) x',
    case when match_q is not null then 's.document @@ $15' else 'true' end, ranges)
    into total
    using tsq, levels, fields, countries, university_ids, max_tuition_usd, min_duration_months,
      max_duration_months, study_modes, languages, intake_month, page_size, page_offset, null::bigint,
      match_q;
  return query execute format(
    'with page as (
       select s.course_id, s.title, s.tuition_annual_usd, s.next_deadline, s.duration_months,
         %s as rank
       from public.course_search s where %s order by %s limit $12 offset $13
     ) ' || format(page_rows, '$14', format(order_by, 'p')),
    case when tsq is not null then 'ts_rank(s.document, $1)::real' else '0::real' end,
    case when tsq is not null then 's.document @@ $15 and ' || ranges else filters end,
    format(order_by, 's'))
    using tsq, levels, fields, countries, university_ids, max_tuition_usd, min_duration_months,
      max_duration_months, study_modes, languages, intake_month, page_size, page_offset, total,
      match_q;
end
$$;

revoke execute on function public.search_courses(
  text, text[], text[], text[], uuid[], numeric, integer, integer, text[], text[], integer, text, integer, integer
) from public;
grant execute on function public.search_courses(
  text, text[], text[], text[], uuid[], numeric, integer, integer, text[], text[], integer, text, integer, integer
) to anon, authenticated, service_role;
