-- Every search staff and visitors type ignores accents and case: both sides of each comparison go
-- through public.fold(). Searches the app used to run as PostgREST filters move into functions
-- returning the table's rows, so the app keeps choosing columns, embeds, filters, order and pages
-- while the database folds the text. Trigram indexes on the folded text keep them quick.

-- ---------------------------------------------------------------------------------------------
-- Staff: applications (review queue, triage), applicants by e-mail, leads, intakes, universities,
-- accounts.

create index applications_search_folded_idx on public.applications using gin (
  public.fold(coalesce(reference, '') || ' ' || coalesce(answers -> 'personal' ->> 'full_name', ''))
  extensions.gin_trgm_ops);
create index profiles_full_name_folded_idx on public.profiles using gin (public.fold(full_name) extensions.gin_trgm_ops);
create index leads_search_folded_idx on public.leads using gin (
  public.fold(coalesce(name, '') || ' ' || coalesce(email, '')) extensions.gin_trgm_ops);
create index universities_name_folded_idx on public.universities using gin (public.fold(name) extensions.gin_trgm_ops);

-- Applicants whose address contains the text (at most 50), for the queue's search box.
create or replace function public.search_applicant_ids(search text)
returns setof uuid
language plpgsql stable security definer
set search_path = ''
as $$
declare
  needle text := public.fold(btrim(coalesce(search, '')));
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff search applicants.' using errcode = '42501';
  end if;
  if char_length(needle) < 3 or char_length(needle) > 254 then
    return;
  end if;
  return query
  select u.id from auth.users u
  where strpos(public.fold(u.email), needle) > 0
    and exists (select 1 from public.applications a where a.applicant_id = u.id and a.status <> 'draft')
  order by u.email
  limit 50;
end
$$;

-- The applications a member of staff finds by the queue's searches: `search` in the reference, the
-- name given in the answers, the applicant's profile name or e-mail address; `course_search` in the
-- course title or university name; `intake_search` in the term. Blank searches match everything.
-- Runs with the caller's rights: row-level security decides what is found, as for the table itself.
create or replace function public.staff_application_ids(search text default null,
  course_search text default null, intake_search text default null)
returns setof uuid
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  needle text := public.folded_pattern(search);
  course_needle text := public.folded_pattern(course_search);
  intake_needle text := public.folded_pattern(intake_search);
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff search applications.' using errcode = '42501';
  end if;
  return query
  select a.id from public.applications a
  where (needle is null or a.id in (
      select m.id from public.applications m
      where public.fold(coalesce(m.reference, '') || ' ' || coalesce(m.answers -> 'personal' ->> 'full_name', ''))
        like needle
      union
      select m.id from public.applications m
      where m.applicant_id in (select p.id from public.profiles p where public.fold(p.full_name) like needle)
      union
      select m.id from public.applications m
      where m.applicant_id in (select public.search_applicant_ids(search))))
    and (course_needle is null or exists (
      select 1 from public.courses c where c.id = a.course_id
        and (public.fold(c.title) like course_needle or public.fold(c.university_name) like course_needle)))
    and (intake_needle is null or exists (
      select 1 from public.intakes i where i.id = a.intake_id and public.fold(i.term) like intake_needle));
end
$$;

-- The same applications as rows, for the queue and triage lists to select, filter, order and page
-- like the table (supabase-js: .rpc('staff_search_applications', {...}).select(...)).
create or replace function public.staff_search_applications(search text default null,
  course_search text default null, intake_search text default null)
returns setof public.applications
language sql stable security invoker
set search_path = ''
as $$
  select a.* from public.applications a
  where a.id in (select public.staff_application_ids(search, course_search, intake_search))
$$;
-- Decisions on the applications the same search finds, for the list of unreleased decisions. Like
-- the table, it shows anyone but staff nothing.
create or replace function public.staff_search_decisions(search text default null)
returns setof public.application_decisions
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  if not public.is_staff() then
    return;
  end if;
  return query
  select d.* from public.application_decisions d
  where d.application_id in (select public.staff_application_ids(search));
end
$$;
revoke execute on function public.staff_application_ids(text, text, text),
  public.staff_search_applications(text, text, text), public.staff_search_decisions(text) from public, anon;
grant execute on function public.staff_application_ids(text, text, text),
  public.staff_search_applications(text, text, text), public.staff_search_decisions(text)
  to authenticated, service_role;

