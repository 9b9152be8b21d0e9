-- Countries are ISO 3166-1 alpha-2 codes, each country once (issue #18, finding 4). The app's list
-- is src/lib/countries.ts (names from Intl.DisplayNames); these functions hold the same 249 codes and
-- the same map of withdrawn or unofficial codes (UK, DD, SU, YU, …) to their successors. Stored
-- codes are mapped, and every column holding a country code now refuses anything else.

create or replace function public.is_iso_country_code(code text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select code = any (array[
    'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE',
    'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD',
    'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM',
    'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
    'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
    'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN',
    'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME',
    'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
    'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM',
    'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI',
    'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK',
    'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
    'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW'
  ]::text[])
$$;

-- The ISO code for a stored code: itself when it is one, its successor when it was withdrawn,
-- else null.
create or replace function public.iso_country_code(code text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case
    when public.is_iso_country_code(upper(btrim(code))) then upper(btrim(code))
    else '{"UK": "GB", "EL": "GR", "DD": "DE", "SU": "RU", "YU": "RS", "CS": "RS", "DY": "BJ", "BU": "MM", "TP": "TL", "ZR": "CD", "FX": "FR", "RH": "ZW", "HV": "BF", "NH": "VU", "AN": "CW"}'::jsonb ->> upper(btrim(code))
  end
$$;

grant execute on function public.is_iso_country_code(text), public.iso_country_code(text)
  to anon, authenticated, service_role;

-- Universities (their courses follow through universities_push_to_courses). A code with no
-- successor is left for an administrator; the constraint below then names the row.
update public.universities
  set country_code = public.iso_country_code(country_code)
  where not public.is_iso_country_code(country_code) and public.iso_country_code(country_code) is not null;
update public.courses c
  set university_country_code = u.country_code
  from public.universities u
  where u.id = c.university_id and c.university_country_code is distinct from u.country_code;

-- Profiles: nationality, country of residence and each education entry's country. A code with no
-- successor is cleared (the person chooses again from the list).
update public.profiles
  set nationality = public.iso_country_code(nationality)
  where nationality is not null and not public.is_iso_country_code(nationality);
update public.profiles
  set country = public.iso_country_code(country)
  where country is not null and not public.is_iso_country_code(country);

create or replace function public.iso_country_entries(entries jsonb) returns jsonb
language sql immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(
    case
      when jsonb_typeof(e) = 'object' and coalesce(e ->> 'country', '') <> ''
        and not public.is_iso_country_code(e ->> 'country')
      then jsonb_set(e, '{country}', to_jsonb(coalesce(public.iso_country_code(e ->> 'country'), '')))
      else e
    end order by i), '[]'::jsonb)
  from jsonb_array_elements(entries) with ordinality x(e, i)
$$;
revoke execute on function public.iso_country_entries(jsonb) from public, anon, authenticated;

update public.profiles
  set education = public.iso_country_entries(education)
  where education is distinct from public.iso_country_entries(education);

-- Applications keep their answers as one document: personal nationality and country, and the
-- country of each academic entry.
update public.applications
  set answers = jsonb_set(answers, '{personal,nationality}',
    to_jsonb(coalesce(public.iso_country_code(answers #>> '{personal,nationality}'), '')))
  where coalesce(answers #>> '{personal,nationality}', '') <> ''
    and not public.is_iso_country_code(answers #>> '{personal,nationality}');
update public.applications
  set answers = jsonb_set(answers, '{personal,country}',
    to_jsonb(coalesce(public.iso_country_code(answers #>> '{personal,country}'), '')))
  where coalesce(answers #>> '{personal,country}', '') <> ''
    and not public.is_iso_country_code(answers #>> '{personal,country}');
update public.applications
  set answers = jsonb_set(answers, '{academic}', public.iso_country_entries(answers -> 'academic'))
  where jsonb_typeof(answers -> 'academic') = 'array'
    and answers -> 'academic' is distinct from public.iso_country_entries(answers -> 'academic');

alter table public.universities
  add constraint universities_country_code_iso check (public.is_iso_country_code(country_code));
alter table public.courses
  add constraint courses_country_code_iso
  check (university_country_code = '' or public.is_iso_country_code(university_country_code));
alter table public.profiles
  add constraint profiles_nationality_iso check (public.is_iso_country_code(nationality)),
  add constraint profiles_country_iso check (public.is_iso_country_code(country));
