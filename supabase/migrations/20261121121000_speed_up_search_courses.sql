-- Search that stays fast on large catalogues: the match count is capped at 1,000 (1001 means
-- "more than 1,000"), and a broad text query is ordered by where it matched instead of ranking
-- every match.
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
language plpgsql stable
set search_path = ''
as $$
declare
  tsq tsquery := public.course_search_query(q);
  -- The same query limited to title, field and university words (weights A to C).
  tsq_top tsquery := regexp_replace(tsq::text, '''(?::(\*))?(?=( |\)|$))', ''':\1ABC', 'g')::tsquery;
  filters text := 'c.published and c.university_published';
  order_by text;
  total bigint;
  top_count bigint := 0;
  shown bigint := 0;
  columns constant text := 'c.id, c.slug, c.title, c.level, c.field, c.university_id, c.university_name,
    c.university_city, c.university_country_code, c.duration_months, c.study_mode, c.language,
    c.tuition_amount, c.tuition_currency, c.tuition_period, c.tuition_annual_usd, c.next_deadline,
    c.min_ielts';
begin
  if page_size is null or page_size not between 1 and 100 or page_offset is null or page_offset < 0 then
    raise exception 'page_size must be 1 to 100 and page_offset 0 or more' using errcode = '22023';
  end if;
  if tsq is not null and numnode(tsq) = 0 then
    return;
  end if;
  filters := filters
    || case when tsq is not null then ' and c.search_document @@ $1' else '' end
    || case when levels is not null then ' and c.level = any($2)' else '' end
    || case when fields is not null then ' and c.field = any($3)' else '' end
    || case when countries is not null then ' and c.university_country_code = any($4)' else '' end
    || case when university_ids is not null then ' and c.university_id = any($5)' else '' end
    || case when max_tuition_usd is not null then ' and c.tuition_annual_usd <= $6' else '' end
    || case when min_duration_months is not null then ' and c.duration_months >= $7' else '' end
    || case when max_duration_months is not null then ' and c.duration_months <= $8' else '' end
    || case when study_modes is not null then ' and c.study_mode = any($9)' else '' end
    || case when languages is not null then ' and c.language = any($10)' else '' end
    || case when intake_month is not null then ' and c.intake_months @> array[$11::smallint]' else '' end;
  order_by := case coalesce(sort, 'relevance')
    when 'relevance' then
      case when tsq is not null then 'rank desc, c.title, c.id' else 'c.title, c.id' end
    when 'title' then 'c.title, c.id'
    when 'tuition_asc' then 'c.tuition_annual_usd, c.id'
    when 'tuition_desc' then 'c.tuition_annual_usd desc, c.id desc'
    when 'deadline' then 'c.next_deadline, c.id'
    when 'duration' then 'c.duration_months, c.id'
  end;
  if order_by is null then
    raise exception 'unknown sort %', sort using errcode = '22023';
  end if;
  -- Counting stops past the cap: a broad query answers "more than 1,000" instead of visiting
  -- every matching row.
  execute format('select count(*) from (select 1 from public.courses c where %s limit 1001) x', filters)
    into total
    using tsq, levels, fields, countries, university_ids, max_tuition_usd, min_duration_months,
      max_duration_months, study_modes, languages, intake_month;
  if tsq is not null and sort = 'relevance' and total > 1000 then
    -- Too many matches to rank them all: title/field/university matches first, then the rest,
    -- each in title order, with the rank computed for the page only.
    execute format('select count(*) from (select 1 from public.courses c where %s and c.search_document @@ $12
      limit $13) x', filters) into top_count
      using tsq, levels, fields, countries, university_ids, max_tuition_usd, min_duration_months,
        max_duration_months, study_modes, languages, intake_month, tsq_top, page_offset + page_size;
    if top_count > page_offset then
      return query execute format(
        'select %s, ts_rank(c.search_document, $1)::real, $14::bigint from public.courses c
         where %s and c.search_document @@ $15 order by c.title, c.id limit $12 offset $13', columns, filters)
        using tsq, levels, fields, countries, university_ids, max_tuition_usd, min_duration_months,
          max_duration_months, study_modes, languages, intake_month, page_size, page_offset, total, tsq_top;
      get diagnostics shown = row_count;
    end if;
    if shown < page_size then
      return query execute format(
        'select %s, ts_rank(c.search_document, $1)::real, $14::bigint from public.courses c
         where %s and not c.search_document @@ $15 order by c.title, c.id limit $12 offset $13', columns, filters)
        using tsq, levels, fields, countries, university_ids, max_tuition_usd, min_duration_months,
          max_duration_months, study_modes, languages, intake_month, page_size - shown,
          greatest(page_offset - top_count, 0), total, tsq_top;
    end if;
    return;
  end if;
  return query execute format(
    'select %s, %s as rank, $14::bigint as total
     from public.courses c where %s order by %s limit $12 offset $13',
    columns, case when tsq is not null then 'ts_rank(c.search_document, $1)::real' else '0::real' end,
    filters, order_by)
    using tsq, levels, fields, countries, university_ids, max_tuition_usd, min_duration_months,
      max_duration_months, study_modes, languages, intake_month, page_size, page_offset, total;
end
$$;