-- The review queue's status figures under the same searches as its list (applicant_ids: applicants
-- found some other way, counted too).
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
  searching boolean := public.folded_pattern(search) is not null;
  narrowed boolean := public.folded_pattern(course_search) is not null or public.folded_pattern(intake_search) is not null;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff count the review queue.' using errcode = '42501';
  end if;
  return query
  select a.status, count(*)
  from public.applications a
  where a.status <> 'draft'
    and (not (searching or narrowed)
      or a.id in (select public.staff_application_ids(search, course_search, intake_search))
      or (searching and a.applicant_id = any(coalesce(review_queue_counts.applicant_ids, '{}'))
        and (not narrowed or a.id in (select public.staff_application_ids(null, course_search, intake_search)))))
    and (not coalesce(review_queue_counts.unassigned, false) or a.assigned_to is null)
    and (review_queue_counts.assignee is null or a.assigned_to = review_queue_counts.assignee)
  group by a.status
  order by a.status;
end
$$;

-- Leads whose name or e-mail address contains the text. Staff only, through the leads policies.
create or replace function public.staff_search_leads(search text default null)
returns setof public.leads
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  needle text := public.folded_pattern(search);
begin
  return query
  select l.* from public.leads l
  where needle is null or public.fold(coalesce(l.name, '') || ' ' || coalesce(l.email, '')) like needle;
end
$$;
revoke execute on function public.staff_search_leads(text) from public, anon;
grant execute on function public.staff_search_leads(text) to authenticated, service_role;

-- Universities whose name contains the text, for the catalogue screen; the universities policies
-- decide which (administrators see unpublished ones too).
create or replace function public.staff_search_universities(search text default null)
returns setof public.universities
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  needle text := public.folded_pattern(search);
begin
  return query
  select u.* from public.universities u where needle is null or public.fold(u.name) like needle;
end
$$;
revoke execute on function public.staff_search_universities(text) from public, anon;
grant execute on function public.staff_search_universities(text) to authenticated, service_role;

-- Intakes with their places and demand: as 20261125100400 made it, the search folded.
create or replace function public.admin_intakes(status_filter text default null, search text default null,
  page_size integer default 25, page_offset integer default 0)
