-- Course search: weighted full-text ranking, the last word matched as a prefix while the visitor is
-- still typing, filters and sorts that each have an index. Runs with the caller's rights, so the
-- course policies apply on top of the explicit published filter.

-- websearch syntax for the whole text; a plain trailing word becomes a prefix (`comput:*`).
create or replace function public.course_search_query(q text) returns tsquery
language plpgsql immutable
set search_path = ''
as $$
declare
  input text := btrim(coalesce(q, ''));
  last_word text;
  head tsquery;
  prefix tsquery;
begin
  if input = '' then
    return null;
  end if;
  last_word := substring(input from '([[:alnum:]]+)$');
  if input ~ '["-]' or input ~* '(^|\s)or(\s|$)' or last_word is null or length(last_word) < 2 then
    return websearch_to_tsquery('english'::regconfig, input);
  end if;
  prefix := to_tsquery('english'::regconfig, last_word || ':*');
  if numnode(prefix) = 0 then
    return websearch_to_tsquery('english'::regconfig, input);
  end if;
  head := websearch_to_tsquery('english'::regconfig, left(input, length(input) - length(last_word)));
  return case when numnode(head) = 0 then prefix else head && prefix end;
end
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
language plpgsql stable
set search_path = ''
as $$
declare
  tsq tsquery := public.course_search_query(q);
  filters text := 'c.published and c.university_published';
  order_by text;
  total bigint;
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
  if tsq is not null then
    -- Every match is ranked anyway, so the count comes from the same pass.
    return query execute format(
      'select %s, ts_rank(c.search_document, $1)::real as rank, count(*) over () as total
       from public.courses c where %s order by %s limit $12 offset $13', columns, filters, order_by)
      using tsq, levels, fields, countries, university_ids, max_tuition_usd, min_duration_months,
        max_duration_months, study_modes, languages, intake_month, page_size, page_offset;
    return;
  end if;
  -- Without text, the page comes from an ordered index scan and the count from its own query.
  execute format('select count(*) from public.courses c where %s', filters) into total
    using tsq, levels, fields, countries, university_ids, max_tuition_usd, min_duration_months,
      max_duration_months, study_modes, languages, intake_month;
  return query execute format(
    'select %s, 0::real as rank, $14::bigint as total
     from public.courses c where %s order by %s limit $12 offset $13', columns, filters, order_by)
    using tsq, levels, fields, countries, university_ids, max_tuition_usd, min_duration_months,
      max_duration_months, study_modes, languages, intake_month, page_size, page_offset, total;
end
$$;

grant execute on function public.course_search_query(text) to anon, authenticated, service_role;
grant execute on function public.search_courses(
  text, text[], text[], text[], uuid[], numeric, integer, integer, text[], text[], integer, text, integer, integer
) to anon, authenticated, service_role;
