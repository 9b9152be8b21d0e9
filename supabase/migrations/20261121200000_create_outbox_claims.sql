-- The sender outside the database takes pending e-mails in small batches. A claim stamps sent_at in
-- the same statement that locks the rows, skipping rows another sender holds, so two sweeps running
-- at once never deliver the same message twice. A failed delivery is handed back for a later sweep;
-- after max_attempts a message stays pending for a person to look at instead of being retried forever.
create or replace function public.claim_notifications(batch_size integer default 20, max_attempts integer default 10)
returns table (id uuid, recipient text, kind text, subject text, body text, attempts integer)
language sql volatile
set search_path = ''
as $$
  update public.notification_outbox o
     set sent_at = now(), attempts = o.attempts + 1
   where o.id in (
     select p.id from public.notification_outbox p
      where p.sent_at is null and p.attempts < max_attempts
      order by p.created_at
      limit least(greatest(batch_size, 1), 100)
      for update skip locked)
  returning o.id, o.recipient, o.kind, o.subject, o.body, o.attempts
$$;

create or replace function public.release_notification(notification_id uuid, failure text)
returns void
language sql volatile
set search_path = ''
as $$
  update public.notification_outbox
     set sent_at = null, last_error = left(failure, 1000)
   where id = notification_id
$$;

revoke execute on function public.claim_notifications(integer, integer), public.release_notification(uuid, text)
  from public, anon, authenticated;
grant execute on function public.claim_notifications(integer, integer), public.release_notification(uuid, text)
  to service_role;
