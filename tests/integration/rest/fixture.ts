import type { RunningStack } from '../../../supabase/local/server.ts';

export const alice = '00000000-0000-4000-8000-00000000000a';
export const bob = '00000000-0000-4000-8000-00000000000b';

/**
 * A user access token signed with the stack's legacy HS256 JWT secret, which the REST API accepts
 * like a session token.
 */
export function userToken(
  stack: RunningStack,
  sub: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  return stack.signToken({ sub, ...extra }, { legacy: true });
}

/** A schema exercising every kind of embedding, filter, RLS policy and function the suite calls. */
export const fixtureSql = `
drop table if exists public.rt_notes, public.rt_reservations, public.rt_post_labels, public.rt_labels, public.rt_posts,
  public.rt_people, public.rt_capitals, public.rt_cities, public.rt_countries cascade;
drop function if exists public.rt_add, public.rt_hello, public.rt_cities_of, public.rt_city_count, public.rt_biggest_city,
  public.rt_rename_city, public.rt_echo, public.rt_sum_all, public.rt_whoami, public.rt_refuse, public.rt_touch_cities,
  public.rt_country_names, public.rt_add_out, public.rt_double;
create table public.rt_countries (
  id int primary key, name text not null, code text unique, population bigint, languages text[],
  meta jsonb, founded date, area numeric
);
create table public.rt_cities (
  id int primary key, name text not null, country_id int references public.rt_countries(id), population int,
  description text
);
create table public.rt_capitals (country_id int primary key references public.rt_countries(id), city_id int references public.rt_cities(id));
create table public.rt_people (id uuid primary key, username text unique not null, bio text);
create table public.rt_posts (
  id serial primary key, title text not null, author_id uuid references public.rt_people(id),
  editor_id uuid references public.rt_people(id), published boolean default false, rating int,
  search tsvector generated always as (to_tsvector('english', title)) stored
);
create table public.rt_labels (id int primary key, name text not null);
create table public.rt_post_labels (
  post_id int references public.rt_posts(id), label_id int references public.rt_labels(id), primary key (post_id, label_id)
);
create table public.rt_reservations (id int primary key, during int4range, seats int[]);
create table public.rt_notes (
  id serial primary key, owner uuid not null default auth.uid(), body text not null, pinned boolean default false
);
alter table public.rt_notes enable row level security;
create policy rt_notes_select on public.rt_notes for select to authenticated using (owner = (select auth.uid()));
create policy rt_notes_insert on public.rt_notes for insert to authenticated with check (owner = (select auth.uid()));
create policy rt_notes_update on public.rt_notes for update to authenticated using (owner = (select auth.uid()));
create policy rt_notes_delete on public.rt_notes for delete to authenticated using (owner = (select auth.uid()));

insert into public.rt_countries values
  (1, 'France', 'FR', 68000000, '{fr}', '{"continent": "Europe", "capital": {"name": "Paris"}}', '1792-09-22', 643801),
  (2, 'Japan', 'JP', 125000000, '{ja}', '{"continent": "Asia", "capital": {"name": "Tokyo"}}', null, 377975),
  (3, 'Canada', 'CA', 39000000, '{en,fr}', '{"continent": "America"}', '1867-07-01', 9984670),
  (4, 'Atlantis', null, null, '{}', null, null, null);
insert into public.rt_cities values
  (1, 'Paris', 1, 2100000, 'City of light'), (2, 'Lyon', 1, 520000, 'Gastronomy capital'),
  (3, 'Tokyo', 2, 14000000, 'Huge metropolis'), (4, 'Osaka', 2, 2700000, null),
  (5, 'Montreal', 3, 1780000, 'Bilingual city'), (6, 'Toronto', 3, 2800000, 'Largest city');
insert into public.rt_capitals values (1, 1), (2, 3);
insert into public.rt_people values
  ('${alice}', 'alice', 'Writes'), ('${bob}', 'bob', null);
insert into public.rt_posts (title, author_id, editor_id, published, rating) values
  ('Hello world', '${alice}', '${bob}', true, 5), ('Second thoughts', '${alice}', null, false, 3),
  ('Bob speaks', '${bob}', '${alice}', true, null);
insert into public.rt_labels values (1, 'news'), (2, 'tech'), (3, 'life');
insert into public.rt_post_labels values (1, 1), (1, 2), (3, 3);
insert into public.rt_reservations values (1, '[1,5)', '{1,2}'), (2, '[10,20)', '{3}');
insert into public.rt_notes (owner, body, pinned) values
  ('${alice}', 'alice one', true), ('${alice}', 'alice two', false), ('${bob}', 'bob one', false);

create function public.rt_add(a int, b int) returns int language sql immutable as $$ select a + b $$;
create function public.rt_hello() returns text language sql stable as $$ select 'Hello world' $$;
create function public.rt_cities_of(country int) returns setof public.rt_cities language sql stable as
  $$ select * from public.rt_cities where country_id = country $$;
create function public.rt_city_count() returns table (country text, cities bigint) language sql stable as
  $$ select c.name, count(ci.id) from public.rt_countries c left join public.rt_cities ci on ci.country_id = c.id group by c.name $$;
create function public.rt_country_names() returns table (name text) language sql stable as
  $$ select name from public.rt_countries $$;
create function public.rt_add_out(a int, b int, out total int) language sql immutable as $$ select a + b $$;
create function public.rt_double(inout n int) language sql immutable as $$ select n * 2 $$;
create function public.rt_biggest_city() returns public.rt_cities language sql stable as
  $$ select * from public.rt_cities order by population desc nulls last limit 1 $$;
create function public.rt_rename_city(city int, new_name text) returns void language sql volatile as
  $$ update public.rt_cities set name = new_name where id = city $$;
create function public.rt_echo(payload jsonb) returns jsonb language sql immutable as $$ select payload $$;
create function public.rt_sum_all(numbers int[]) returns int language sql immutable as $$ select sum(n)::int from unnest(numbers) n $$;
create function public.rt_whoami() returns text language sql stable as $$ select coalesce(auth.uid()::text, 'nobody') || ':' || current_user $$;
create function public.rt_refuse(reason text) returns void language plpgsql as $$ begin raise exception '%', reason; end $$;
create function public.rt_touch_cities() returns int language sql volatile as $$ update public.rt_cities set population = population returning 1 $$;
`;
