-- University list search: name match, place and type filters, a world-ranking band and a tuition
-- range in US dollars (each university's own currency converted at the newest rate). Runs with the
-- caller's rights, so the published-only policy applies; the count comes from the same pass.
create or replace function public.search_universities(
  q text default null,
  countries text[] default null,
  cities text[] default null,
  types text[] default null,
  max_ranking integer default null,
  min_tuition_usd numeric default null,
  max_tuition_usd numeric default null,
  sort text default 'name',
  page_size integer default 20,
  page_offset integer default 0
)
returns table (
  id uuid, slug text, name text, country_code text, country_name text, city text, type text,
  ranking_world integer, ranking_national integer, is_partner boolean, currency text,
  tuition_min numeric, tuition_max numeric, tuition_min_usd numeric, tuition_max_usd numeric,
  course_count integer, last_verified_at timestamptz, total_count bigint
)
language sql stable
set search_path = ''
as $$
  with rates as (
    select distinct on (r.currency) r.currency, r.rate_to_usd
    from public.currency_rates r order by r.currency, r.as_of desc
  ),
  matched as (
    select u.*, round(u.tuition_min * rt.rate_to_usd, 2) as min_usd,
           round(u.tuition_max * rt.rate_to_usd, 2) as max_usd
    from public.universities u
    left join rates rt on rt.currency = u.currency
    where u.published
      and (nullif(btrim(q), '') is null
        or u.name operator(pg_catalog.~~*) ('%' || replace(replace(btrim(q), '%', ''), '_', '') || '%'))
      and (countries is null or u.country_code = any (countries))
      and (cities is null or u.city = any (cities))
      and (types is null or u.type = any (types))
      and (max_ranking is null or u.ranking_world <= max_ranking)
      and (min_tuition_usd is null or u.tuition_max * rt.rate_to_usd >= min_tuition_usd)
      and (max_tuition_usd is null or u.tuition_min * rt.rate_to_usd <= max_tuition_usd)
  )
  select m.id, m.slug, m.name, m.country_code, m.country_name, m.city, m.type, m.ranking_world,
         m.ranking_national, m.is_partner, m.currency, m.tuition_min, m.tuition_max, m.min_usd, m.max_usd,
         m.course_count, m.last_verified_at, count(*) over () as total_count
  from matched m
  order by
    case when sort = 'ranking' then m.ranking_world end asc nulls last,
    case when sort = 'tuition_asc' then m.min_usd end asc nulls last,
    case when sort = 'tuition_desc' then m.max_usd end desc nulls last,
    m.name, m.id
  limit least(greatest(coalesce(page_size, 20), 1), 100)
  offset greatest(coalesce(page_offset, 0), 0)
$$;

grant execute on function public.search_universities(
  text, text[], text[], text[], integer, numeric, numeric, text, integer, integer
) to anon, authenticated, service_role;