returns table (id uuid, course_id uuid, course_title text, university_name text, term text,
  opens_at date, deadline date, reply_by date, start_date date, capacity integer, status text,
  release_mode text, over_offer integer, applications bigint, awaiting_decision bigint, offers bigint,
  accepted bigint, offers_out bigint, pending_offers bigint, acceptances bigint, places_left integer,
  waitlisted bigint, unreleased bigint, open_alerts bigint, total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pattern text := public.folded_pattern(search);
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff see intakes.' using errcode = '42501';
  end if;
  return query
  select i.id, i.course_id, c.title, c.university_name, i.term, i.opens_at, i.deadline, i.reply_by,
    i.start_date, i.capacity, i.status, i.release_mode, i.over_offer,
    count(a.id) filter (where a.status <> 'draft'),
    count(a.id) filter (where a.status in ('submitted', 'under_review', 'action_required')),
    count(a.id) filter (where a.status in ('offer_conditional', 'offer_unconditional', 'conditions_pending',
      'accepted', 'enrolled')),
    count(a.id) filter (where a.status in ('conditions_pending', 'accepted', 'enrolled')),
    p.offers_out, p.pending_offers, p.acceptances, p.places_left, p.waitlisted, p.unreleased,
    (select count(*) from public.place_alerts x where x.intake_id = i.id and x.resolved_at is null),
    count(*) over ()
  from public.intakes i
  join public.courses c on c.id = i.course_id
  cross join lateral public.intake_places(i.id) p
  left join public.applications a on a.intake_id = i.id
  where (status_filter is null or status_filter = '' or i.status = status_filter)
    and (pattern is null or public.fold(c.title || ' ' || c.university_name || ' ' || i.term) like pattern)
  group by i.id, c.id, p.offers_out, p.pending_offers, p.acceptances, p.places_left, p.waitlisted, p.unreleased
  order by (i.status in ('open', 'closed')) desc, i.deadline, c.title, i.id
  limit least(greatest(coalesce(page_size, 25), 1), 100) offset greatest(coalesce(page_offset, 0), 0);
end
$$;

-- The users and roles screen: accounts found by e-mail address or by the name on their profile,
-- which the list now shows too.
drop function public.admin_list_users(text, integer, integer);
create function public.admin_list_users(search text default null, page_size integer default 25,
  page_offset integer default 0)
returns table (id uuid, email text, full_name text, created_at timestamptz, last_sign_in_at timestamptz,
  roles text[], total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pattern text := public.folded_pattern(search);
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators list users.' using errcode = '42501';
  end if;
  return query
  select u.id, u.email::text, nullif(btrim(p.full_name), ''), u.created_at, u.last_sign_in_at,
    coalesce((select array_agg(r.role order by r.role) from public.user_roles r where r.user_id = u.id), '{}'),
    count(*) over ()
  from auth.users u
  left join public.profiles p on p.id = u.id
  where pattern is null or public.fold(coalesce(u.email, '')) like pattern or public.fold(p.full_name) like pattern
  order by (exists (select 1 from public.user_roles r where r.user_id = u.id)) desc, u.created_at desc, u.id
  limit least(greatest(coalesce(page_size, 25), 1), 100) offset greatest(coalesce(page_offset, 0), 0);
end
$$;
revoke execute on function public.admin_list_users(text, integer, integer) from public, anon;
grant execute on function public.admin_list_users(text, integer, integer) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Visitors: the university list (as 20261121150000 made it, the name folded) and course search.

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
language plpgsql stable
set search_path = ''
as $$
declare
  -- Computed once, so each call is planned with the pattern and a name search uses the trigram index.
  needle text := public.folded_pattern(q);
begin
  return query
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
        and (needle is null or public.fold(u.name) like needle)
        and (countries is null or u.country_code = any (countries))
        and (cities is null or u.city = any (cities))
        and (types is null or u.type = any (types))
        and (max_ranking is null or u.ranking_world <= max_ranking)
        and (min_tuition_usd is null or u.tuition_max * rt.rate_to_usd >= min_tuition_usd)
        and (max_tuition_usd is null or u.tuition_min * rt.rate_to_usd <= max_tuition_usd)
    )
    select m.id, m.slug, m.name, m.country_code, m.country_name, m.city, m.type, m.ranking_world,
           m.ranking_national, m.is_partner, m.currency, m.tuition_min, m.tuition_max, m.min_usd, m.max_usd,
           m.course_count, m.last_verified_at, count(*) over ()
    from matched m
    order by
      case when sort = 'ranking' then m.ranking_world end asc nulls last,
      case when sort = 'tuition_asc' then m.min_usd end asc nulls last,
      case when sort = 'tuition_desc' then m.max_usd end desc nulls last,
      m.name, m.id
    limit least(greatest(coalesce(page_size, 20), 1), 100)
    offset greatest(coalesce(page_offset, 0), 0);
end
$$;

-- Course search reads folded text: the query is folded here, the documents in sync_course_search.
create or replace function public.course_search_query(q text) returns tsquery
language plpgsql immutable
set search_path = ''
as $$
declare
  input text := btrim(coalesce(public.fold(q), ''));
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

-- The copies course search reads, their text folded: title (A), field (B), university name (C) and
-- description (D) positioned as in the course's own search_document.
create or replace function public.sync_course_search(course_ids uuid[]) returns void
language sql security definer
set search_path = ''
as $$
  delete from public.course_search s
  where s.course_id = any (course_ids)
    and not exists (select 1 from public.courses c
                    where c.id = s.course_id and c.published and c.university_published);
  insert into public.course_search as s (course_id, title, head, document, level, field, country_code,
    university_id, tuition_annual_usd, duration_months, study_mode, language, next_deadline, intake_months)
  select c.id, c.title, t.head || f.facets,
    t.head || setweight(to_tsvector('english'::regconfig, public.fold(coalesce(c.description, ''))), 'D') || f.facets,
    c.level, c.field, c.university_country_code, c.university_id, c.tuition_annual_usd,
    c.duration_months, c.study_mode, c.language, c.next_deadline, c.intake_months
  from public.courses c,
    lateral (select public.course_search_facets(c.level, c.field, c.university_country_code, c.study_mode,
      c.language, c.intake_months) as facets) f,
    lateral (select setweight(to_tsvector('english'::regconfig, public.fold(coalesce(c.title, ''))), 'A')
      || setweight(to_tsvector('english'::regconfig, public.fold(coalesce(c.field, ''))), 'B')
      || setweight(to_tsvector('english'::regconfig, public.fold(coalesce(c.university_name, ''))), 'C') as head) t
  where c.id = any (course_ids) and c.published and c.university_published
  on conflict (course_id) do update set
    title = excluded.title, head = excluded.head, document = excluded.document, level = excluded.level,
    field = excluded.field, country_code = excluded.country_code, university_id = excluded.university_id,
    tuition_annual_usd = excluded.tuition_annual_usd, duration_months = excluded.duration_months,
    study_mode = excluded.study_mode, language = excluded.language, next_deadline = excluded.next_deadline,
    intake_months = excluded.intake_months
  where (s.title, s.head, s.document, s.level, s.field, s.country_code, s.university_id,
         s.tuition_annual_usd, s.duration_months, s.study_mode, s.language, s.next_deadline, s.intake_months)
    is distinct from (excluded.title, excluded.head, excluded.document, excluded.level, excluded.field,
         excluded.country_code, excluded.university_id, excluded.tuition_annual_usd, excluded.duration_months,
         excluded.study_mode, excluded.language, excluded.next_deadline, excluded.intake_months);
$$;
revoke execute on function public.sync_course_search(uuid[]) from public, anon, authenticated;

select public.sync_course_search(array(select id from public.courses));
