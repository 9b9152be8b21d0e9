-- Template drafts: an administrator's edit waits aside (messages keep the published words), is
-- previewed on a real application, then published as a new version or discarded; a draft is checked
-- as a template is, and publishing over a template changed since the draft was written is refused.
begin;
select plan(15);
select tests.create_user('owner');
select tests.create_user('counsellor', 'counsellor');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();
insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, answers)
  select tests.user_id('owner'), i.course_id, i.id, 'under_review', 'UP-2026-DRAF01', now(), '{"personal": {"full_name": "Olu Owner"}}'
  from public.intakes i where i.term = 'Tap Open Term';
create function pg_temp.live_subject() returns text language sql stable security definer as
  $$ select subject from public.message_templates where key = 'decision_offer_unconditional' $$;
create function pg_temp.version() returns integer language sql stable security definer as
  $$ select version from public.message_templates where key = 'decision_offer_unconditional' $$;

select tests.authenticate_as('admin');
select lives_ok($$insert into public.message_template_drafts (template_key, subject, summary, body_text, body_html, based_on)
  select key, 'Good news, {{recipient_name}}: your offer {{reference}}', summary, body_text, body_html, version
  from public.message_templates where key = 'decision_offer_unconditional'$$, 'an administrator saves a draft');
select is(pg_temp.live_subject(), 'Your offer: {{reference}}', 'the published words are unchanged');
select lives_ok($$insert into public.message_template_drafts as d (template_key, subject, summary, body_text, body_html, based_on)
  select key, 'Good news, {{recipient_name}}: your offer {{reference}}', summary, body_text, body_html, version
  from public.message_templates where key = 'decision_offer_unconditional'
  on conflict (template_key) do update set template_key = excluded.template_key, subject = excluded.subject,
    summary = excluded.summary, body_text = excluded.body_text, body_html = excluded.body_html, based_on = excluded.based_on$$,
  'saving again replaces the draft, as the editor''s upsert does');
select is((select subject from public.preview_message_template('decision_offer_unconditional', 'UP-2026-DRAF01', from_draft => true)), 'Good news, owner: your offer UP-2026-DRAF01', 'the draft is previewed on a real application');
select is((select subject from public.preview_message_template('decision_offer_unconditional', 'UP-2026-DRAF01')), 'Your offer: UP-2026-DRAF01', 'and the published words still can be');
select throws_like($$update public.message_template_drafts set subject = 'Offer {{nope}}' where template_key = 'decision_offer_unconditional'$$, 'The subject uses unknown merge field(s) {{nope}}.%', 'a draft is checked as the template is');
select throws_like($$update public.message_template_drafts set body_html = '<p onclick="x()">Hi</p>' where template_key = 'decision_offer_unconditional'$$, 'The HTML body may not use the onclick attribute%', 'its HTML too');

-- Publishing makes the draft the template's words, a new version, with the change in the audit log.
select is((public.publish_template_draft('decision_offer_unconditional')).subject, 'Good news, {{recipient_name}}: your offer {{reference}}', 'publishing makes the draft the template');
select is((select count(*) from public.message_template_drafts), 0::bigint, 'and the draft is gone');
select tests.clear_authentication();
select ok((select after ->> 'subject' = 'Good news, {{recipient_name}}: your offer {{reference}}' and before ->> 'subject' = 'Your offer: {{reference}}' from public.audit_log where entity = 'message_templates' and entity_id = 'decision_offer_unconditional' order by id desc limit 1), 'the audit log has what the subject was and became');
select tests.authenticate_as('admin');
select throws_ok($$select public.publish_template_draft('decision_offer_unconditional')$$, 'P0001', 'There is no draft of that template to publish.', 'nothing to publish twice');

-- A draft written on an older version: publishing it is refused, not a silent overwrite.
insert into public.message_template_drafts (template_key, subject, summary, body_text, body_html, based_on)
  select key, 'Older words {{reference}}', summary, body_text, body_html, version - 1
  from public.message_templates where key = 'decision_offer_unconditional';
select throws_ok($$select public.publish_template_draft('decision_offer_unconditional')$$, 'PT409', null, 'publishing a draft of an older version is refused');
delete from public.message_template_drafts;

select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.message_template_drafts$$), 0, 'a counsellor reads no drafts');
select throws_ok($$insert into public.message_template_drafts (template_key, subject, summary, body_text, body_html, based_on) values ('decision_offer_unconditional', 'x', 'x', 'x', '<p>x</p>', 1)$$, '42501', null, 'nor writes one');
select throws_ok($$select public.publish_template_draft('decision_offer_unconditional')$$, '42501', null, 'nor publishes');

select * from finish();
rollback;
