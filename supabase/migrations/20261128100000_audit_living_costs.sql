-- Living costs are administrators' catalogue data like the scholarships, so every insert, edit and
-- deletion by staff is written to the audit log by the same trigger (20261127120000_create_scholarships.sql).
create trigger living_costs_audit after insert or update or delete on public.living_costs
  for each row execute function public.audit_staff_change();
