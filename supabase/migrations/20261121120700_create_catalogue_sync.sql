-- Keeps the copied and summary columns of the catalogue in step with their sources. The trigger
-- functions run as their owner so a summary stays right whatever the writer may read; only
-- administrators (and the service role) can write the source rows in the first place.

-- Every course write takes the university's current name, place and visibility, and the yearly
-- tuition in US dollars at the newest rate, so nothing a writer sends can fake them.
create or replace function public.courses_fill_derived() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  uni record;
  rate numeric;
begin
  select u.name, u.city, u.country_code, u.published into uni
  from public.universities u where u.id = new.university_id;
  new.university_name := coalesce(uni.name, '');
  new.university_city := coalesce(uni.city, '');
  new.university_country_code := coalesce(uni.country_code, '');
  new.university_published := coalesce(uni.published, false);
  select r.rate_to_usd into rate from public.currency_rates r
  where r.currency = new.tuition_currency order by r.as_of desc limit 1;
  new.tuition_annual_usd := round(
    case when new.tuition_period = 'year' then new.tuition_amount
         else new.tuition_amount * 12 / greatest(new.duration_months, 12) end * rate, 2);
  return new;
end
$$;

create trigger courses_fill_derived before insert or update on public.courses
  for each row execute function public.courses_fill_derived();

create or replace function public.universities_push_to_courses() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.courses c set university_name = new.name where c.university_id = new.id;
  return null;
end
$$;

create trigger universities_push_to_courses after update of name, city, country_code, published
  on public.universities
  for each row
  when ((old.name, old.city, old.country_code, old.published)
    is distinct from (new.name, new.city, new.country_code, new.published))
  execute function public.universities_push_to_courses();

-- Course count and yearly tuition range (in the university's currency) over published courses.
create or replace function public.refresh_university_stats(university_ids uuid[]) returns void
language sql
set search_path = ''
as $$
  update public.universities u set
    course_count = s.course_count,
    tuition_min = s.tuition_min,
    tuition_max = s.tuition_max
  from (
    select ids.id,
           count(c.id) filter (where c.published)::integer as course_count,
           min(c.tuition_annual) filter (where c.published and c.tuition_currency = u2.currency) as tuition_min,
           max(c.tuition_annual) filter (where c.published and c.tuition_currency = u2.currency) as tuition_max
    from unnest(university_ids) as ids (id)
    join public.universities u2 on u2.id = ids.id
    left join public.courses c on c.university_id = ids.id
    group by ids.id
  ) s
  where u.id = s.id
    and (u.course_count, u.tuition_min, u.tuition_max)
      is distinct from (s.course_count, s.tuition_min, s.tuition_max)
$$;

create or replace function public.courses_refresh_universities() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.refresh_university_stats(array(select distinct university_id from new_rows));
  elsif tg_op = 'DELETE' then
    perform public.refresh_university_stats(array(select distinct university_id from old_rows));
  else
    perform public.refresh_university_stats(array(
      select university_id from new_rows union select university_id from old_rows));
  end if;
  return null;
end
$$;

create trigger courses_stats_insert after insert on public.courses
  referencing new table as new_rows
  for each statement execute function public.courses_refresh_universities();
create trigger courses_stats_update after update on public.courses
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.courses_refresh_universities();
create trigger courses_stats_delete after delete on public.courses
  referencing old table as old_rows
  for each statement execute function public.courses_refresh_universities();

-- A course's next open deadline and the months its open intakes start, for filters and sorting.
-- An open intake with a future opens_at is announced but not yet accepting applications.
create or replace function public.refresh_course_intakes(course_ids uuid[]) returns void
language sql
set search_path = ''
as $$
  update public.courses c set
    next_deadline = s.next_deadline,
    intake_months = s.intake_months
  from (
    select ids.id,
           min(i.deadline) filter (where i.status = 'open') as next_deadline,
           coalesce(array_agg(distinct extract(month from i.start_date)::smallint)
             filter (where i.status = 'open'), '{}') as intake_months
    from unnest(course_ids) as ids (id)
    left join public.intakes i on i.course_id = ids.id
    group by ids.id
  ) s
  where c.id = s.id
    and (c.next_deadline, c.intake_months) is distinct from (s.next_deadline, s.intake_months)
$$;

create or replace function public.intakes_refresh_courses() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.refresh_course_intakes(array(select distinct course_id from new_rows));
  elsif tg_op = 'DELETE' then
    perform public.refresh_course_intakes(array(select distinct course_id from old_rows));
  else
    perform public.refresh_course_intakes(array(
      select course_id from new_rows union select course_id from old_rows));
  end if;
  return null;
end
$$;

create trigger intakes_summary_insert after insert on public.intakes
  referencing new table as new_rows
  for each statement execute function public.intakes_refresh_courses();
create trigger intakes_summary_update after update on public.intakes
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.intakes_refresh_courses();
create trigger intakes_summary_delete after delete on public.intakes
  referencing old table as old_rows
  for each statement execute function public.intakes_refresh_courses();

-- New or corrected rates re-price the affected courses (the fill trigger does the arithmetic).
create or replace function public.currency_rates_reprice() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.courses c set tuition_annual_usd = null
  where c.tuition_currency in (select currency from changed_rows);
  return null;
end
$$;

create trigger currency_rates_reprice_insert after insert on public.currency_rates
  referencing new table as changed_rows
  for each statement execute function public.currency_rates_reprice();
create trigger currency_rates_reprice_update after update on public.currency_rates
  referencing new table as changed_rows
  for each statement execute function public.currency_rates_reprice();
create trigger currency_rates_reprice_delete after delete on public.currency_rates
  referencing old table as changed_rows
  for each statement execute function public.currency_rates_reprice();

revoke execute on function
  public.touch_updated_at(),
  public.courses_fill_derived(),
  public.universities_push_to_courses(),
  public.courses_refresh_universities(),
  public.intakes_refresh_courses(),
  public.currency_rates_reprice(),
  public.refresh_university_stats(uuid[]),
  public.refresh_course_intakes(uuid[])
from public, anon, authenticated;
