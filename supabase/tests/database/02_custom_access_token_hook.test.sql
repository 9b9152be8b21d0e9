-- custom_access_token_hook: Auth (supabase_auth_admin) runs it and reads every user's roles for it;
-- the Data API roles can neither call it nor read more roles than before.
begin;
select plan(9);
select tests.create_user('applicant');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
insert into public.user_roles (user_id, role) values (tests.user_id('admin'), 'counsellor');

create temporary table event_for (handle text, event jsonb) on commit drop;
insert into event_for
select handle, jsonb_build_object('user_id', tests.user_id(handle), 'authentication_method', 'password',
  'claims', jsonb_build_object('sub', tests.user_id(handle), 'role', 'authenticated'))
from unnest(array['applicant', 'counsellor', 'admin']) as handle;
grant select on event_for to supabase_auth_admin, authenticated;
-- pgTAP and the test helpers, for this run only: the hook itself needs neither.
grant usage on schema extensions, tests to supabase_auth_admin;

set local role supabase_auth_admin;
select is((select public.custom_access_token_hook(event) -> 'claims' -> 'app_roles' from event_for where handle = 'applicant'),
  '[]'::jsonb, 'an applicant''s token names no role');
select is((select public.custom_access_token_hook(event) -> 'claims' -> 'app_roles' from event_for where handle = 'counsellor'),
  '["counsellor"]'::jsonb, 'a counsellor''s token names their role');
select is((select public.custom_access_token_hook(event) -> 'claims' -> 'app_roles' from event_for where handle = 'admin'),
  '["admin", "counsellor"]'::jsonb, 'every role is named, in order');
select is((select public.custom_access_token_hook(event) -> 'claims' ->> 'role' from event_for where handle = 'admin'),
  'authenticated', 'the other claims are kept');
select is(tests.row_count($$select 1 from public.user_roles where user_id in (tests.user_id('counsellor'), tests.user_id('admin'))$$),
  3, 'Auth reads everyone''s roles');
select throws_ok($$delete from public.user_roles$$, '42501', null, 'Auth cannot revoke a role');
reset role;

select tests.authenticate_as('counsellor');
select throws_ok($$select public.custom_access_token_hook(event) from event_for where handle = 'admin'$$,
  '42501', null, 'a signed-in user cannot call the hook');
select is(tests.row_count($$select 1 from public.user_roles$$), 1, 'a counsellor still sees their own role only');
select tests.authenticate_as_anon();
select throws_ok($$select public.custom_access_token_hook('{}')$$, '42501', null, 'anon cannot call the hook');

select * from finish();
rollback;
