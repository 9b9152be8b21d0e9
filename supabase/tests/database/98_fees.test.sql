-- Money: public.invoices, public.invoice_lines, public.ledger_entries, public.payment_attempts,
-- public.fee_waivers, public.fee_waiver_codes, public.statement_imports and public.invoice_summaries.
-- Submitting raises one fee invoice (the cycle fee once, else a line per charged choice); an unpaid
-- application waits in 'submitted', unread; money comes in once per source (a form, a statement row,
-- a provider's notification) and never goes out of the ledger but by a refund; waivers by code or by
-- reason; deposits raised on acceptance, reminded, lapsed unless extended.
begin;
select plan(187);
select tests.create_user(h) from unnest(array['owner1', 'owner2', 'owner3', 'owner4', 'owner5', 'owner6', 'owner7']) h;
select tests.create_user(h, 'counsellor')
  from unnest(array['counsellor', 'first_office', 'second_office', 'third_office', 'reader1']) h;
insert into public.user_roles (user_id, role) values (tests.user_id('reader1'), 'reader');
select tests.create_user('admin', 'admin');
select tests.create_catalogue();

-- Two more universities: the second with a course asking a deposit, the third with no applicants.
insert into public.universities (slug, name, country_code, city, currency, published) values
  ('tap-uni-second', 'Tap Second University', 'GB', 'Leeds', 'GBP', true),
  ('tap-uni-third', 'Tap Third University', 'GB', 'Hull', 'GBP', true);
insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount, tuition_currency,
  published, deposit_minor, deposit_currency, deposit_days)
  select 'tap-course-second', u.id, 'Tap Second Course', 'master', 'Computing', 12, 15000, 'GBP', true, 20000, 'GBP', 7
  from public.universities u where u.slug = 'tap-uni-second';
insert into public.document_requirements (course_id, kind, description)
  select c.id, 'passport', 'tap' from public.courses c where c.slug = 'tap-course-second';
insert into public.intakes (course_id, term, start_date, deadline, status, capacity, application_fee_minor,
  application_fee_currency)
  select c.id, x.term, current_date + 120, current_date + x.days, 'open', 1, x.fee, x.currency
  from public.courses c, (values ('Tap Second Term', 60, 2500, 'GBP'), ('Tap Second Spring', 90, null, null)) x (term, days, fee, currency)
  where c.slug = 'tap-course-second';
insert into public.intakes (course_id, term, start_date, deadline, status)
  select c.id, 'Tap Third Term', current_date + 200, current_date + 100, 'open' from public.courses c where c.slug = 'tap-course-pub';
-- The fee the catalogue lists for the first course: information until fees are collected.
update public.courses set application_fee = 50, application_fee_currency = 'GBP' where slug = 'tap-course-pub';
insert into public.staff_universities (user_id, university_id)
  select tests.user_id(x.who), u.id from (values ('first_office', 'tap-uni-pub'), ('second_office', 'tap-uni-second'),
    ('third_office', 'tap-uni-third')) x (who, slug) join public.universities u on u.slug = x.slug;

create temp table tap (k text primary key, v uuid);
create temp table imports (run integer, line integer, outcome text, invoice_reference text, detail text);
grant select, insert on tap, imports to anon, authenticated, service_role;
create function pg_temp.app(key text) returns uuid language sql stable as $$ select v from pg_temp.tap where k = key $$;
create function pg_temp.status(key text) returns text language sql stable security definer as
  $$ select a.status from public.applications a where a.id = pg_temp.app(key) $$;
-- The application fee invoice of an application, and the deposit invoice of a choice.
create function pg_temp.fee(key text) returns uuid language sql stable security definer as $$
  select v.id from public.invoices v where v.group_id = pg_temp.app(key) and v.kind = 'application_fee'
  order by v.reference limit 1 $$;
create function pg_temp.deposit(key text) returns uuid language sql stable security definer as $$
  select v.id from public.invoices v where v.application_id = pg_temp.app(key) and v.kind = 'deposit' $$;
create function pg_temp.ref(invoice uuid) returns text language sql stable security definer as
  $$ select v.reference from public.invoices v where v.id = invoice $$;
create function pg_temp.invoice_version(invoice uuid) returns integer language sql stable security definer as
  $$ select v.version from public.invoices v where v.id = invoice $$;
create function pg_temp.state(invoice uuid) returns text language sql stable as
  $$ select s.state from public.invoice_summaries s where s.id = invoice $$;
-- What the invoice asks (its lines) against what the ledger says: paid + waived + refunds + outstanding.
create function pg_temp.adds_up(invoice uuid) returns boolean language sql stable as $$
  select (select sum(l.amount_minor) from public.invoice_lines l where l.invoice_id = invoice)
    = s.paid_minor + s.waived_minor + s.refunded_minor + s.outstanding_minor
    and s.paid_minor = coalesce((select sum(e.amount_minor) from public.ledger_entries e
      where e.invoice_id = invoice and e.kind = 'payment'), 0)
  from public.invoice_summaries s where s.id = invoice $$;
create function pg_temp.reads(key text) returns integer language sql stable security definer as $$
  select count(*)::integer from public.application_reads r join public.applications a on a.id = r.application_id
  where a.group_id = pg_temp.app(key) $$;
-- A complete first choice with its passport, and further choices of the same application.
create function pg_temp.first_choice(key text, owner text, term text) returns void language plpgsql as $$
declare
  created uuid;
  stored text;
