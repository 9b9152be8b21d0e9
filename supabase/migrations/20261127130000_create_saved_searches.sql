-- Saved searches: a signed-in person keeps a /courses search (its filters, as the course search reads
-- them, and the query string that shows it) and hears by e-mail when a course matching it is
-- published or an intake of a matching course opens. queue_search_alerts() runs in the same hourly
-- job as queue_reminders(); saved_search_alerts holds one row per (search, course or intake), inserted
-- with on conflict do nothing before the event is queued, so several servers never send one twice.

create table public.saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  label text not null check (char_length(btrim(label)) between 1 and 200),
  -- The /courses query string (without the leading "?"), for the link back.
  query text not null check (char_length(query) <= 2000),
  -- {q, level[], field[], country[], university[], mode[], language[], duration_max, intake}, checked
  -- by the app's course filter schema; the tuition ceiling is kept converted to US dollars.
  filters jsonb not null check (jsonb_typeof(filters) = 'object'),
  max_tuition_usd numeric(12, 2) check (max_tuition_usd >= 0),
  created_at timestamptz not null default now(),
  unique (user_id, query)
);
create index saved_searches_user_idx on public.saved_searches (user_id, created_at);

alter table public.saved_searches enable row level security;
revoke all on public.saved_searches from anon, authenticated;
grant select, delete on public.saved_searches to authenticated;
grant insert (label, query, filters, max_tuition_usd) on public.saved_searches to authenticated;
create policy saved_searches_select_own on public.saved_searches
  for select to authenticated using (user_id = (select auth.uid()));
create policy saved_searches_insert_own on public.saved_searches
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy saved_searches_delete_own on public.saved_searches
  for delete to authenticated using (user_id = (select auth.uid()));

-- At most 20 saved searches a person: more is a script, not a student.
create or replace function public.limit_saved_searches() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('saved_searches:' || new.user_id::text));
  if (select count(*) from public.saved_searches s where s.user_id = new.user_id) >= 20 then
    raise exception 'You already have 20 saved searches. Delete one before saving another.'
      using errcode = 'P0001';
  end if;
  return new;
end
$$;
revoke execute on function public.limit_saved_searches() from public, anon, authenticated;
create trigger saved_searches_limit before insert on public.saved_searches
  for each row execute function public.limit_saved_searches();

-- When an intake opened for applications (its status became open), so an alert names only intakes
-- that opened after the search was saved. Intakes already open count from when they were made.
alter table public.intakes add column opened_at timestamptz;
update public.intakes set opened_at = created_at where status = 'open';
create or replace function public.stamp_intake_opened() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'open' and (tg_op = 'INSERT' or old.status is distinct from 'open') then
    new.opened_at := now();
  end if;
  return new;
end
$$;
create trigger intakes_opened before insert or update of status on public.intakes
  for each row execute function public.stamp_intake_opened();

-- Each course or intake told to each search, whichever server told it.
create table public.saved_search_alerts (
  search_id uuid not null references public.saved_searches (id) on delete cascade,
  item_kind text not null check (item_kind in ('course', 'intake')),
  item_id uuid not null,
  sent_at timestamptz not null default now(),
  primary key (search_id, item_kind, item_id)
);
alter table public.saved_search_alerts enable row level security;
revoke all on public.saved_search_alerts from anon, authenticated;

insert into public.message_templates (key, audience, essential, description, fields, subject, summary, body_text, body_html) values
('saved_search_alert', 'applicant', false,
  'To a person with a saved course search when a matching course is published or an intake of a matching course opens.',
  '{recipient_name,search,count,matches,matches_html,search_url,profile_url,site_url,unsubscribe_url}',
  'New for your search “{{search}}”',
  '{{count}} new for your saved search “{{search}}”',
  E'Hello {{recipient_name}},\n\nNew on Unipath for your saved search "{{search}}":\n\n{{matches}}\n\nSee every result: {{search_url}}\n\nYou get this because you saved this search. Manage your saved searches: {{profile_url}}\nTo stop these alerts and reminders: {{unsubscribe_url}}\n\nUnipath',
  '<p>Hello {{recipient_name}},</p><p>New on Unipath for your saved search “{{search}}”:</p>{{matches_html}}<p><a href="{{search_url}}">See every result</a></p><p>You get this because you saved this search. <a href="{{profile_url}}">Manage your saved searches</a> or <a href="{{unsubscribe_url}}">stop these alerts and reminders</a>.</p><p>Unipath</p>');

