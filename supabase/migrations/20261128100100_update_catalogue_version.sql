-- Course pages, compare and Discover show each city's living costs, so a change to one changes the
-- catalogue's fingerprint and every server drops the pages it rendered before (the body of
-- 20261127120000_create_scholarships.sql plus the last line).
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
    (select concat(count(*), '@', sum(frequency)) from public.search_terms),
    (select concat(count(*) filter (where is_full), '@', max(updated_at)) from public.intake_fullness),
    (select concat(count(*), '@', max(updated_at), '@', (select count(*) from public.scholarship_courses))
      from public.scholarships),
    (select concat(count(*), '@', max(updated_at)) from public.living_costs))
$$;