begin
  insert into public.applications (applicant_id, course_id, intake_id, answers)
    select tests.user_id(owner), i.course_id, i.id, jsonb_build_object(
      'personal', jsonb_build_object('full_name', 'Amara Okafor', 'date_of_birth', '2004-03-14', 'nationality', 'NG'),
      'academic', jsonb_build_array(jsonb_build_object('institution', 'Kings Crest', 'qualification', 'WAEC', 'end_year', 2022)),
      'english_test', jsonb_build_object('test', 'ielts', 'score', 7, 'taken_on', '2026-06-20'),
      'statement', repeat('I want to study computing because it builds things. ', 10))
    from public.intakes i where i.term = first_choice.term
    returning id into created;
  stored := tests.user_id(owner) || '/' || created || '/' || gen_random_uuid() || '-passport.pdf';
  insert into storage.objects (bucket_id, name, owner, metadata)
    values ('application-documents', stored, tests.user_id(owner), '{"size": 2048, "mimetype": "application/pdf"}');
  insert into public.application_documents (application_id, kind, storage_path, file_name, size_bytes, content_type)
    values (created, 'passport', stored, 'passport.pdf', 2048, 'application/pdf');
  insert into pg_temp.tap values (key, created);
end $$;
create function pg_temp.next_choice(key text, first_key text, term text) returns void language sql as $$
  with a as (
    insert into public.applications (applicant_id, course_id, intake_id, answers, group_id, choice_rank)
    select f.applicant_id, i.course_id, i.id, f.answers, f.id,
      (select max(g.choice_rank) + 1 from public.applications g where g.group_id = f.id)
    from public.applications f, public.intakes i where f.id = pg_temp.app(first_key) and i.term = next_choice.term
    returning id)
  insert into pg_temp.tap select key, a.id from a $$;
-- An application already at an offer (or on the waiting list), as decisions leave it.
create function pg_temp.placed(key text, owner text, term text, status text, reference text) returns void language sql as $$
  with a as (
    insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, reply_by)
    select tests.user_id(placed.owner), i.course_id, i.id, placed.status, placed.reference, now(), current_date + 14
    from public.intakes i where i.term = placed.term
    returning id)
  insert into pg_temp.tap select key, a.id from a $$;

-- Fees not collected, and no fee of the intake's own: nothing is charged.
select pg_temp.first_choice('four', 'owner4', 'Tap Open Term');
select tests.authenticate_as('owner4');
select is((public.submit_choices(pg_temp.app('four'))).status, 'submitted', 'an application is submitted');
select tests.clear_authentication();
select is((select count(*)::integer from public.invoices where group_id = pg_temp.app('four')), 0,
  'with fees not collected and no intake fee, no invoice is raised');
select is(pg_temp.reads('four'), 1, 'and its reader is assigned at once');

-- An intake's own fee is charged even when fees are not collected.
select pg_temp.first_choice('three', 'owner3', 'Tap Second Term');
select tests.authenticate_as('owner3');
select is((public.submit_choices(pg_temp.app('three'))).status, 'submitted', 'an application on an intake with a fee is submitted');
select tests.clear_authentication();
select is((select array[count(*)::integer, sum(l.amount_minor)::integer] from public.invoice_lines l
  where l.invoice_id = pg_temp.fee('three') and l.application_id = pg_temp.app('three')), array[1, 2500],
  'the intake''s fee is charged, on a line of its own');
select is(pg_temp.ref(pg_temp.fee('three')), (select reference from public.applications where id = pg_temp.app('three')),
  'the invoice carries the application''s reference');

-- The settings.
select tests.authenticate_as('counsellor');
select throws_ok($$select public.set_fee_settings(true, 5000, 'GBP', 14)$$, '42501', null,
  'only administrators set how fees are collected');
select tests.authenticate_as('admin');
select throws_ok($$select public.set_fee_settings(true, 5000, null, 14)$$, '22023',
  'A fee covering every choice needs an amount above zero and a currency.', 'a cycle fee needs its currency');
select throws_ok($$select public.set_fee_settings(true, null, null, 91)$$, '22023',
  'The grace period is between 0 and 90 days.', 'the grace period has its bounds');
select is((public.set_fee_settings(true, 5000, 'GBP', 14)).cycle_fee_minor, 5000::bigint,
  'an administrator collects fees, one fee covering every choice');

-- The cycle fee: three choices submitted at once, one invoice, one line.
select tests.clear_authentication();
select pg_temp.first_choice('one', 'owner1', 'Tap Open Term');
select pg_temp.next_choice('one-b', 'one', 'Tap Second Term');
select pg_temp.next_choice('one-c', 'one', 'Tap Third Term');
select tests.authenticate_as('owner1');
select is((public.submit_choices(pg_temp.app('one'))).status, 'submitted', 'three choices are submitted at once');
select tests.clear_authentication();
select is((select count(*)::integer from public.invoices where group_id = pg_temp.app('one')), 1,
  'the cycle fee raises one invoice');
select is((select array_agg(array[coalesce(l.application_id::text, 'every choice'), l.amount_minor::text])
  from public.invoice_lines l where l.invoice_id = pg_temp.fee('one')), array[array['every choice', '5000']],
  'with one line covering every choice');
select is((select due_on from public.invoices where id = pg_temp.fee('one')), current_date + 114,
  'due the grace period after the latest deadline of its choices');
insert into tap values ('inv1', pg_temp.fee('one'));

