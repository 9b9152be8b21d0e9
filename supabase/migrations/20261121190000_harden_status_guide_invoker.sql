-- Views in public run with the caller's rights, so a view can never read more than its caller may.
-- The status guide reads no table today; invoker rights keep it that way if it ever joins one.
do $$
begin
  if to_regclass('public.application_status_guide') is not null then
    alter view public.application_status_guide set (security_invoker = true);
  end if;
end
$$;
