/**
 * Tables and functions for the PostgREST features beyond plain embedding: aggregates, computed and
 * self-referencing relationships, views over tables with foreign keys, overloads and RPC preferences.
 * Runs after fixtureSql.
 */
export const fidelitySql = `
drop view if exists public.fx_city_list;
drop table if exists public.fx_orders, public.fx_staff cascade;
drop function if exists public.fx_big_cities, public.fx_manager, public.fx_reports, public.fx_greet, public.fx_pick,
  public.fx_remove_labels, public.fx_add_label, public.fx_numbers, public.fx_counted;
create table public.fx_orders (
  id int primary key, city_id int constraint fx_orders_city_fkey references public.rt_cities(id),
  amount numeric not null, placed date not null
);
insert into public.fx_orders values (1, 1, 10.5, '2024-01-01'), (2, 1, 20, '2024-01-02'), (3, 3, 5, '2024-01-01'),
  (4, 3, 7.25, '2024-01-01');
create table public.fx_staff (
  id int primary key, name text not null, manager_id int constraint fx_staff_manager_fkey references public.fx_staff(id)
);
insert into public.fx_staff values (1, 'Ada', null), (2, 'Ben', 1), (3, 'Cy', 1), (4, 'Di', 2);
create view public.fx_city_list as select id, name, country_id from public.rt_cities;
insert into public.rt_labels values (100, 'a'), (101, 'b'), (102, 'c');

create function public.fx_big_cities(public.rt_countries) returns setof public.rt_cities language sql stable as
  $$ select * from public.rt_cities where country_id = $1.id and population >= 2700000 $$;
create function public.fx_manager(public.fx_staff) returns setof public.fx_staff rows 1 language sql stable as
  $$ select * from public.fx_staff where id = $1.manager_id $$;
create function public.fx_reports(public.fx_staff) returns setof public.fx_staff language sql stable as
  $$ select * from public.fx_staff where manager_id = $1.id $$;
create function public.fx_greet(name text) returns text language sql immutable as $$ select 'Hello ' || name $$;
create function public.fx_greet(first text, last text) returns text language sql immutable as
  $$ select 'Hello ' || first || ' ' || last $$;
create function public.fx_pick(a int) returns text language sql immutable as $$ select 'int' $$;
create function public.fx_pick(a text) returns text language sql immutable as $$ select 'text' $$;
create function public.fx_remove_labels(from_id int) returns setof public.rt_labels language sql volatile as
  $$ delete from public.rt_labels where id >= from_id returning * $$;
create function public.fx_add_label(label_id int) returns int language sql volatile as
  $$ insert into public.rt_labels values (label_id, 'added') returning id $$;
create function public.fx_numbers() returns setof int language sql immutable as $$ select generate_series(1, 5) $$;
-- Counts its calls within the transaction (a setting, as a read-only transaction allows writing no row).
create function public.fx_counted() returns int language sql stable as
  $$ select set_config('fx.calls', (coalesce(nullif(current_setting('fx.calls', true), ''), '0')::int + 1)::text, true)::int $$;
`;