-- Per-choice fees: one invoice, a line per charged choice.
select tests.authenticate_as('admin');
select is((public.set_fee_settings(true, null, null, 14)).cycle_fee_minor, null::bigint, 'each choice is charged on its own');
select tests.clear_authentication();
select pg_temp.first_choice('two', 'owner2', 'Tap Second Term');
select pg_temp.next_choice('two-b', 'two', 'Tap Third Term');
select tests.authenticate_as('owner2');
select is((public.submit_choices(pg_temp.app('two'))).status, 'submitted', 'two charged choices are submitted at once');
select tests.clear_authentication();
select is((select count(*)::integer from public.invoices where group_id = pg_temp.app('two')), 1,
  'per-choice fees raise one invoice');
select is((select array_agg(l.amount_minor order by l.id) from public.invoice_lines l where l.invoice_id = pg_temp.fee('two')),
  array[2500, 5000]::bigint[], 'with a line per choice: the intake''s fee and the course''s listed fee');
select is((select count(*)::integer from public.invoice_lines l where l.invoice_id = pg_temp.fee('two')
  and l.application_id in (pg_temp.app('two'), pg_temp.app('two-b'))), 2, 'each line names its choice');
select is(pg_temp.state(pg_temp.fee('two')), 'due', 'a new invoice is due');
set constraints public.invoices_announce immediate;
select is((select array[e.fields ->> 'amount', e.fields ->> 'due_on'] from public.notification_events e
  where e.template_key = 'fee_due' and e.recipient_id = tests.user_id('owner2')),
  array['GBP 75.00', to_char(current_date + 114, 'FMDD FMMonth YYYY')],
  'the applicant is told once what the whole invoice asks and by when');
select is((select count(*)::integer from public.notification_events e where e.template_key = 'fee_due'), 3,
  'each invoice is announced once');
set constraints public.invoices_announce deferred;

-- Who sees the invoices.
select tests.authenticate_as('owner1');
select is(tests.row_count($$select 1 from public.invoices$$), 1, 'an applicant sees their invoice');
select is(tests.row_count($$select 1 from public.invoice_lines$$), 1, 'and its line');
select is(tests.row_count($$select 1 from public.invoice_summaries$$), 1, 'and its summary');
select tests.authenticate_as('owner2');
select is(tests.row_count($$select 1 from public.invoices where group_id = pg_temp.app('one')$$), 0,
  'another applicant sees none of it');
select is(tests.row_count($$select 1 from public.invoice_lines where invoice_id = pg_temp.fee('one')$$), 0, 'nor its lines');
select is((public.invoice_totals(pg_temp.fee('one'))).amount_minor, null::bigint, 'nor its totals');
select is(tests.row_count($$select 1 from public.invoice_lines$$), 2, 'but their own two lines');
select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.invoices$$), 3, 'a counsellor of every university sees every invoice');
select is(tests.row_count($$select 1 from public.invoice_lines$$), 4, 'and every line');
select tests.authenticate_as('first_office');
select is(tests.row_count($$select 1 from public.invoices$$), 2, 'an office sees the invoices of applications with a choice of its own');
select is(tests.row_count($$select 1 from public.invoice_summaries$$), 2, 'and their summaries');
select is(tests.row_count($$select 1 from public.invoice_lines$$), 2,
  'but only the lines of its own choices and those covering every choice');
select is((public.invoice_totals(pg_temp.fee('two'))).amount_minor, 7500::bigint, 'and the whole amount asked');
select tests.authenticate_as('second_office');
select is(tests.row_count($$select 1 from public.invoices$$), 3, 'the other office sees its three');
select tests.authenticate_as('third_office');
select is(tests.row_count($$select 1 from public.invoices$$), 0, 'an office with no choice among them sees none');
select is(tests.row_count($$select 1 from public.invoice_lines$$), 0, 'and no line');
select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.invoices$$), 3, 'an administrator sees every invoice');
select is(tests.row_count($$select 1 from public.invoice_summaries$$), 3, 'and every summary');
select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.invoices$$, '42501', null, 'anonymous callers read no invoice');
select throws_ok($$select 1 from public.invoice_lines$$, '42501', null, 'no line');
select throws_ok($$select 1 from public.invoice_summaries$$, '42501', null, 'no summary');
select throws_ok($$select 1 from public.ledger_entries$$, '42501', null, 'no ledger entry');
select throws_ok($$select 1 from public.payment_attempts$$, '42501', null, 'no payment attempt');
select throws_ok($$select 1 from public.fee_waivers$$, '42501', null, 'no waiver');
select throws_ok($$select 1 from public.fee_waiver_codes$$, '42501', null, 'no waiver code');
select throws_ok($$select 1 from public.statement_imports$$, '42501', null, 'no statement import');

-- Unpaid, the application waits in 'submitted', unread.
select tests.clear_authentication();
select is(pg_temp.reads('one'), 0, 'no reader is assigned to an unpaid application');
select tests.authenticate_as('counsellor');
select throws_ok($$select public.transition_application(pg_temp.app('one'), 'under_review',
  (select version from public.applications where id = pg_temp.app('one')))$$, 'P0001',
  format('This application is awaiting payment: its fee (%s) is not paid or waived yet.', pg_temp.ref(pg_temp.fee('one'))),
  'the review does not start while the fee is unpaid');
select is(pg_temp.status('one'), 'submitted', 'the application stays submitted');

-- A waiver asked for with a reason, refused.
select tests.authenticate_as('owner1');
select throws_ok($$select public.request_fee_waiver(pg_temp.fee('one'), 'too short', null)$$, '22023', null,
  'a waiver asked without a code needs a reason');
insert into tap select 'waiver1', (public.request_fee_waiver(pg_temp.fee('one'), 'I lost my job this year and cannot pay.', null)).id;
select is((select status from public.fee_waivers where id = pg_temp.app('waiver1')), 'requested', 'the request waits for admissions');
select throws_ok($$select public.request_fee_waiver(pg_temp.fee('one'), 'Asking a second time, in case.', null)$$, 'P0001',
  'You have already asked; admissions will answer that request first.', 'one open request at a time');
