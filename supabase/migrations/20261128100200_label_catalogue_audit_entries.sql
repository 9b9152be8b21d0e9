-- The audit log names scholarships, living costs and message templates the way it names the rest
-- of the catalogue, instead of showing their ids. The whole function is restated, as a migration
-- must; only the three new cases differ from 20261125110000_create_audit_entries.sql.
create or replace function public.audit_record_label(entity text, entity_id text, before jsonb, after jsonb,
  application uuid)
returns text
language plpgsql stable security definer
set search_path = ''
as $$
declare
  recorded jsonb := coalesce(before, '{}'::jsonb) || coalesce(after, '{}'::jsonb);
  record_id uuid := case when entity_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then entity_id::uuid end;
  app_reference text := public.audit_application_label(application);
  label text;
begin
  case entity
    when 'applications' then
      return app_reference;
    when 'application_documents' then
      return public.document_kind_label(coalesce((select d.kind from public.application_documents d where d.id = record_id),
        recorded ->> 'kind', 'document')) || ' for ' || coalesce(app_reference, 'an application');
    when 'application_notes' then
      return 'Note on ' || coalesce(app_reference, 'an application');
    when 'application_decisions' then
      return 'Decision on ' || coalesce(app_reference, 'an application');
    when 'place_alerts' then
      return 'Place freed by ' || coalesce(app_reference, 'an application');
    when 'leads' then
      select coalesce(l.name, l.email, 'WhatsApp contact') into label from public.leads l where l.id = record_id;
      return coalesce(label, recorded ->> 'name', recorded ->> 'email', 'a deleted lead');
    when 'universities' then
      return coalesce((select u.name from public.universities u where u.id = record_id), recorded ->> 'name',
        'a deleted university');
    when 'courses' then
      return coalesce((select c.title || ', ' || c.university_name from public.courses c where c.id = record_id),
        recorded ->> 'title', 'a deleted course');
    when 'intakes' then
      if exists (select 1 from public.intakes i where i.id = record_id) then
        return public.audit_intake_label(record_id);
      end if;
      return coalesce((recorded ->> 'term') || ' · ' || public.audit_course_label((recorded ->> 'course_id')::uuid),
        'a deleted intake');
    when 'document_requirements' then
      select public.document_kind_label(r.kind) || ' for ' || public.audit_course_label(r.course_id) into label
      from public.document_requirements r where r.id = record_id;
      return coalesce(label, public.document_kind_label(recorded ->> 'kind') || ' for '
        || public.audit_course_label((recorded ->> 'course_id')::uuid), 'a deleted document requirement');
    when 'user_roles' then
      return case recorded ->> 'role' when 'admin' then 'Administrator' when 'counsellor' then 'Counsellor'
        else coalesce(initcap(recorded ->> 'role'), 'Staff') end || ' role of ' || public.person_name(record_id);
    when 'decision_reasons' then
      return coalesce((select r.public_wording from public.decision_reasons r where r.id = record_id),
        recorded ->> 'public_wording', 'a deleted reason');
    when 'scholarships' then
      return coalesce((select s.name from public.scholarships s where s.id = record_id), recorded ->> 'name',
        'a deleted scholarship');
    when 'living_costs' then
      return coalesce((select c.city || ' (' || c.country_code || ')' from public.living_costs c where c.id = record_id),
        (recorded ->> 'city') || ' (' || (recorded ->> 'country_code') || ')', 'a deleted living cost');
    when 'message_templates' then
      return coalesce((select t.description from public.message_templates t where t.key = entity_id),
        entity_id);
    else
      return entity_id;
  end case;
end
$$;

revoke execute on function public.audit_record_label(text, text, jsonb, jsonb, uuid) from public, anon, authenticated;
