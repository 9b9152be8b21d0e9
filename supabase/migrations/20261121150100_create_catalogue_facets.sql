-- The values the catalogue filters offer (countries, cities, fields, universities, languages), with counts, in
-- one call. Invoker rights: visitors only ever see values of published rows.
create or replace function public.catalogue_facets() returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'countries', coalesce((
      select jsonb_agg(jsonb_build_object('code', x.country_code, 'name', x.country_name, 'count', x.n)
        order by x.country_name)
      from (select u.country_code, coalesce(max(u.country_name), u.country_code) as country_name,
                   count(*) as n
            from public.universities u where u.published group by u.country_code) x), '[]'),
    'cities', coalesce((
      select jsonb_agg(jsonb_build_object('name', x.city, 'country', x.country_code, 'count', x.n)
        order by x.city)
      from (select u.city, min(u.country_code) as country_code, count(*) as n
            from public.universities u where u.published group by u.city) x), '[]'),
    'fields', coalesce((
      select jsonb_agg(jsonb_build_object('name', x.field, 'count', x.n) order by x.field)
      from (select c.field, count(*) as n from public.courses c
            where c.published and c.university_published group by c.field) x), '[]'),
    'universities', coalesce((
      select jsonb_agg(jsonb_build_object('id', u.id, 'name', u.name) order by u.name)
      from public.universities u where u.published), '[]'),
    'languages', coalesce((
      select jsonb_agg(x.language order by x.language)
      from (select distinct c.language from public.courses c
            where c.published and c.university_published) x), '[]')
  )
$$;

grant execute on function public.catalogue_facets() to anon, authenticated, service_role;