select tests.authenticate_as('owner2');
select throws_ok($$select public.request_fee_waiver(pg_temp.fee('one'), 'Somebody else''s invoice here.', null)$$, 'P0002',
  'Invoice not found.', 'nobody asks on another applicant''s invoice');
select tests.authenticate_as('third_office');
select throws_ok($$select public.decide_fee_waiver(pg_temp.app('waiver1'), true, 'Granted.', 1)$$, 'P0002',
  'Invoice not found.', 'an office that does not cover the invoice cannot decide');
select tests.authenticate_as('admin');
select throws_ok($$select public.decide_fee_waiver(pg_temp.app('waiver1'), false, 'Please pay by transfer.', 7)$$, '40001',
  'Someone else answered this request meanwhile; reload to see it.', 'a decision names the version it saw');
select is((public.decide_fee_waiver(pg_temp.app('waiver1'), false, 'Please pay by transfer.', 1)).status, 'refused',
  'admissions refuse it with a reason');
select throws_ok($$select public.decide_fee_waiver(pg_temp.app('waiver1'), true, 'Changed my mind.', 2)$$, 'P0001',
  'This request was already answered.', 'an answer is final');
select tests.clear_authentication();
select is((select count(*)::integer from public.ledger_entries where invoice_id = pg_temp.fee('one')), 0,
  'a refused waiver records no money');
select is((select e.fields ->> 'outcome' from public.notification_events e where e.template_key = 'fee_waiver_decided'
  and e.recipient_id = tests.user_id('owner1')), 'refused', 'the applicant is told');

-- Staff record money received; a double click records it once.
select tests.authenticate_as('owner1');
select throws_ok($$select public.record_payment(pg_temp.fee('one'), 5000, current_date, 'cash', null, gen_random_uuid())$$,
  '42501', 'Only admissions staff record payments.', 'an applicant records no payment');
select tests.authenticate_as('third_office');
select throws_ok($$select public.record_payment(pg_temp.fee('one'), 5000, current_date, 'cash', null, gen_random_uuid())$$,
  'P0002', 'Invoice not found.', 'nor does an office that does not cover the invoice');
select tests.authenticate_as('first_office');
select throws_ok($$select public.record_payment(pg_temp.fee('one'), 0, current_date, 'cash', null, gen_random_uuid())$$,
  '22023', 'Enter the amount received, above zero.', 'an amount above zero');
select throws_ok($$select public.record_payment(pg_temp.fee('one'), 100, current_date + 1, 'cash', null, gen_random_uuid())$$,
  '22023', null, 'money does not arrive tomorrow');
select is((public.record_payment(pg_temp.fee('one'), 2000, current_date, 'bank_transfer', 'Seen in the account',
  'a0000000-0000-4000-8000-000000000001')).amount_minor, 2000::bigint, 'an office records a part payment');
select is((public.record_payment(pg_temp.fee('one'), 2000, current_date, 'bank_transfer', 'Seen in the account',
  'a0000000-0000-4000-8000-000000000001')).source_key, 'manual:a0000000-0000-4000-8000-000000000001',
  'the same form sent twice answers with the same entry');
select tests.clear_authentication();
select is((select count(*)::integer from public.ledger_entries where invoice_id = pg_temp.fee('one')), 1, 'and records it once');
select is((select array[outstanding_minor, paid_minor] from public.invoice_summaries where id = pg_temp.fee('one')),
  array[3000, 2000]::bigint[], 'the rest is outstanding');
select is(pg_temp.state(pg_temp.fee('one')), 'part_paid', 'the invoice is part paid');
select ok(pg_temp.adds_up(pg_temp.fee('one')), 'the ledger adds up');
select is(pg_temp.reads('one'), 0, 'a part payment assigns no reader');
select tests.authenticate_as('counsellor');
select throws_like($$select public.transition_application(pg_temp.app('one'), 'under_review',
  (select version from public.applications where id = pg_temp.app('one')))$$,
  'This application is awaiting payment:%', 'nor starts the review');

-- Paying online: the owner starts, the server settles from the provider's notification.
select tests.authenticate_as('owner2');
select throws_ok($$select public.start_payment(pg_temp.fee('one'), 'test')$$, 'P0002', 'Invoice not found.',
  'nobody pays from another applicant''s invoice');
select tests.authenticate_as('counsellor');
select throws_ok($$select public.start_payment(pg_temp.fee('one'), 'test')$$, 'P0002', 'Invoice not found.',
  'nor does staff start a payment');
select tests.authenticate_as('owner1');
select throws_ok($$select public.start_payment(pg_temp.fee('one'), 'barter')$$, '22023', 'Choose a way to pay.',
  'a way to pay the office offers');
insert into tap select 'attempt', (public.start_payment(pg_temp.fee('one'), 'test')).id;
select is((select array[amount_minor::text, state] from public.payment_attempts where id = pg_temp.app('attempt')),
  array['3000', 'pending'], 'the owner starts paying what is outstanding');
select throws_ok($$select public.settle_payment(pg_temp.app('attempt'), true, 3000, 'GBP', 'tx-1')$$, '42501', null,
  'an applicant cannot settle their own payment');
select tests.authenticate_as('admin');
select throws_ok($$select public.settle_payment(pg_temp.app('attempt'), true, 3000, 'GBP', 'tx-1')$$, '42501', null,
  'nor can an administrator');
