-- Leads: counselling requests from the public site (the lead form, the capture popup, the contact
-- page and WhatsApp clicks), which staff then work. Visitors reach the table only through the app
-- server, which calls submit_lead().

-- Counselling requests from the public site: the lead form, the capture popup, the contact page
-- and WhatsApp clicks. Visitors never touch the table directly: the app server calls submit_lead(),
-- which validates, merges a quick repeat and answers only {id, merged}. Only staff read or manage leads.
create table public.leads (
  id uuid primary key default gen_random_uuid(),
  name text check (char_length(name) between 2 and 120 and name = btrim(name)),
  email text
    check (char_length(email) <= 254 and email = lower(email) and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text check (phone is null or phone ~ '^\+?[0-9 ()-]{6,24}$'),
  country text check (country is null or char_length(country) between 2 and 80),
  level_of_interest text check (level_of_interest is null or level_of_interest in
    ('foundation', 'diploma', 'certificate', 'bachelor', 'master', 'doctorate')),
  field_of_interest text check (field_of_interest is null or char_length(field_of_interest) between 2 and 80),
  preferred_intake text check (preferred_intake is null or preferred_intake ~ '^20[0-9]{2}-(0[1-9]|1[0-2])$'),
  message text check (message is null or char_length(message) <= 2000),
  source text not null check (source in ('lead_form', 'popup', 'contact', 'whatsapp')),
  page_path text check (page_path is null or (char_length(page_path) <= 300 and page_path ~ '^/')),
  course_id uuid references public.courses (id) on delete set null,
  utm_source text check (char_length(utm_source) <= 200),
  utm_medium text check (char_length(utm_medium) <= 200),
  utm_campaign text check (char_length(utm_campaign) <= 200),
  utm_term text check (char_length(utm_term) <= 200),
  utm_content text check (char_length(utm_content) <= 200),
  referrer text check (char_length(referrer) <= 500),
  consent_email boolean not null default false,
  consent_phone boolean not null default false,
  consent_whatsapp boolean not null default false,
  status text not null default 'new'
    check (status in ('new', 'contacted', 'qualified', 'converted', 'lost')),
  assignee uuid references auth.users (id) on delete set null,
  notes text check (char_length(notes) <= 5000),
  submit_count integer not null default 1 check (submit_count between 1 and 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1 check (version > 0),
  updated_by uuid references auth.users (id) on delete set null,
  last_change text,
  -- A WhatsApp click is counted without personal data; every other source names a person.
  constraint leads_contact_present check (source = 'whatsapp' or (name is not null and email is not null))
);

create index leads_email_recent_idx on public.leads (email, created_at desc);
create index leads_status_idx on public.leads (status, created_at desc);
create index leads_assignee_idx on public.leads (assignee);
create index leads_course_idx on public.leads (course_id);
create index leads_updated_by_idx on public.leads (updated_by);
create index leads_search_folded_idx on public.leads using gin (
  public.fold(coalesce(name, '') || ' ' || coalesce(email, '')) extensions.gin_trgm_ops);

create trigger leads_touch before update on public.leads
  for each row execute function public.touch_updated_at();
create trigger leads_audit after update or delete on public.leads
  for each row execute function public.audit_staff_change();
create trigger version_10_check before update of version on public.leads
  for each row execute function public.check_row_version('lead');
create trigger version_20_stamp before update on public.leads
  for each row execute function public.stamp_row_version();

alter table public.leads enable row level security;
-- No direct writes from the API for visitors: submit_lead() is their only way in. Staff read and
-- work leads (status, assignee, notes) under the policies below.
revoke all on public.leads from anon, authenticated;
grant select, update (status, assignee, notes) on public.leads to authenticated;
-- The API may send the version with the columns it already updates.
grant update (version) on public.leads to authenticated;

create policy leads_select_staff on public.leads
  for select to authenticated
  using ((select public.has_role('admin')) or (select public.has_role('counsellor')));
create policy leads_update_staff on public.leads
  for update to authenticated
  using ((select public.has_role('admin')) or (select public.has_role('counsellor')))
  with check ((select public.has_role('admin')) or (select public.has_role('counsellor')));

-- Defence in depth: should insert ever be granted again, a visitor could still only add a fresh,
-- unassigned lead from a public source. Today no grant exists, so this policy never admits a row.
create policy leads_insert_constrained on public.leads
  for insert to anon, authenticated
  with check (
    source in ('lead_form', 'popup', 'contact', 'whatsapp')
    and status = 'new'
    and assignee is null
    and notes is null
    and submit_count = 1
  );

-- A lead is given to a member of staff or to nobody.
create or replace function public.check_lead_assignee() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.assignee is not null and not exists (select 1 from public.user_roles r where r.user_id = new.assignee) then
    raise exception 'Leads can only be assigned to admissions staff.' using errcode = '23514';
  end if;
  return new;
end
$$;
revoke execute on function public.check_lead_assignee() from public, anon, authenticated;
create trigger leads_check_assignee before insert or update of assignee on public.leads
  for each row execute function public.check_lead_assignee();

-- A payload string trimmed to null when blank; any other JSON type is refused.
create or replace function public.lead_payload_text(payload jsonb, key text) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  if payload -> key is null or jsonb_typeof(payload -> key) = 'null' then
    return null;
  end if;
  if jsonb_typeof(payload -> key) <> 'string' then
    raise exception 'Field % must be text.', key using errcode = '22023';
  end if;
  return nullif(btrim(payload ->> key), '');
end
$$;

create or replace function public.lead_payload_flag(payload jsonb, key text) returns boolean
language plpgsql immutable
set search_path = ''
as $$
begin
  if payload -> key is null or jsonb_typeof(payload -> key) = 'null' then
    return false;
  end if;
  if jsonb_typeof(payload -> key) <> 'boolean' then
    raise exception 'Field % must be true or false.', key using errcode = '22023';
  end if;
  return (payload -> key)::boolean;
end
$$;

revoke execute on function public.lead_payload_text(jsonb, text), public.lead_payload_flag(jsonb, text)
  from public, anon, authenticated;

-- Validates a visitor's lead, then merges it into the same address's lead begun in the last ten
-- minutes (count up, consents OR'd, blanks filled) or adds a new one. Status, assignee and notes
-- are staff fields: a payload naming them, or any unknown field, is refused.
create or replace function public.submit_lead(payload jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  allowed constant text[] := array['name', 'email', 'phone', 'country', 'level_of_interest',
    'field_of_interest', 'preferred_intake', 'message', 'source', 'page_path', 'course_id',
    'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'referrer',
    'consent_email', 'consent_phone', 'consent_whatsapp'];
  unknown_key text;
  lead public.leads%rowtype;
  course text;
  existing uuid;
begin
  if payload is null or jsonb_typeof(payload) <> 'object' then
    raise exception 'The lead must be a JSON object.' using errcode = '22023';
  end if;
  select k into unknown_key from jsonb_object_keys(payload) as k where k <> all (allowed) limit 1;
  if unknown_key is not null then
    raise exception 'Field % cannot be set.', unknown_key using errcode = '22023';
  end if;

  lead.name := public.lead_payload_text(payload, 'name');
  lead.email := lower(public.lead_payload_text(payload, 'email'));
  lead.phone := public.lead_payload_text(payload, 'phone');
  lead.country := public.lead_payload_text(payload, 'country');
  lead.level_of_interest := public.lead_payload_text(payload, 'level_of_interest');
  lead.field_of_interest := public.lead_payload_text(payload, 'field_of_interest');
  lead.preferred_intake := public.lead_payload_text(payload, 'preferred_intake');
  lead.message := public.lead_payload_text(payload, 'message');
  lead.source := public.lead_payload_text(payload, 'source');
  lead.page_path := public.lead_payload_text(payload, 'page_path');
  lead.utm_source := public.lead_payload_text(payload, 'utm_source');
  lead.utm_medium := public.lead_payload_text(payload, 'utm_medium');
  lead.utm_campaign := public.lead_payload_text(payload, 'utm_campaign');
  lead.utm_term := public.lead_payload_text(payload, 'utm_term');
  lead.utm_content := public.lead_payload_text(payload, 'utm_content');
  lead.referrer := public.lead_payload_text(payload, 'referrer');
  lead.consent_email := public.lead_payload_flag(payload, 'consent_email');
  lead.consent_phone := public.lead_payload_flag(payload, 'consent_phone');
  lead.consent_whatsapp := public.lead_payload_flag(payload, 'consent_whatsapp');

  if lead.source is null or lead.source not in ('lead_form', 'popup', 'contact', 'whatsapp') then
    raise exception 'Unknown lead source.' using errcode = '22023';
  end if;
  if lead.source <> 'whatsapp' and (lead.name is null or lead.email is null) then
    raise exception 'A name and an e-mail address are required.' using errcode = '22023';
  end if;

  -- An unknown or unpublished course is dropped rather than failing the visitor's request.
  course := public.lead_payload_text(payload, 'course_id');
  if course ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select c.id into lead.course_id from public.courses c
    where c.id = course::uuid and c.published and c.university_published;
  end if;

  if lead.email is not null then
    perform pg_advisory_xact_lock(hashtext('submit_lead:' || lead.email));
    select l.id into existing from public.leads l
    where l.email = lead.email and l.created_at > now() - interval '10 minutes'
    order by l.created_at desc
    limit 1
    for update;
  end if;

  if existing is not null then
    update public.leads l set
      name = lead.name,
      phone = coalesce(lead.phone, l.phone),
      country = coalesce(lead.country, l.country),
      level_of_interest = coalesce(lead.level_of_interest, l.level_of_interest),
      field_of_interest = coalesce(lead.field_of_interest, l.field_of_interest),
      preferred_intake = coalesce(lead.preferred_intake, l.preferred_intake),
      message = case
        when lead.message is null or lead.message = l.message then l.message
        when l.message is null then lead.message
        else left(l.message || E'\n\n' || lead.message, 2000)
      end,
      course_id = coalesce(lead.course_id, l.course_id),
      consent_email = l.consent_email or lead.consent_email,
      consent_phone = l.consent_phone or lead.consent_phone,
      consent_whatsapp = l.consent_whatsapp or lead.consent_whatsapp,
      submit_count = least(l.submit_count + 1, 1000)
    where l.id = existing;
    return jsonb_build_object('id', existing, 'merged', true);
  end if;

  insert into public.leads (name, email, phone, country, level_of_interest, field_of_interest,
    preferred_intake, message, source, page_path, course_id, utm_source, utm_medium, utm_campaign,
    utm_term, utm_content, referrer, consent_email, consent_phone, consent_whatsapp)
  values (lead.name, lead.email, lead.phone, lead.country, lead.level_of_interest,
    lead.field_of_interest, lead.preferred_intake, lead.message, lead.source, lead.page_path,
    lead.course_id, lead.utm_source, lead.utm_medium, lead.utm_campaign, lead.utm_term,
    lead.utm_content, lead.referrer, lead.consent_email, lead.consent_phone, lead.consent_whatsapp)
  returning id into existing;
  return jsonb_build_object('id', existing, 'merged', false);
end
$$;

-- Only the app server calls it, after its per-visitor limit (LEAD_RATE_LIMIT) and its own checks;
-- a visitor calling it straight through the API with the public key would pass neither.
revoke execute on function public.submit_lead(jsonb) from public, anon, authenticated;
grant execute on function public.submit_lead(jsonb) to service_role;
