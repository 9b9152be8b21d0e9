/**
 * Set-based SQL for the benchmark catalogue. Rows are derived from the row number alone, so a run
 * is repeatable; triggers are off while loading (every derived column is written here) and the
 * summaries are refreshed once at the end.
 */
export const clearBench = `delete from public.universities where slug like 'bench-%'`;

// $1 cities, $2 country codes, $3 country names, $4 currencies, $5 count
export const insertUniversities = `
insert into public.universities (slug, name, country_code, country_name, city, type, founded_year,
  ranking_world, ranking_national, website, description, is_partner, currency, published, last_verified_at)
select 'bench-' || g,
  initcap((array['ash','bright','calder','fen','glen','north','raven','stone','willow','oak','elm','birch','heath','marsh','brook','vale'])[1 + g % 16]
    || (array['wood','moor','field','ford','bridge','haven','mere','hollow','gate','crest','combe','leigh'])[1 + (g / 16) % 12])
    || ' University ' || g,
  ($2::text[])[1 + g % cardinality($1::text[])], ($3::text[])[1 + g % cardinality($1::text[])],
  ($1::text[])[1 + g % cardinality($1::text[])],
  case when g % 4 = 0 then 'private' else 'public' end, 1850 + g % 170,
  case when g % 3 = 0 then null else 100 + g % 1900 end, 1 + g % 150,
  'https://www.bench-' || g || '.example', 'A benchmark university with research-led teaching.',
  g % 250 = 0, ($4::text[])[1 + g % cardinality($1::text[])], g % 200 <> 0,
  timestamptz '2026-01-01' + (g % 300) * interval '1 day'
from generate_series(0, $5::int - 1) as g`;

// $1 first row, $2 last row, $3 fields, $4 specialisations (3 per field), $5 bachelor degrees,
// $6 master degrees, $7 topics (5 per field), $8 careers (3 per field), $9 university count
export const insertCourses = `
with made as (
  insert into public.courses (slug, university_id, title, level, field, duration_months, study_mode, language,
    tuition_amount, tuition_currency, tuition_period, tuition_annual_usd, application_fee, application_fee_currency,
    entry_requirements, min_grade_percent, min_ielts, min_toefl, description, published, last_verified_at,
    university_name, university_city, university_country_code, university_published, next_deadline, intake_months)
  select 'bench-course-' || g, u.id, t.title, t.level, t.field, t.months,
    (array['full_time','full_time','full_time','part_time','online','blended'])[1 + (g / 7) % 6],
    case when g % 17 = 0 then 'de' else 'en' end,
    t.fee, u.currency, 'year', round(t.fee * r.rate_to_usd, 2), 50 + g % 100, u.currency,
    'Completed previous studies with good grades.', 55 + g % 30, 5.5 + (g % 4) * 0.5, 70 + g % 40,
    'The ' || t.title || ' at ' || u.name || ' is taught in ' || u.city || '. You will study '
      || ($7::text[])[t.f * 5 - 4 + g % 5] || ', ' || ($7::text[])[t.f * 5 - 4 + (g + 2) % 5] || ' and '
      || ($7::text[])[t.f * 5 - 4 + (g + 4) % 5] || ' through lectures, seminars and a supervised project. '
      || 'Many students add elective modules in ' || lower(($3::text[])[t.o]) || ', such as '
      || ($7::text[])[t.o * 5 - 4 + g % 5] || '. Graduates work as ' || ($8::text[])[t.f * 3 - 2 + g % 3]
      || 's, consultants or researchers in industry and the public sector.',
    g % 50 <> 0, timestamptz '2026-01-01' + (g % 300) * interval '1 day',
    u.name, u.city, u.country_code, u.published,
    date '2027-01-15' + g % 60, case when g % 2 = 0 then '{9,1}'::smallint[] else '{9}'::smallint[] end
  from generate_series($1::int, $2::int) as g
  join public.universities u on u.slug = 'bench-' || (g % $9::int)
  join public.latest_currency_rates r on r.currency = u.currency
  cross join lateral (
    select lv.level, f.f, 1 + (f.f + 3 + g % 7) % cardinality($3::text[]) as o, ($3::text[])[f.f] as field,
      ($4::text[])[f.f * 3 - 2 + (g / 132) % 3] as spec,
      case lv.level when 'foundation' then 12 when 'diploma' then 18 when 'certificate' then 6
        when 'bachelor' then 36 + (g % 2) * 12 when 'master' then 12 + (g % 2) * 12 else 36 end as months,
      round((case u.currency when 'GBP' then 18000 when 'EUR' then 9000 when 'CAD' then 38000 when 'AUD' then 40000
        when 'NZD' then 34000 else 35000 end) * (0.6 + (g % 97) / 100.0) / 50) * 50 as fee
    from (select (array['foundation','diploma','certificate','bachelor','master','doctorate'])[1 + g % 6] as level) lv,
      (select 1 + (g / 6) % cardinality($3::text[]) as f) f
  ) s
  cross join lateral (
    select s.*, case s.level
      when 'foundation' then 'International Foundation Year in ' || s.field
      when 'diploma' then 'Diploma of ' || s.spec
      when 'certificate' then 'Postgraduate Certificate in ' || s.spec
      when 'bachelor' then ($5::text[])[s.f] || ' ' || case when g % 2 = 0 then s.field else s.field || ' with ' || s.spec end
      when 'master' then ($6::text[])[s.f] || ' ' || case when g % 3 = 0 then s.field else s.spec end
      else 'PhD in ' || s.field end as title
  ) t
  returning id, split_part(slug, '-', 3)::int as g
)
insert into public.intakes (course_id, term, start_date, opens_at, deadline, reply_by, capacity, status)
select made.id, i.term, i.start_date, i.opens_at, i.deadline, i.deadline + 42, 30 + made.g % 200, 'open'
from made cross join lateral (values
  ('September 2027', date '2027-09-20', date '2026-09-01', date '2027-01-15' + made.g % 60),
  ('January 2028', date '2028-01-17', date '2027-03-01', date '2027-10-31' + made.g % 30)
) as i (term, start_date, opens_at, deadline)
where i.term = 'September 2027' or made.g % 2 = 0`;

// Run one by one: vacuum cannot share a multi-statement string (the visibility map it builds lets
// counts use index-only scans).
export const refreshSummaries = [
  `select public.refresh_university_stats(array(select id from public.universities where slug like 'bench-%'))`,
  'select public.refresh_search_terms()',
  ...['universities', 'courses', 'intakes', 'search_terms'].map((t) => `vacuum analyze public.${t}`),
];