select tests.authenticate_as_service_role();
select throws_ok($$select public.settle_payment(pg_temp.app('attempt'), true, 2999, 'GBP', 'tx-1')$$, '22023', null,
  'the server refuses a notification for another amount');
select throws_ok($$select public.settle_payment(pg_temp.app('attempt'), true, 3000, 'EUR', 'tx-1')$$, '22023', null,
  'or another currency');
select is((public.settle_payment(pg_temp.app('attempt'), true, 3000, 'GBP', 'tx-1')).state, 'succeeded',
  'the server settles the payment');
select is((public.settle_payment(pg_temp.app('attempt'), true, 3000, 'GBP', 'tx-1')).state, 'succeeded',
  'a notification seen twice');
select tests.clear_authentication();
select is((select count(*)::integer from public.ledger_entries where source_key = 'attempt:' || pg_temp.app('attempt')), 1,
  'records the payment once');
select is(pg_temp.state(pg_temp.fee('one')), 'paid', 'the invoice is paid');
select ok(pg_temp.adds_up(pg_temp.fee('one')), 'the ledger adds up');
select is((select count(*)::integer from public.notification_events e where e.template_key = 'payment_received'
  and e.recipient_id = tests.user_id('owner1')), 2, 'each payment is confirmed to the applicant');
select is(pg_temp.reads('one'), 3, 'paid, every choice gets its reader');
select tests.authenticate_as('owner1');
select throws_ok($$select public.start_payment(pg_temp.fee('one'), 'test')$$, 'P0001',
  format('Nothing is left to pay on %s.', pg_temp.ref(pg_temp.fee('one'))), 'nothing is left to start paying');
select is(tests.row_count($$select 1 from public.payment_attempts$$), 1, 'the owner sees their payment attempt');
select tests.authenticate_as('owner2');
select is(tests.row_count($$select 1 from public.payment_attempts$$), 0, 'another applicant does not');
select tests.authenticate_as('third_office');
select is(tests.row_count($$select 1 from public.payment_attempts$$), 0, 'nor does an office that does not cover it');
select tests.authenticate_as('first_office');
select is(tests.row_count($$select 1 from public.payment_attempts$$), 1, 'an office covering it does');
select tests.authenticate_as('counsellor');
select is((public.transition_application(pg_temp.app('one'), 'under_review',
  (select version from public.applications where id = pg_temp.app('one')))).status, 'under_review',
  'paid, the review starts');

-- Refunds: never more than came in.
select tests.authenticate_as('first_office');
select throws_ok($$select public.record_refund(pg_temp.fee('one'), 6000, 'Paid twice by mistake', 'bank_transfer',
  gen_random_uuid())$$, 'P0001', 'At most GBP 50.00 can be refunded: that is what was paid and not yet refunded.',
  'a refund cannot exceed what was paid');
select is((public.record_refund(pg_temp.fee('one'), 1000, 'Paid twice by mistake', 'bank_transfer',
  'a0000000-0000-4000-8000-000000000003')).amount_minor, -1000::bigint, 'a refund is a negative entry');
select is((public.record_refund(pg_temp.fee('one'), 1000, 'Paid twice by mistake', 'bank_transfer',
  'a0000000-0000-4000-8000-000000000003')).amount_minor, -1000::bigint, 'the same refund form sent twice');
select tests.clear_authentication();
select is((select count(*)::integer from public.ledger_entries where invoice_id = pg_temp.fee('one') and kind = 'refund'), 1,
  'records it once');
select ok(pg_temp.adds_up(pg_temp.fee('one')), 'the ledger adds up with a refund');
select tests.authenticate_as('first_office');
select throws_ok($$select public.record_refund(pg_temp.fee('one'), 4001, 'Withdrawn before review', 'bank_transfer',
  gen_random_uuid())$$, 'P0001', 'At most GBP 40.00 can be refunded: that is what was paid and not yet refunded.',
  'what was refunded already counts');
select is((public.record_refund(pg_temp.fee('one'), 4000, 'Withdrawn before review', 'bank_transfer',
  'a0000000-0000-4000-8000-000000000004')).amount_minor, -4000::bigint, 'the rest goes back');
select tests.clear_authentication();
select is(pg_temp.state(pg_temp.fee('one')), 'refunded', 'all that was paid went back: the invoice is refunded');
select ok(pg_temp.adds_up(pg_temp.fee('one')), 'and the ledger still adds up');

-- A bank statement.
select tests.clear_authentication();
create function pg_temp.statement() returns jsonb language sql stable security definer as $$
  select jsonb_build_array(
    jsonb_build_object('date', current_date, 'amount_minor', 1000, 'currency', 'GBP', 'reference', 'Fee ' || r2, 'payer', 'B Okafor'),
    jsonb_build_object('date', current_date, 'amount_minor', 1000, 'currency', 'GBP', 'reference', 'Fee ' || r2, 'payer', 'B Okafor'),
    jsonb_build_object('date', current_date, 'amount_minor', 1000, 'currency', 'gbp', 'reference', lower('fee ' || r2),
      'payer', 'B Okafor', 'balance', 99000),
    jsonb_build_object('date', current_date, 'amount_minor', 500, 'currency', 'GBP', 'reference', 'Thank you', 'payer', 'C Doe'),
    jsonb_build_object('date', current_date, 'amount_minor', 500, 'currency', 'GBP', 'reference', 'UP-2026-ZZZZZZ', 'payer', 'C Doe'),
    jsonb_build_object('date', current_date, 'amount_minor', 7500, 'currency', 'EUR', 'reference', r2, 'payer', 'B Okafor'),
    jsonb_build_object('date', current_date, 'amount_minor', 2500, 'currency', 'GBP', 'reference', r3, 'payer', 'D Lee'),
    jsonb_build_object('date', '2026-02-30', 'amount_minor', 100, 'currency', 'GBP', 'reference', r2, 'payer', 'B Okafor'))
  from (select pg_temp.ref(pg_temp.fee('two')) r2, pg_temp.ref(pg_temp.fee('three')) r3) x $$;
