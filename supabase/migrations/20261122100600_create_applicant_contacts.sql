-- Staff reach applicants by e-mail: the review queue shows and searches the addresses of people who
-- have submitted an application. Nobody else's address is reachable, and only staff may ask.
create or replace function public.applicant_emails(applicant_ids uuid[])
returns table (id uuid, email text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see applicants'' e-mail addresses.' using errcode = '42501';
  end if;
  return query
  select u.id, u.email::text from auth.users u
  where u.id = any(applicant_ids[1:500])
    and exists (select 1 from public.applications a where a.applicant_id = u.id and a.status <> 'draft');
end
$$;

-- Applicants whose address contains the text (at most 50), for the queue's search box.
create or replace function public.search_applicant_ids(search text)
returns setof uuid
language plpgsql stable security definer
set search_path = ''
as $$
declare
  needle text := lower(btrim(coalesce(search, '')));
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff search applicants.' using errcode = '42501';
  end if;
  if char_length(needle) < 3 or char_length(needle) > 254 then
    return;
  end if;
  return query
  select u.id from auth.users u
  where strpos(lower(u.email), needle) > 0
    and exists (select 1 from public.applications a where a.applicant_id = u.id and a.status <> 'draft')
  order by u.email
  limit 50;
end
$$;

revoke execute on function public.applicant_emails(uuid[]), public.search_applicant_ids(text) from public, anon;
grant execute on function public.applicant_emails(uuid[]), public.search_applicant_ids(text)
  to authenticated, service_role;
