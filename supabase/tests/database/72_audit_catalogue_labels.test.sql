-- The audit log names scholarships, living costs and message templates instead of showing ids.
begin;
select plan(4);
select tests.create_user('boss', 'admin');
select tests.create_catalogue();
insert into public.scholarships (slug, provider, name, award_kind, percentage, applies_to, visible)
  values ('tap-sch-label', 'Tap Trust', 'Tap Label Award', 'percentage', 20, 'any', true);
delete from public.audit_log;

select tests.authenticate_as('boss');
update public.scholarships set name = 'Tap Renamed Award', version = version where slug = 'tap-sch-label';
update public.living_costs set monthly_amount = 1111, version = version where city = 'Leeds';
update public.message_templates set subject = 'Tap subject', version = version
  where key = (select min(key) from public.message_templates);

select results_eq($$select entity_label from public.audit_entries('scholarships')$$,
  array['Tap Renamed Award'], 'a scholarship is named');
select results_eq($$select entity_label from public.audit_entries('living_costs')$$,
  array['Leeds (GB)'], 'a living cost is named by its city and country');
select results_eq($$select entity_label from public.audit_entries('message_templates')$$,
  $$select description from public.message_templates where key = (select min(key) from public.message_templates)$$,
  'a message template is named by its description');
select is((select count(*)::integer from public.audit_entries() e
    where e.entity_label ~* '^[0-9a-f]{8}-[0-9a-f]{4}-'), 0, 'no entry is labelled with an id');

select * from finish();
rollback;