select tests.authenticate_as('owner2');
select throws_ok($$select * from public.import_statement('march.csv', pg_temp.statement())$$, '42501', null,
  'an applicant imports no statement');
select tests.authenticate_as('first_office');
insert into imports select 1, r.* from public.import_statement('march.csv', pg_temp.statement()) r;
select is((select array_agg(outcome order by line) from imports where run = 1),
  array['recorded', 'recorded', 'recorded', 'unmatched', 'unmatched', 'unmatched', 'unmatched', 'unmatched'],
  'rows naming an invoice are recorded, each transfer of a file on its own, the rest unmatched');
select is((select array_agg(detail order by line) from imports where run = 1 and outcome = 'unmatched'), array[
  'No application reference (UP-YYYY-XXXXXX) in the payment reference.', 'No invoice UP-2026-ZZZZZZ.',
  'Paid in EUR; the invoice is in GBP.', pg_temp.ref(pg_temp.fee('three')) || ' is not one of your office''s invoices.',
  'The date or the amount could not be read.'], 'each unmatched row says why: no reference, an unknown one, the wrong currency, another office''s invoice, a date that is not one');
insert into imports select 2, r.* from public.import_statement('march.csv', pg_temp.statement()) r;
select is((select array_agg(outcome order by line) from imports where run = 2),
  array['already', 'already', 'already', 'unmatched', 'unmatched', 'unmatched', 'unmatched', 'unmatched'],
  'the same statement again records nothing twice');
select is(tests.row_count($$select 1 from public.statement_imports$$), 2, 'the office sees both imports');
select tests.clear_authentication();
select is((select array_agg(array[rows_read, recorded, already, unmatched] order by created_at, recorded desc)
  from public.statement_imports), array[array[8, 3, 0, 5], array[8, 0, 3, 5]], 'each import is counted');
select is((select array[count(*)::integer, sum(amount_minor)::integer] from public.ledger_entries
  where invoice_id = pg_temp.fee('two')), array[3, 3000], 'three transfers of the first import are in the ledger');
select is((select count(*)::integer from public.ledger_entries where invoice_id = pg_temp.fee('three')), 0,
  'nothing reached another office''s invoice');
select is(pg_temp.state(pg_temp.fee('two')), 'part_paid', 'the invoice is part paid');
select tests.authenticate_as('second_office');
select is(tests.row_count($$select 1 from public.statement_imports$$), 0, 'another office does not see those imports');
select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.statement_imports$$), 2, 'an administrator does');

-- A waiver by code: granted at once.
select tests.authenticate_as('counsellor');
select throws_ok($$insert into public.fee_waiver_codes (code, description) values ('TAP-SELF', 'Mine')$$, '42501', null,
  'a counsellor publishes no waiver code');
select tests.authenticate_as('admin');
select lives_ok($$insert into public.fee_waiver_codes (code, description) values ('TAP-HARDSHIP', 'Hardship fund')$$,
  'an administrator publishes a waiver code');
select is(tests.row_count($$select 1 from public.fee_waiver_codes where code like 'TAP-%'$$), 1, 'and reads it');
select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.fee_waiver_codes$$), 0, 'a counsellor reads no code');
select tests.authenticate_as('owner2');
select is(tests.row_count($$select 1 from public.fee_waiver_codes$$), 0, 'nor does an applicant');
select throws_ok($$select public.request_fee_waiver(pg_temp.fee('two'), null, 'TAP-GUESS')$$, 'P0001',
  'That code is not one we know. Check it, or give a reason instead.', 'an unknown code is refused');
select is(tests.row_count($$select 1 from public.fee_waivers$$), 0, 'and nothing is recorded');
select is((public.request_fee_waiver(pg_temp.fee('two'), null, ' tap-hardship ')).status, 'granted', 'a known code is granted at once');
select tests.clear_authentication();
select is((select array[kind, method, amount_minor::text] from public.ledger_entries
  where invoice_id = pg_temp.fee('two') and kind = 'waiver'), array['waiver', 'waiver', '4500'],
  'the ledger waives what was left to pay');
select is(pg_temp.state(pg_temp.fee('two')), 'paid', 'part paid, part waived: nothing is left');
select ok(pg_temp.adds_up(pg_temp.fee('two')), 'and the ledger adds up');
select is(pg_temp.reads('two'), 2, 'both choices reach their readers');

-- A waiver by reason, decided by the office covering the invoice.
select tests.authenticate_as('owner3');
insert into tap select 'waiver3', (public.request_fee_waiver(pg_temp.fee('three'), 'My school covers fees in hardship cases.', null)).id;
select tests.authenticate_as('first_office');
select throws_ok($$select public.decide_fee_waiver(pg_temp.app('waiver3'), true, 'Granted.', 1)$$, 'P0002',
  'Invoice not found.', 'only an office covering the invoice decides');
select tests.authenticate_as('second_office');
select throws_ok($$select public.decide_fee_waiver(pg_temp.app('waiver3'), true, 'Go', 1)$$, '22023', null,
  'a decision says why');
select is((public.decide_fee_waiver(pg_temp.app('waiver3'), true, 'Your school''s letter is enough.', 1)).status, 'granted',
  'the office grants it');
