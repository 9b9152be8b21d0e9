-- The audit log is append-only and written by triggers alone. The service role (the server) keeps
-- reading it, but no API role can add, rewrite or erase a record, not even with the service key.
revoke all on public.audit_log from service_role;
grant select on public.audit_log to service_role;