-- Whether a course matches a saved search's filters (the same filters the course search applies).
create or replace function public.course_matches_search(c public.courses, s public.saved_searches) returns boolean
language sql stable
set search_path = ''
as $$
  select c.published and c.university_published
    and (coalesce(btrim(s.filters ->> 'q'), '') = ''
      or c.search_document @@ websearch_to_tsquery('english'::regconfig, s.filters ->> 'q'))
    and (coalesce(jsonb_array_length(s.filters -> 'level'), 0) = 0 or s.filters -> 'level' ? c.level)
    and (coalesce(jsonb_array_length(s.filters -> 'field'), 0) = 0 or s.filters -> 'field' ? c.field)
    and (coalesce(jsonb_array_length(s.filters -> 'country'), 0) = 0
      or s.filters -> 'country' ? c.university_country_code)
    and (coalesce(jsonb_array_length(s.filters -> 'university'), 0) = 0
      or s.filters -> 'university' ? c.university_id::text)
    and (coalesce(jsonb_array_length(s.filters -> 'mode'), 0) = 0 or s.filters -> 'mode' ? c.study_mode)
    and (coalesce(jsonb_array_length(s.filters -> 'language'), 0) = 0 or s.filters -> 'language' ? c.language)
    and (s.filters ->> 'duration_max' is null or c.duration_months <= (s.filters ->> 'duration_max')::numeric)
    and (s.filters ->> 'intake' is null or (s.filters ->> 'intake')::smallint = any (c.intake_months))
    and (s.max_tuition_usd is null or c.tuition_annual_usd <= s.max_tuition_usd)
$$;
revoke execute on function public.course_matches_search(public.courses, public.saved_searches) from public, anon, authenticated;

create or replace function public.escape_html(value text) returns text
language sql immutable
set search_path = ''
as $$
  select replace(replace(replace(replace(replace(coalesce(value, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
    '"', '&quot;'), '''', '&#39;')
$$;

-- Queues one alert per saved search with something new: courses published after the search was saved
-- that match it, and intakes of older matching courses that opened after it was saved. Answers how
-- many alerts were queued; people who turned reminders off are left out by the composer.
create or replace function public.queue_search_alerts() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  saved public.saved_searches;
  site text := (select s.site_url from public.admissions_settings s);
  items jsonb;
  queued integer := 0;
begin
  for saved in select * from public.saved_searches order by created_at loop
    with matches as (
      select 'course' as kind, c.id as item_id, c.title || ', ' || c.university_name as line,
        '/courses/' || c.slug as path, c.title as sort_key
      from public.courses c
      where c.created_at > saved.created_at and public.course_matches_search(c, saved)
      union all
      select 'intake', i.id, c.title || ', ' || c.university_name || ': ' || i.term || ' is open, apply by '
        || to_char(i.deadline, 'FMDD FMMonth YYYY'), '/courses/' || c.slug, c.title
      from public.intakes i join public.courses c on c.id = i.course_id
      where i.status = 'open' and i.opened_at > saved.created_at and c.created_at <= saved.created_at
        and public.course_matches_search(c, saved)
    ), recorded as (
      insert into public.saved_search_alerts (search_id, item_kind, item_id)
      select saved.id, f.kind, f.item_id from matches f
      on conflict do nothing
      returning item_kind, item_id
    )
    select jsonb_agg(jsonb_build_object('line', f.line, 'path', f.path) order by f.sort_key, f.line) into items
    from matches f join recorded r on r.item_kind = f.kind and r.item_id = f.item_id;
    if items is not null then
      perform public.queue_event(saved.user_id, null, 'saved_search_alert', jsonb_build_object(
        'search', saved.label,
        'count', jsonb_array_length(items)::text,
        'matches', (select string_agg('- ' || (x ->> 'line') || E'\n  ' || site || (x ->> 'path'), E'\n')
          from jsonb_array_elements(items) x),
        'matches_html', '<ul>' || (select string_agg('<li><a href="' || public.escape_html(site || (x ->> 'path'))
          || '">' || public.escape_html(x ->> 'line') || '</a></li>', '') from jsonb_array_elements(items) x) || '</ul>',
        'search_url', site || '/courses?' || saved.query,
        'unsubscribe_url', site || '/unsubscribe?token=' || (public.email_preferences_of(saved.user_id)).unsubscribe_token));
      queued := queued + 1;
    end if;
  end loop;
  return queued;
end
$$;
revoke execute on function public.queue_search_alerts() from public, anon, authenticated;
grant execute on function public.queue_search_alerts() to service_role;