select tests.clear_authentication();
select is(pg_temp.state(pg_temp.fee('three')), 'waived', 'the invoice is waived');
select ok(pg_temp.adds_up(pg_temp.fee('three')), 'and the ledger adds up');

-- Who sees the waivers and the ledger.
select tests.authenticate_as('owner1');
select is(tests.row_count($$select 1 from public.fee_waivers$$), 1, 'an applicant sees their waiver request');
select is(tests.row_count($$select 1 from public.ledger_entries$$), 4, 'and their ledger');
select tests.authenticate_as('owner2');
select is(tests.row_count($$select 1 from public.fee_waivers$$), 1, 'another applicant sees only their own request');
select is(tests.row_count($$select 1 from public.ledger_entries$$), 4, 'and their own ledger');
select is(tests.row_count($$select 1 from public.ledger_entries where invoice_id = pg_temp.app('inv1')$$), 0,
  'none of the first applicant''s');
select tests.authenticate_as('counsellor');
select is(tests.row_count($$select 1 from public.fee_waivers$$), 3, 'a counsellor of every university sees every request');
select is(tests.row_count($$select 1 from public.ledger_entries$$), 9, 'and every ledger entry');
select tests.authenticate_as('first_office');
select is(tests.row_count($$select 1 from public.fee_waivers$$), 2, 'an office sees the requests on invoices it covers');
select is(tests.row_count($$select 1 from public.ledger_entries$$), 8, 'and their ledger entries');
select tests.authenticate_as('third_office');
select is(tests.row_count($$select 1 from public.fee_waivers$$), 0, 'an office covering none of them sees no request');
select is(tests.row_count($$select 1 from public.ledger_entries$$), 0, 'and no ledger entry');
select tests.authenticate_as('admin');
select is(tests.row_count($$select 1 from public.fee_waivers$$), 3, 'an administrator sees every request');
select is(tests.row_count($$select 1 from public.ledger_entries$$), 9, 'and every ledger entry');
select tests.authenticate_as('owner1');
select is((select array[jsonb_array_length(d -> 'invoices'), jsonb_array_length(d -> 'ledger'), jsonb_array_length(d -> 'waivers')]
  from public.my_money_data() d), array[1, 4, 1], '"download my data" carries the applicant''s invoices, ledger and waivers');

-- The ledger is append-only: for applicants, the server and the database owner alike.
select throws_ok($$insert into public.ledger_entries (invoice_id, kind, amount_minor, currency, method, source_key)
  values (pg_temp.fee('one'), 'payment', 5000, 'GBP', 'cash', 'manual:mine')$$, '42501', null, 'an applicant writes no ledger entry');
select throws_ok($$update public.ledger_entries set amount_minor = 1$$, '42501', null, 'nor changes one');
select tests.authenticate_as_service_role();
select throws_ok($$insert into public.ledger_entries (invoice_id, kind, amount_minor, currency, method, source_key)
  values (pg_temp.fee('one'), 'payment', 5000, 'GBP', 'cash', 'manual:server')$$, '42501', null,
  'the server adds entries only through the functions');
select throws_ok($$update public.ledger_entries set note = 'edited'$$, '42501', null, 'the server changes no entry');
select throws_ok($$delete from public.ledger_entries$$, '42501', null, 'and removes none');
select throws_ok($$delete from public.invoices where id = pg_temp.fee('two')$$, '42501', null,
  'nor removes an invoice, which would take its entries with it');
select throws_ok($$update public.invoice_lines set amount_minor = 1$$, '42501', null, 'nor changes what an invoice asks');
select tests.clear_authentication();
select throws_ok($$update public.ledger_entries set note = 'edited' where invoice_id = pg_temp.fee('two')$$, '42501',
  'Money records are never changed or removed: record a refund or a correction instead.',
  'even the database owner changes no entry');
select throws_ok($$delete from public.ledger_entries where invoice_id = pg_temp.fee('two')$$, '42501',
  'Money records are never changed or removed: record a refund or a correction instead.', 'or removes one');
select throws_ok($$delete from public.invoices where id = pg_temp.fee('two')$$, '42501',
  'Money records are never changed or removed: record a refund or a correction instead.', 'or an invoice');
select throws_ok($$truncate public.ledger_entries$$, '42501',
  'Money records are never changed or removed: record a refund or a correction instead.', 'or empties the ledger');
select throws_ok($$update public.invoice_lines set amount_minor = 1 where invoice_id = pg_temp.fee('two')$$, '42501', null,
  'or changes a line');
update public.invoices set created_txid = 0 where id = pg_temp.fee('two');
select throws_ok($$insert into public.invoice_lines (invoice_id, description, amount_minor)
  values (pg_temp.fee('two'), 'Late extra', 100)$$, '42501', 'An invoice''s lines are fixed once it is raised.',
  'lines join an invoice only as it is raised');
select throws_ok($$insert into public.ledger_entries (invoice_id, kind, amount_minor, currency, method, source_key)
  values (pg_temp.fee('two'), 'payment', 100, 'EUR', 'cash', 'manual:eur')$$, '22023',
  'The amount must be in the invoice''s currency, GBP.', 'an entry is in its invoice''s currency');

