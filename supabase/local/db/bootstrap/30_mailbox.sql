-- Platform bootstrap, part 30: the local mailbox's store (the Supabase CLI's mail catcher role).
-- Outside every exposed schema, so no API role can read it.
create schema if not exists _local;

create table if not exists _local.mailbox (
  id bigint generated always as identity primary key,
  channel text not null,
  recipient text not null,
  kind text not null,
  subject text not null,
  body_text text not null,
  body_html text,
  created_at timestamptz not null default now()
);
-- What came with each e-mail (name, type, size), as a mail catcher lists it; the bytes are not kept.
alter table _local.mailbox add column if not exists attachments jsonb not null default '[]';
