-- Living costs per city (issue #18, finding 8): what a single student spends a month on rent, food,
-- transport and essentials in one city, in its local currency, dated (as_of), with where the figure
-- comes from and when someone last checked it. Compare, discover and the first-year total read it
-- by the university's city; a city without a row shows no estimate rather than a country average.
-- Everyone may read it; administrators keep it up to date. The figures below cover every city of
-- the demo catalogue (48 cities); they are reference data, not accounts, so they live here.
create table public.living_costs (
  id uuid primary key default gen_random_uuid(),
  city text not null check (char_length(btrim(city)) between 1 and 120),
  country_code text not null check (public.is_iso_country_code(country_code)),
  monthly_amount numeric(10, 2) not null check (monthly_amount > 0 and monthly_amount < 100000),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  as_of date not null,
  source_note text not null check (char_length(btrim(source_note)) between 3 and 300),
  last_verified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index living_costs_place_idx on public.living_costs (country_code, lower(city));

create trigger living_costs_touch before update on public.living_costs
  for each row execute function public.touch_updated_at();

-- Row versions, like the rest of the catalogue (20261125100000_create_row_versions.sql).
alter table public.living_costs
  add column version integer not null default 1 check (version > 0),
  add column updated_by uuid references auth.users (id) on delete set null,
  add column last_change text;
create index living_costs_updated_by_idx on public.living_costs (updated_by);
create trigger version_10_check before update of version on public.living_costs
  for each row execute function public.check_row_version('living cost');
create trigger version_20_stamp before update on public.living_costs
  for each row execute function public.stamp_row_version();

alter table public.living_costs enable row level security;
revoke truncate, references, trigger on public.living_costs from anon, authenticated;
revoke insert, update, delete on public.living_costs from anon;

create policy living_costs_select_all on public.living_costs
  for select to anon, authenticated
  using (true);
create policy living_costs_insert_admin on public.living_costs
  for insert to authenticated
  with check ((select public.has_role('admin')));
create policy living_costs_update_admin on public.living_costs
  for update to authenticated
  using ((select public.has_role('admin')))
  with check ((select public.has_role('admin')));
create policy living_costs_delete_admin on public.living_costs
  for delete to authenticated
  using ((select public.has_role('admin')));

insert into public.living_costs
  (city, country_code, monthly_amount, currency, as_of, source_note, last_verified_at) values
  ('London', 'GB', 1480, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Manchester', 'GB', 1150, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Leeds', 'GB', 1090, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Bristol', 'GB', 1240, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Edinburgh', 'GB', 1210, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Glasgow', 'GB', 1080, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Cardiff', 'GB', 1040, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Nottingham', 'GB', 1020, 'GBP', '2026-09-01', 'UK student visa maintenance guidance and university accommodation prices for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Dublin', 'IE', 1650, 'EUR', '2026-09-01', 'Irish universities'' published cost-of-living guides for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Cork', 'IE', 1350, 'EUR', '2026-09-01', 'Irish universities'' published cost-of-living guides for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Galway', 'IE', 1280, 'EUR', '2026-09-01', 'Irish universities'' published cost-of-living guides for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Limerick', 'IE', 1220, 'EUR', '2026-09-01', 'Irish universities'' published cost-of-living guides for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Amsterdam', 'NL', 1450, 'EUR', '2026-09-01', 'Dutch universities'' cost-of-living guidance and student housing rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Utrecht', 'NL', 1300, 'EUR', '2026-09-01', 'Dutch universities'' cost-of-living guidance and student housing rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Rotterdam', 'NL', 1200, 'EUR', '2026-09-01', 'Dutch universities'' cost-of-living guidance and student housing rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Eindhoven', 'NL', 1150, 'EUR', '2026-09-01', 'Dutch universities'' cost-of-living guidance and student housing rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Groningen', 'NL', 1050, 'EUR', '2026-09-01', 'Dutch universities'' cost-of-living guidance and student housing rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Munich', 'DE', 1250, 'EUR', '2026-09-01', 'German blocked-account minimum and Studierendenwerk rent surveys for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Hamburg', 'DE', 1150, 'EUR', '2026-09-01', 'German blocked-account minimum and Studierendenwerk rent surveys for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Berlin', 'DE', 1100, 'EUR', '2026-09-01', 'German blocked-account minimum and Studierendenwerk rent surveys for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Cologne', 'DE', 1050, 'EUR', '2026-09-01', 'German blocked-account minimum and Studierendenwerk rent surveys for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Heidelberg', 'DE', 1000, 'EUR', '2026-09-01', 'German blocked-account minimum and Studierendenwerk rent surveys for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Paris', 'FR', 1300, 'EUR', '2026-09-01', 'Campus France cost-of-living estimates and CROUS residence rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Lyon', 'FR', 950, 'EUR', '2026-09-01', 'Campus France cost-of-living estimates and CROUS residence rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Bordeaux', 'FR', 900, 'EUR', '2026-09-01', 'Campus France cost-of-living estimates and CROUS residence rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Lille', 'FR', 870, 'EUR', '2026-09-01', 'Campus France cost-of-living estimates and CROUS residence rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Toulouse', 'FR', 840, 'EUR', '2026-09-01', 'Campus France cost-of-living estimates and CROUS residence rents for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Boston', 'US', 2350, 'USD', '2026-09-01', 'US universities'' published cost of attendance (living expenses) for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Seattle', 'US', 2150, 'USD', '2026-09-01', 'US universities'' published cost of attendance (living expenses) for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Chicago', 'US', 1900, 'USD', '2026-09-01', 'US universities'' published cost of attendance (living expenses) for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Denver', 'US', 1800, 'USD', '2026-09-01', 'US universities'' published cost of attendance (living expenses) for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Portland', 'US', 1750, 'USD', '2026-09-01', 'US universities'' published cost of attendance (living expenses) for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Austin', 'US', 1700, 'USD', '2026-09-01', 'US universities'' published cost of attendance (living expenses) for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Atlanta', 'US', 1650, 'USD', '2026-09-01', 'US universities'' published cost of attendance (living expenses) for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Vancouver', 'CA', 2200, 'CAD', '2026-09-01', 'Canadian study-permit financial guidance and universities'' living-cost estimates for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Toronto', 'CA', 2100, 'CAD', '2026-09-01', 'Canadian study-permit financial guidance and universities'' living-cost estimates for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Calgary', 'CA', 1750, 'CAD', '2026-09-01', 'Canadian study-permit financial guidance and universities'' living-cost estimates for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Montreal', 'CA', 1650, 'CAD', '2026-09-01', 'Canadian study-permit financial guidance and universities'' living-cost estimates for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Halifax', 'CA', 1600, 'CAD', '2026-09-01', 'Canadian study-permit financial guidance and universities'' living-cost estimates for 2026/27, rounded', '2026-11-02T09:00:00Z'),
  ('Sydney', 'AU', 2600, 'AUD', '2026-09-01', 'Australian student visa living-cost figure and universities'' city estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Melbourne', 'AU', 2400, 'AUD', '2026-09-01', 'Australian student visa living-cost figure and universities'' city estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Brisbane', 'AU', 2250, 'AUD', '2026-09-01', 'Australian student visa living-cost figure and universities'' city estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Perth', 'AU', 2200, 'AUD', '2026-09-01', 'Australian student visa living-cost figure and universities'' city estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Adelaide', 'AU', 2100, 'AUD', '2026-09-01', 'Australian student visa living-cost figure and universities'' city estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Auckland', 'NZ', 2100, 'NZD', '2026-09-01', 'New Zealand student visa funds guidance and universities'' living-cost estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Wellington', 'NZ', 1950, 'NZD', '2026-09-01', 'New Zealand student visa funds guidance and universities'' living-cost estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Christchurch', 'NZ', 1800, 'NZD', '2026-09-01', 'New Zealand student visa funds guidance and universities'' living-cost estimates for 2026, rounded', '2026-11-02T09:00:00Z'),
  ('Dunedin', 'NZ', 1700, 'NZD', '2026-09-01', 'New Zealand student visa funds guidance and universities'' living-cost estimates for 2026, rounded', '2026-11-02T09:00:00Z');