-- Deposits.
select pg_temp.placed('five', 'owner5', 'Tap Second Term', 'offer_unconditional', 'UP-2026-TAPD05');
select pg_temp.placed('six', 'owner6', 'Tap Second Spring', 'offer_unconditional', 'UP-2026-TAPD06');
select pg_temp.placed('seven', 'owner7', 'Tap Second Term', 'waitlisted', 'UP-2026-TAPW07');
select tests.authenticate_as('owner5');
select is((public.respond_to_offer(pg_temp.app('five'), true)).status, 'accepted', 'the applicant accepts an offer');
select tests.authenticate_as('owner6');
select is((public.respond_to_offer(pg_temp.app('six'), true)).status, 'accepted', 'another applicant accepts theirs');
select tests.clear_authentication();
select is((select array[reference, kind, due_on::text] from public.invoices where id = pg_temp.deposit('five')),
  array['UP-2026-TAPD05-D', 'deposit', (current_date + 7)::text], 'accepting raises the course''s deposit, due in its days');
select is((select array_agg(amount_minor) from public.invoice_lines where invoice_id = pg_temp.deposit('five')),
  array[20000]::bigint[], 'asking the deposit');
select tests.authenticate_as('owner5');
select throws_ok($$select public.request_fee_waiver(pg_temp.deposit('five'), 'I cannot pay the deposit yet.', null)$$, 'P0001',
  'A deposit cannot be waived; write to admissions through your application if you cannot pay it.', 'a deposit is not waived');
select tests.authenticate_as_service_role();
select is(public.settle_due_invoices(now() + interval '4 days'), 0, 'three days before, nothing lapses');
select is(public.settle_due_invoices(now() + interval '4 days'), 0, 'the hourly job runs again');
select tests.clear_authentication();
select is((select count(*)::integer from public.reminders_sent where kind = 'deposit_due'), 2,
  'each unpaid deposit is reminded once at three days');
select tests.authenticate_as_service_role();
select public.settle_due_invoices(now() + interval '6 days');
select tests.clear_authentication();
select is((select count(*)::integer from public.reminders_sent where kind = 'deposit_due'), 4, 'and once the day before');
select is((select count(*)::integer from public.notification_events where template_key = 'deposit_reminder'
  and recipient_id = tests.user_id('owner5')), 2, 'two reminders reach the applicant');

select tests.authenticate_as('owner6');
select throws_ok($$select public.extend_deposit(pg_temp.deposit('six'), current_date + 30, 'Scholarship letter pending', 1)$$,
  '42501', null, 'an applicant gives themselves no more time');
select tests.authenticate_as('first_office');
select throws_ok($$select public.extend_deposit(pg_temp.deposit('six'), current_date + 30, 'Scholarship letter pending', 1)$$,
  'P0002', 'Invoice not found.', 'nor does an office not covering the course');
select tests.authenticate_as('second_office');
select throws_ok($$select public.extend_deposit(pg_temp.deposit('six'), current_date + 30, 'Scholarship letter pending', 9)$$,
  '40001', null, 'an extension names the version it saw');
select throws_ok(format($$select public.extend_deposit(%L, current_date + 30, 'Scholarship letter pending', %s)$$,
  pg_temp.fee('three'), pg_temp.invoice_version(pg_temp.fee('three'))), 'P0001', 'Only a deposit''s deadline moves.',
  'an application fee''s deadline does not move');
select is((public.extend_deposit(pg_temp.deposit('six'), current_date + 30, 'Scholarship letter pending',
  pg_temp.invoice_version(pg_temp.deposit('six')))).due_on, current_date + 30, 'the office gives the applicant more time');
select tests.clear_authentication();
update public.invoices set due_on = current_date - 1 where id = pg_temp.deposit('five');
select is(pg_temp.state(pg_temp.deposit('five')), 'overdue', 'an unpaid deposit past its deadline is overdue');
select tests.authenticate_as_service_role();
select is(public.settle_due_invoices(now()), 1, 'the hourly job lapses the unpaid deposit past its deadline');
select tests.clear_authentication();
select is(pg_temp.status('five'), 'expired', 'the offer lapses');
select is((select count(*)::integer from public.place_alerts where application_id = pg_temp.app('five')), 1,
  'the freed place reaches the waiting list');
select is((select e.fields ->> 'invoice_reference' from public.notification_events e where e.template_key = 'deposit_lapsed'
  and e.application_id = pg_temp.app('five')), 'UP-2026-TAPD05-D', 'the applicant is told the offer lapsed');
select tests.authenticate_as_service_role();
select is(public.settle_due_invoices(now() + interval '8 days'), 0, 'an extended deposit does not lapse at its old deadline');
select tests.clear_authentication();
select is(pg_temp.status('six'), 'accepted', 'the place stays held');
select tests.authenticate_as('second_office');
select throws_ok(format($$select public.extend_deposit(%L, current_date + 30, 'Too late now', %s)$$,
  pg_temp.deposit('five'), pg_temp.invoice_version(pg_temp.deposit('five'))), 'P0001',
  'The place is no longer held, so there is no deposit deadline to move.', 'a lapsed deposit is not extended');

-- Accounts.
select tests.clear_authentication();
select lives_ok($$delete from auth.users where id = tests.user_id('first_office')$$,
  'a member of staff who recorded payments can be removed');
select is((select count(*)::integer from public.ledger_entries where invoice_id in (pg_temp.app('inv1'), pg_temp.fee('two'))
  and recorded_by is null and source_key like 'manual:%'), 3, 'their entries stay, without their name');
select lives_ok($$delete from auth.users where id = tests.user_id('owner1')$$, 'an applicant deletes their account');
select is((select count(*)::integer from public.invoices where id = pg_temp.app('inv1')), 0, 'their invoice goes with it');
select is((select count(*)::integer from public.ledger_entries where invoice_id = pg_temp.app('inv1')), 0,
  'and its ledger entries');

select * from finish();
rollback;
