-- A fingerprint of everything the public catalogue pages show. It changes on any insert, update or
-- delete of universities, courses, intakes, document requirements, rates or search terms, so the
-- app can drop rendered pages it keeps in memory. Definer rights so unpublishing a row (which hides
-- it from visitors) still changes the answer; it reveals only counts and times.
create or replace function public.catalogue_version() returns text
language sql stable security definer
set search_path = ''
as $$
  select concat_ws(':',
    (select concat(count(*), '@', max(updated_at)) from public.universities),
    (select concat(count(*), '@', max(updated_at)) from public.courses),
    (select concat(count(*), '@', max(updated_at)) from public.intakes),
    (select concat(count(*), '@', max(updated_at)) from public.document_requirements),
    (select concat(count(*), '@', max(as_of), '@', sum(rate_to_usd)) from public.currency_rates),
    (select concat(count(*), '@', sum(frequency)) from public.search_terms))
$$;

revoke execute on function public.catalogue_version() from public;
grant execute on function public.catalogue_version() to anon, authenticated, service_role;
