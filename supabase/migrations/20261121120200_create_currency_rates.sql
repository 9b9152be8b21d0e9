-- Dated exchange rates: one unit of `currency` is worth `rate_to_usd` US dollars on `as_of`.
create table public.currency_rates (
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  rate_to_usd numeric(18, 8) not null check (rate_to_usd > 0),
  as_of date not null,
  primary key (currency, as_of)
);

alter table public.currency_rates enable row level security;
revoke truncate, references, trigger on public.currency_rates from anon, authenticated;
revoke insert, update, delete on public.currency_rates from anon;

create policy currency_rates_select on public.currency_rates
  for select to anon, authenticated
  using (true);
create policy currency_rates_insert_admin on public.currency_rates
  for insert to authenticated
  with check ((select public.has_role('admin')));
create policy currency_rates_update_admin on public.currency_rates
  for update to authenticated
  using ((select public.has_role('admin')))
  with check ((select public.has_role('admin')));
create policy currency_rates_delete_admin on public.currency_rates
  for delete to authenticated
  using ((select public.has_role('admin')));

-- The newest rate per currency; invoker rights so the table's policies still apply.
create view public.latest_currency_rates with (security_invoker = true) as
  select distinct on (currency) currency, rate_to_usd, as_of
  from public.currency_rates
  order by currency, as_of desc;

-- Converts with the newest rates; null when either currency has no rate.
create or replace function public.convert_amount(amount numeric, from_currency text, to_currency text)
returns numeric
language sql stable
set search_path = ''
as $$
  select case
    when amount is null then null
    when upper(from_currency) = upper(to_currency) then amount
    else round(
      amount
        * (select r.rate_to_usd from public.currency_rates r
           where r.currency = upper(from_currency) order by r.as_of desc limit 1)
        / (select r.rate_to_usd from public.currency_rates r
           where r.currency = upper(to_currency) order by r.as_of desc limit 1),
      2)
  end
$$;
