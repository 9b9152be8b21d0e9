-- The review queue's status links: how many submitted applications of each status match the queue's
-- other filters, in one query rather than one count per status. It runs with the caller's rights, so
-- row-level security decides what is counted exactly as it decides what the queue lists. Course and
-- intake are looked at only when a filter is about them, as the list's own count does.
create or replace function public.review_queue_counts(
  search text default null,
  applicant_ids uuid[] default null,
  course_search text default null,
  intake_search text default null,
  assignee uuid default null,
  unassigned boolean default false
)
returns table (status text, total bigint)
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  -- Each search is text to find anywhere in the value: LIKE's own characters in it are escaped.
  search_like text := '%' || replace(replace(replace(nullif(btrim(search), ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  course_like text := '%' || replace(replace(replace(nullif(btrim(course_search), ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  intake_like text := '%' || replace(replace(replace(nullif(btrim(intake_search), ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff count the review queue.' using errcode = '42501';
  end if;
  return query
  select a.status, count(*)
  from public.applications a
  where a.status <> 'draft'
    and (search_like is null
      or a.reference ilike search_like
      or a.answers -> 'personal' ->> 'full_name' ilike search_like
      or a.applicant_id = any(coalesce(review_queue_counts.applicant_ids, '{}')))
    and (course_like is null or exists (
      select 1 from public.courses c
      where c.id = a.course_id and (c.title ilike course_like or c.university_name ilike course_like)))
    and (intake_like is null or exists (
      select 1 from public.intakes i where i.id = a.intake_id and i.term ilike intake_like))
    and (not coalesce(review_queue_counts.unassigned, false) or a.assigned_to is null)
    and (review_queue_counts.assignee is null or a.assigned_to = review_queue_counts.assignee)
  group by a.status
  order by a.status;
end
$$;

revoke execute on function public.review_queue_counts(text, uuid[], text, text, uuid, boolean) from public, anon;
grant execute on function public.review_queue_counts(text, uuid[], text, text, uuid, boolean)
  to authenticated, service_role;
