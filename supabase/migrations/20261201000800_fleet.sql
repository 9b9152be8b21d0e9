-- What several app servers share besides the data: rate limits and the first-administrator setup token.
-- (The outbox's leased claims, which keep N senders from sending a message twice or losing it, are in
-- the communication migration.)

-- ---------------------------------------------------------------------------------------------
-- Rate limits.

-- Rate limits every app server shares: a fixed window per bucket (e.g. 'auth') and subject (a digest of
-- the client address, or a user id). The counts live here rather than in each server's memory, so a limit
-- holds across the whole fleet. Only the service role may count: a visitor who could call this could
-- use up someone else's window.

create table public.rate_limit_windows (
  bucket text not null check (length(bucket) between 1 and 40),
  subject text not null check (length(subject) between 1 and 128),
  window_start timestamptz not null,
  hits integer not null check (hits > 0),
  primary key (bucket, subject)
);

alter table public.rate_limit_windows enable row level security;
revoke all on table public.rate_limit_windows from public, anon, authenticated;

-- Counts one attempt and says whether it is within the limit, and when the window ends. The upsert takes
-- the row's lock, so attempts at the same moment on different servers count one after the other.
create or replace function public.take_rate_limit(
  bucket text, subject text, max_hits integer, window_seconds integer
) returns table (allowed boolean, retry_after_seconds integer)
language plpgsql security definer
set search_path = ''
as $$
declare
  span interval := make_interval(secs => greatest(window_seconds, 1));
  counted public.rate_limit_windows;
begin
  insert into public.rate_limit_windows as w (bucket, subject, window_start, hits)
  values (take_rate_limit.bucket, take_rate_limit.subject, now(), 1)
  on conflict on constraint rate_limit_windows_pkey do update set
    window_start = case when w.window_start <= now() - span then now() else w.window_start end,
    hits = case when w.window_start <= now() - span then 1 else w.hits + 1 end
  returning w.* into counted;
  return query select counted.hits <= max_hits,
    greatest(ceil(extract(epoch from counted.window_start + span - now())), 0)::integer;
end
$$;

revoke execute on function public.take_rate_limit(text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.take_rate_limit(text, text, integer, integer) to service_role;

-- Windows that ended a day ago say nothing any more; the hourly job drops them.
create or replace function public.forget_rate_limits() returns integer
language sql security definer
set search_path = ''
as $$
  with gone as (
    delete from public.rate_limit_windows w where w.window_start < now() - interval '1 day' returning 1
  )
  select count(*)::integer from gone
$$;

revoke execute on function public.forget_rate_limits() from public, anon, authenticated;
grant execute on function public.forget_rate_limits() to service_role;

-- ---------------------------------------------------------------------------------------------
-- The first-administrator setup token, when the deployment sets no SETUP_ADMIN_TOKEN.

-- One token for the whole fleet: the first server to start stores its digest (never the token) and prints
-- the token; servers starting within the hour find it and print nothing new, so whichever server a
-- browser reaches accepts the printed token. A server starting later replaces it with its own.
create table public.admin_setup_token (
  id boolean primary key default true check (id),
  digest text not null check (length(digest) between 32 and 128),
  created_at timestamptz not null default now()
);

alter table public.admin_setup_token enable row level security;
revoke all on table public.admin_setup_token from public, anon, authenticated;

-- True when this digest became the fleet's token (the caller prints the token); false when a token from
-- the last hour stands, or an administrator exists and no token is needed any more.
create or replace function public.offer_setup_token(token_digest text) returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  stored integer;
begin
  if exists (select 1 from public.user_roles r where r.role = 'admin') then
    delete from public.admin_setup_token;
    return false;
  end if;
  insert into public.admin_setup_token as t (id, digest) values (true, token_digest)
  on conflict (id) do update set digest = excluded.digest, created_at = now()
    where t.created_at < now() - interval '1 hour';
  get diagnostics stored = row_count;
  return stored = 1;
end
$$;

revoke execute on function public.offer_setup_token(text) from public, anon, authenticated;
grant execute on function public.offer_setup_token(text) to service_role;

create or replace function public.setup_token_matches(token_digest text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.admin_setup_token t where t.digest = token_digest)
$$;

revoke execute on function public.setup_token_matches(text) from public, anon, authenticated;
grant execute on function public.setup_token_matches(text) to service_role;
