-- Money: application fees, waivers, deposits and refunds.
--
-- An invoice asks an applicant for money: the application fee, raised when choices are submitted,
-- or the deposit, raised when an offer is accepted. What it asks is the sum of its lines; what has
-- happened to it is the sum of its ledger entries (payments, waivers, refunds), which nobody ever
-- rewrites or removes. Every amount is an integer in the minor unit of its currency (pence, cents,
-- yen). Payments reach the ledger from a provider's signed notification (through the server, with the
-- service key), from staff recording a receipt, or from a bank statement import; each carries a
-- source key, so a notification or a statement row seen twice records nothing twice.
--
-- The on-time moment stays the submit click: an application with its fee outstanding is submitted
-- ("Awaiting payment") and waits there, unread, until the fee is paid or waived. Readers are assigned
-- and the review starts only then.

-- ---------------------------------------------------------------------------------------------
-- Minor units.

-- The number of decimals of a currency's minor unit (ISO 4217): 0 for yen or won, 3 for dinars.
create or replace function public.currency_exponent(currency text) returns integer
language sql immutable
set search_path = ''
as $$
  select case
    when currency in ('BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'VND',
      'VUV', 'XAF', 'XOF', 'XPF') then 0
    when currency in ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') then 3
    else 2 end
$$;

-- An amount as written in letters and on pages: "GBP 28.50", "JPY 5,000".
create or replace function public.money_words(amount_minor bigint, currency text) returns text
language sql immutable
set search_path = ''
as $$
  select case when amount_minor < 0 then '-' else '' end || currency || ' ' || case
    when public.currency_exponent(currency) = 0 then to_char(abs(amount_minor), 'FM999,999,999,999,990')
    else to_char(abs(amount_minor)::numeric / (10 ^ public.currency_exponent(currency))::numeric,
      'FM999,999,999,990.' || repeat('0', public.currency_exponent(currency))) end
$$;

-- ---------------------------------------------------------------------------------------------
-- What is charged.

-- Charging is the office's choice: the fee a course lists in the catalogue was information until now,
-- and becomes a charge once an administrator turns collection on. An intake's own fee is always
-- charged. One fee may cover every choice of an application instead (the cycle fee), charged once to
-- an application with at least one charged choice. The grace period runs from the later of the submit
-- day and the intake's deadline.
alter table public.admissions_settings
  add column collect_fees boolean not null default false,
  add column cycle_fee_minor bigint check (cycle_fee_minor > 0),
  add column cycle_fee_currency text check (cycle_fee_currency ~ '^[A-Z]{3}$'),
  add column fee_grace_days integer not null default 14 check (fee_grace_days between 0 and 90),
  add constraint admissions_settings_cycle_fee_whole
    check ((cycle_fee_minor is null) = (cycle_fee_currency is null));

alter table public.intakes
  add column application_fee_minor bigint check (application_fee_minor >= 0),
  add column application_fee_currency text check (application_fee_currency ~ '^[A-Z]{3}$'),
  add constraint intakes_application_fee_whole
    check ((application_fee_minor is null) = (application_fee_currency is null));

-- The deposit that holds a place once an offer is accepted: its amount and the days to pay it.
alter table public.courses
  add column deposit_minor bigint check (deposit_minor > 0),
  add column deposit_currency text check (deposit_currency ~ '^[A-Z]{3}$'),
  add column deposit_days integer check (deposit_days between 1 and 90),
  add constraint courses_deposit_whole check ((deposit_minor is null) = (deposit_currency is null)
    and (deposit_minor is null) = (deposit_days is null));

-- Administrators set how fees are collected.
create or replace function public.set_fee_settings(collect boolean, cycle_fee_minor bigint,
  cycle_fee_currency text, grace_days integer)
returns public.admissions_settings
language plpgsql security definer
set search_path = ''
as $$
declare
  settings public.admissions_settings;
begin
  if not public.has_role('admin') then
    raise exception 'Only administrators set how fees are collected.' using errcode = '42501';
  end if;
  if collect is null or grace_days is null or grace_days not between 0 and 90 then
    raise exception 'The grace period is between 0 and 90 days.' using errcode = '22023';
  end if;
  if (cycle_fee_minor is null) <> (cycle_fee_currency is null) or cycle_fee_minor <= 0
    or cycle_fee_currency !~ '^[A-Z]{3}$' then
    raise exception 'A fee covering every choice needs an amount above zero and a currency.' using errcode = '22023';
  end if;
  update public.admissions_settings s set collect_fees = collect,
    cycle_fee_minor = set_fee_settings.cycle_fee_minor, cycle_fee_currency = set_fee_settings.cycle_fee_currency,
    fee_grace_days = grace_days, updated_at = now()
  returning * into settings;
  return settings;
end
$$;
revoke execute on function public.set_fee_settings(boolean, bigint, text, integer) from public, anon;
grant execute on function public.set_fee_settings(boolean, bigint, text, integer) to authenticated;

-- The fee one choice is charged on its own, if any: the intake's, else the course's listed fee when
-- the office collects fees.
create or replace function public.choice_fee(app public.applications, out amount_minor bigint, out currency text)
language sql stable security definer
set search_path = ''
as $$
  select coalesce(i.application_fee_minor, case when s.collect_fees and c.application_fee > 0
      and c.application_fee_currency is not null
    then round(c.application_fee * 10 ^ public.currency_exponent(c.application_fee_currency))::bigint end),
    coalesce(i.application_fee_currency, case when s.collect_fees and c.application_fee > 0
      then c.application_fee_currency end)
  from public.intakes i join public.courses c on c.id = i.course_id, public.admissions_settings s
  where i.id = app.intake_id
$$;
revoke execute on function public.choice_fee(public.applications) from public, anon, authenticated;

-- Published waiver codes: an applicant who types one has the fee waived at once.
create table public.fee_waiver_codes (
  id uuid primary key default gen_random_uuid(),
  code text not null unique check (code ~ '^[A-Z0-9-]{4,32}$'),
  description text not null check (char_length(btrim(description)) between 1 and 200),
  active boolean not null default true,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index fee_waiver_codes_created_by_idx on public.fee_waiver_codes (created_by);
alter table public.fee_waiver_codes enable row level security;
revoke all on public.fee_waiver_codes from anon, authenticated;
grant select, insert (code, description, active), update (active, description) on public.fee_waiver_codes to authenticated;
create policy fee_waiver_codes_admin on public.fee_waiver_codes
  for all to authenticated
  using ((select public.has_role('admin'))) with check ((select public.has_role('admin')));
create trigger fee_waiver_codes_audit after insert or update or delete on public.fee_waiver_codes
  for each row execute function public.audit_staff_change();

-- ---------------------------------------------------------------------------------------------
-- Invoices and the ledger.

create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  applicant_id uuid not null references auth.users (id) on delete cascade,
  -- The application (its first choice) the invoice belongs to; a deposit also names its choice.
  group_id uuid not null references public.applications (id) on delete cascade,
  application_id uuid references public.applications (id) on delete cascade,
  kind text not null check (kind in ('application_fee', 'deposit')),
  -- What the payer writes on a bank transfer: the application's reference (a second fee invoice of
  -- the same application adds -2, a deposit -D).
  reference text not null unique check (reference ~ '^UP-[0-9]{4}-[0-9A-Z]{6}(-[0-9A-Z]{1,3})?$'),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  due_on date not null,
  -- Lines are added only in the transaction that raised the invoice.
  created_txid bigint not null default txid_current(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1 check (version > 0),
  constraint invoices_deposit_choice check ((kind = 'deposit') = (application_id is not null))
);
create index invoices_applicant_idx on public.invoices (applicant_id);
create index invoices_group_idx on public.invoices (group_id);
create index invoices_application_idx on public.invoices (application_id);
create index invoices_due_idx on public.invoices (kind, due_on);

create table public.invoice_lines (
  id bigint generated always as identity primary key,
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  -- The choice the line charges for; null for the fee covering every choice.
  application_id uuid references public.applications (id) on delete cascade,
  description text not null check (char_length(description) between 1 and 300),
  amount_minor bigint not null check (amount_minor > 0)
);
create index invoice_lines_invoice_idx on public.invoice_lines (invoice_id);
create index invoice_lines_application_idx on public.invoice_lines (application_id);

create table public.ledger_entries (
  id bigint generated always as identity primary key,
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  kind text not null check (kind in ('payment', 'waiver', 'refund')),
  -- Payments and waivers are positive; a refund is negative.
  amount_minor bigint not null check (amount_minor <> 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  method text not null check (method in ('bank_transfer', 'test', 'card', 'cash', 'cheque', 'other', 'waiver')),
  received_on date not null default current_date,
  note text check (char_length(note) <= 500),
  -- Where the entry came from, once: 'attempt:<id>' (a provider), 'statement:<checksum>' (a bank
  -- statement row), 'manual:<form key>' (staff), 'waiver:<id>'.
  source_key text not null unique check (char_length(source_key) between 3 and 200),
  recorded_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint ledger_entries_sign check ((kind = 'refund') = (amount_minor < 0)),
  constraint ledger_entries_waiver_method check ((kind = 'waiver') = (method = 'waiver'))
);
create index ledger_entries_invoice_idx on public.ledger_entries (invoice_id);
create index ledger_entries_recorded_by_idx on public.ledger_entries (recorded_by);

-- What an invoice asks, what came in, and what is left to pay. The database's own functions read it
-- here; callers of the API through invoice_totals below.
create or replace function public.invoice_balance(invoice_id uuid, out amount_minor bigint, out paid_minor bigint,
  out waived_minor bigint, out refunded_minor bigint, out outstanding_minor bigint)
language sql stable security definer
set search_path = ''
as $$
  select l.total, coalesce(e.paid, 0), coalesce(e.waived, 0), coalesce(e.refunded, 0),
    greatest(l.total - coalesce(e.paid, 0) - coalesce(e.waived, 0) - coalesce(e.refunded, 0), 0)
  from (select coalesce(sum(x.amount_minor), 0)::bigint as total from public.invoice_lines x
    where x.invoice_id = invoice_balance.invoice_id) l,
  lateral (select sum(y.amount_minor) filter (where y.kind = 'payment')::bigint as paid,
      sum(y.amount_minor) filter (where y.kind = 'waiver')::bigint as waived,
      sum(y.amount_minor) filter (where y.kind = 'refund')::bigint as refunded
    from public.ledger_entries y where y.invoice_id = invoice_balance.invoice_id) e
$$;
revoke execute on function public.invoice_balance(uuid) from public, anon, authenticated;

-- Who works on an invoice: an office covering one of the choices it charges for.
create or replace function public.staff_covers_invoice(invoice_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select public.staff_sees_all() or (public.is_staff() and exists (
    select 1 from public.invoices v join public.applications a on a.group_id = v.group_id
    where v.id = staff_covers_invoice.invoice_id and (v.application_id is null or a.id = v.application_id)
      and public.staff_covers_course(a.course_id)))
$$;
revoke execute on function public.staff_covers_invoice(uuid) from public, anon;
grant execute on function public.staff_covers_invoice(uuid) to authenticated, service_role;

-- The totals of an invoice the caller may see (its applicant, staff covering it, the server); of any
-- other, nothing.
create or replace function public.invoice_totals(invoice_id uuid, out amount_minor bigint, out paid_minor bigint,
  out waived_minor bigint, out refunded_minor bigint, out outstanding_minor bigint)
language sql stable security definer
set search_path = ''
as $$
  select b.amount_minor, b.paid_minor, b.waived_minor, b.refunded_minor, b.outstanding_minor
  from public.invoices v, lateral public.invoice_balance(v.id) b
  where v.id = invoice_totals.invoice_id
    and ((select auth.uid()) is null or v.applicant_id = (select auth.uid()) or public.staff_covers_invoice(v.id))
$$;
revoke execute on function public.invoice_totals(uuid) from public, anon;
grant execute on function public.invoice_totals(uuid) to authenticated, service_role;

alter table public.invoices enable row level security;
alter table public.invoice_lines enable row level security;
alter table public.ledger_entries enable row level security;
revoke all on public.invoices, public.invoice_lines, public.ledger_entries from anon, authenticated;
grant select on public.invoices, public.invoice_lines, public.ledger_entries to authenticated;
-- The ledger is append-only even for the server: it adds rows through the functions below. Nor does the
-- server remove an invoice (its ledger would go with it) or rewrite what it asks.
revoke all on public.invoices, public.invoice_lines, public.ledger_entries from service_role;
grant select on public.invoices, public.invoice_lines, public.ledger_entries to service_role;
create policy invoices_select on public.invoices for select to authenticated
  using (applicant_id = (select auth.uid()) or public.staff_covers_invoice(id));
-- A line names its choice's course: staff read the lines of the choices they cover (and those covering
-- every choice), as they see a choice at another university only as one.
create policy invoice_lines_select on public.invoice_lines for select to authenticated
  using (exists (select 1 from public.invoices v where v.id = invoice_lines.invoice_id)
    and (application_id is null
      or exists (select 1 from public.applications a where a.id = invoice_lines.application_id)));
create policy ledger_entries_select on public.ledger_entries for select to authenticated
  using (exists (select 1 from public.invoices v where v.id = ledger_entries.invoice_id));

-- One page row per invoice, as the caller may see it.
create view public.invoice_summaries with (security_invoker = true) as
  select v.id, v.applicant_id, v.group_id, v.application_id, v.kind, v.reference, v.currency, v.due_on,
    v.created_at, v.version, t.amount_minor, t.paid_minor, t.waived_minor, t.refunded_minor, t.outstanding_minor,
    case when t.outstanding_minor = 0 and t.waived_minor > 0 and t.paid_minor + t.refunded_minor = 0 then 'waived'
      when t.outstanding_minor = 0 then 'paid'
      -- Everything paid went back (a refund reopens what it returns).
      when t.refunded_minor < 0 and t.paid_minor + t.refunded_minor <= 0 then 'refunded'
      when v.due_on < current_date then 'overdue'
      when t.paid_minor + t.waived_minor + t.refunded_minor > 0 then 'part_paid'
      else 'due' end as state
  from public.invoices v, lateral public.invoice_totals(v.id) t;
revoke all on public.invoice_summaries from anon, authenticated, service_role;
grant select on public.invoice_summaries to authenticated, service_role;
create trigger invoice_summaries_read_only instead of insert or update or delete
  on public.invoice_summaries
  for each row execute function public.refuse_view_write();

-- Lines join an invoice only as it is raised; the ledger is never rewritten. A cascade from a deleted
-- account (the applicant's right to erasure) is the one way its rows go.
create or replace function public.check_invoice_line() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from public.invoices v where v.id = new.invoice_id and v.created_txid = txid_current()) then
    raise exception 'An invoice''s lines are fixed once it is raised.' using errcode = '42501';
  end if;
  return new;
end
$$;
create or replace function public.refuse_ledger_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A cascade from a deleted account: an applicant's rows go with it; a staff member's name leaves the
  -- entries they recorded (recorded_by set null), and nothing else changes.
  if pg_trigger_depth() > 1 then
    if tg_op = 'DELETE' then
      return old;
    elsif tg_op = 'UPDATE' and tg_table_name = 'ledger_entries' then
      if new.recorded_by is null and to_jsonb(new) - 'recorded_by' = to_jsonb(old) - 'recorded_by' then
        return new;
      end if;
    end if;
  end if;
  raise exception 'Money records are never changed or removed: record a refund or a correction instead.'
    using errcode = '42501';
end
$$;
create or replace function public.check_ledger_entry() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.currency is distinct from (select v.currency from public.invoices v where v.id = new.invoice_id) then
    raise exception 'The amount must be in the invoice''s currency, %.',
      (select v.currency from public.invoices v where v.id = new.invoice_id) using errcode = '22023';
  end if;
  return new;
end
$$;
-- Every money movement is in the audit log, whoever made it (a provider's notification has no actor).
create or replace function public.audit_ledger_entry() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.audit_log (actor, action, entity, entity_id, after)
  values (auth.uid(), 'insert', 'ledger_entries', new.id::text, to_jsonb(new) - 'created_at');
  return null;
end
$$;
revoke execute on function public.check_invoice_line(), public.refuse_ledger_change(), public.check_ledger_entry(),
  public.audit_ledger_entry() from public, anon, authenticated;
create trigger invoice_lines_check before insert on public.invoice_lines
  for each row execute function public.check_invoice_line();
create trigger invoice_lines_fixed before update or delete on public.invoice_lines
  for each row execute function public.refuse_ledger_change();
create trigger ledger_entries_check before insert on public.ledger_entries
  for each row execute function public.check_ledger_entry();
create trigger ledger_entries_fixed before update or delete on public.ledger_entries
  for each row execute function public.refuse_ledger_change();
create trigger invoices_kept before delete on public.invoices
  for each row execute function public.refuse_ledger_change();
create trigger invoice_lines_kept before truncate on public.invoice_lines
  for each statement execute function public.refuse_ledger_change();
create trigger ledger_entries_kept before truncate on public.ledger_entries
  for each statement execute function public.refuse_ledger_change();
create trigger ledger_entries_audit after insert on public.ledger_entries
  for each row execute function public.audit_ledger_entry();
create trigger invoices_touch before update on public.invoices
  for each row execute function public.touch_updated_at();
create trigger invoices_audit after update of due_on on public.invoices
  for each row execute function public.audit_staff_change('created_txid');
create trigger version_10_check before update of version on public.invoices
  for each row execute function public.check_row_version('invoice');
create trigger version_20_stamp before update on public.invoices
  for each row execute function public.stamp_row_version();

-- Whether a choice still waits for its application fee.
create or replace function public.fee_outstanding(app public.applications) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.invoices v
    where v.group_id = app.group_id and v.kind = 'application_fee'
      and exists (select 1 from public.invoice_lines l where l.invoice_id = v.id
        and (l.application_id is null or l.application_id = app.id))
      and (public.invoice_balance(v.id)).outstanding_minor > 0)
$$;
revoke execute on function public.fee_outstanding(public.applications) from public, anon;
grant execute on function public.fee_outstanding(public.applications) to authenticated, service_role;

-- The next free reference for an invoice of an application: the reference itself, then -2, -3…;
-- deposits -D, -D2…
create or replace function public.next_invoice_reference(base text, deposit boolean) returns text
language plpgsql stable
set search_path = ''
as $$
declare
  n integer := 1;
  candidate text;
begin
  loop
    candidate := base || case when deposit then '-D' || case when n > 1 then n::text else '' end
      when n > 1 then '-' || n else '' end;
    exit when not exists (select 1 from public.invoices v where v.reference = candidate);
    n := n + 1;
  end loop;
  return candidate;
end
$$;
revoke execute on function public.next_invoice_reference(text, boolean) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Raising invoices.

-- A choice being submitted adds its fee to the application's fee invoice raised in the same
-- transaction (submit_choices submits them together), or raises one; the cycle fee is charged once.
create or replace function public.raise_application_fee() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  settings public.admissions_settings := (select s from public.admissions_settings s);
  fee record;
  amount bigint;
  fee_currency text;
  description text;
  covers_all boolean := false;
  invoice public.invoices;
  base text;
  deadline date := (select i.deadline from public.intakes i where i.id = new.intake_id);
  due date;
begin
  select * into fee from public.choice_fee(new);
  if fee.amount_minor is null or fee.amount_minor = 0 then
    return null;
  end if;
  due := greatest(current_date, deadline) + settings.fee_grace_days;
  if settings.cycle_fee_minor is not null then
    select v.* into invoice from public.invoices v
    where v.group_id = new.group_id and v.kind = 'application_fee'
      and exists (select 1 from public.invoice_lines l where l.invoice_id = v.id and l.application_id is null)
    limit 1;
    if invoice.id is not null then
      -- Charged once; a choice submitted with the others still has its deadline count.
      if invoice.created_txid = txid_current() and invoice.due_on < due then
        update public.invoices v set due_on = due where v.id = invoice.id;
      end if;
      return null;
    end if;
    amount := settings.cycle_fee_minor;
    fee_currency := settings.cycle_fee_currency;
    covers_all := true;
    description := 'Application fee, covering every choice of this application';
  else
    amount := fee.amount_minor;
    fee_currency := fee.currency;
    description := format('Application fee: %s (%s)', (select c.title from public.courses c where c.id = new.course_id),
      (select i.term from public.intakes i where i.id = new.intake_id));
  end if;
  select * into invoice from public.invoices v where v.group_id = new.group_id and v.kind = 'application_fee'
    and v.created_txid = txid_current() and v.currency = fee_currency;
  if invoice.id is null then
    base := coalesce((select a.reference from public.applications a where a.id = new.group_id and a.reference is not null),
      new.reference);
    insert into public.invoices (applicant_id, group_id, kind, reference, currency, due_on)
    values (new.applicant_id, new.group_id, 'application_fee', public.next_invoice_reference(base, false), fee_currency,
      due)
    returning * into invoice;
  elsif invoice.due_on < due then
    update public.invoices v set due_on = due where v.id = invoice.id;
  end if;
  insert into public.invoice_lines (invoice_id, application_id, description, amount_minor)
  values (invoice.id, case when covers_all then null else new.id end, description, amount);
  return null;
end
$$;
revoke execute on function public.raise_application_fee() from public, anon, authenticated;
-- Named to run before the readers are assigned (applications_assign_reads), which waits for payment.
create trigger applications_0_raise_fee after update of status on public.applications
  for each row when (old.status = 'draft' and new.status = 'submitted')
  execute function public.raise_application_fee();

-- Accepting an offer on a course with a deposit raises the deposit invoice.
create or replace function public.raise_deposit() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  course public.courses := (select c from public.courses c where c.id = new.course_id);
  invoice public.invoices;
begin
  if course.deposit_minor is null or exists (select 1 from public.invoices v
      where v.application_id = new.id and v.kind = 'deposit') then
    return null;
  end if;
  insert into public.invoices (applicant_id, group_id, application_id, kind, reference, currency, due_on)
  values (new.applicant_id, new.group_id, new.id, 'deposit', public.next_invoice_reference(new.reference, true),
    course.deposit_currency, current_date + course.deposit_days)
  returning * into invoice;
  insert into public.invoice_lines (invoice_id, application_id, description, amount_minor)
  values (invoice.id, new.id, format('Deposit to hold your place: %s (%s)', course.title,
    (select i.term from public.intakes i where i.id = new.intake_id)), course.deposit_minor);
  return null;
end
$$;
revoke execute on function public.raise_deposit() from public, anon, authenticated;
create trigger applications_raise_deposit after update of status on public.applications
  for each row when (old.status in ('offer_conditional', 'offer_unconditional')
    and new.status in ('accepted', 'conditions_pending'))
  execute function public.raise_deposit();

-- The applicant hears of an invoice once it is whole, at the end of the transaction that raised it.
create or replace function public.announce_invoice() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  totals record := public.invoice_balance(new.id);
begin
  -- As it stands at commit: a choice submitted after the first may have moved its due day.
  select * into new from public.invoices v where v.id = new.id;
  if new.id is null or totals.amount_minor = 0 then
    return null;
  end if;
  perform public.queue_event(new.applicant_id, coalesce(new.application_id, new.group_id),
    case when new.kind = 'deposit' then 'deposit_due' else 'fee_due' end, jsonb_build_object(
      'amount', public.money_words(totals.amount_minor, new.currency),
      'invoice_reference', new.reference,
      'due_on', to_char(new.due_on, 'FMDD FMMonth YYYY'),
      'pay_url', (select s.site_url from public.admissions_settings s) || '/applications/' || new.group_id || '/fees'));
  return null;
end
$$;
revoke execute on function public.announce_invoice() from public, anon, authenticated;
create constraint trigger invoices_announce after insert on public.invoices
  deferrable initially deferred for each row execute function public.announce_invoice();

-- ---------------------------------------------------------------------------------------------
-- Money coming in and going out.

-- A settled fee lets its choices on to the readers; each payment is confirmed to the applicant.
create or replace function public.after_ledger_entry() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  invoice public.invoices := (select v from public.invoices v where v.id = new.invoice_id);
  totals record := public.invoice_balance(new.invoice_id);
  waiting uuid[];
begin
  if new.kind = 'payment' then
    perform public.queue_event(invoice.applicant_id, coalesce(invoice.application_id, invoice.group_id),
      'payment_received', jsonb_build_object('amount', public.money_words(new.amount_minor, new.currency),
        'invoice_reference', invoice.reference,
        'outstanding', public.money_words(totals.outstanding_minor, invoice.currency),
        'pay_url', (select s.site_url from public.admissions_settings s) || '/applications/' || invoice.group_id || '/fees'));
  end if;
  if invoice.kind = 'application_fee' and totals.outstanding_minor = 0 and new.kind <> 'refund' then
    select coalesce(array_agg(a.id), '{}') into waiting from public.applications a
    where a.group_id = invoice.group_id and a.status = 'submitted' and not public.fee_outstanding(a);
    if cardinality(waiting) > 0 then
      perform public.fill_reads(waiting);
    end if;
  end if;
  return null;
end
$$;
revoke execute on function public.after_ledger_entry() from public, anon, authenticated;
create trigger ledger_entries_after after insert on public.ledger_entries
  for each row execute function public.after_ledger_entry();

-- Readers are assigned once the fee is settled, not at the submit click.
create or replace function public.assign_reads_on_submit() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.fee_outstanding(new) then
    perform public.fill_reads(array[new.id]);
  end if;
  return null;
end
$$;

-- The review starts only once the fee is paid or waived; withdrawing stays open.
create or replace function public.hold_unpaid_application() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if public.fee_outstanding(old) then
    raise exception 'This application is awaiting payment: its fee (%) is not paid or waived yet.',
      (select string_agg(v.reference, ', ') from public.invoices v where v.group_id = old.group_id
        and v.kind = 'application_fee' and (public.invoice_balance(v.id)).outstanding_minor > 0)
      using errcode = 'P0001';
  end if;
  return new;
end
$$;
revoke execute on function public.hold_unpaid_application() from public, anon, authenticated;
create trigger applications_hold_unpaid before update of status on public.applications
  for each row when (old.status = 'submitted' and new.status not in ('submitted', 'withdrawn'))
  execute function public.hold_unpaid_application();

-- Staff lock an invoice they cover.
create or replace function public.lock_invoice_for_staff(invoice_id uuid) returns public.invoices
language plpgsql security definer
set search_path = ''
as $$
declare
  invoice public.invoices;
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff record payments.' using errcode = '42501';
  end if;
  select * into invoice from public.invoices v where v.id = invoice_id for update;
  if not found or not public.staff_covers_invoice(invoice.id) then
    raise exception 'Invoice not found.' using errcode = 'P0002';
  end if;
  return invoice;
end
$$;
revoke execute on function public.lock_invoice_for_staff(uuid) from public, anon, authenticated;

-- Staff record money received (a bank transfer seen in the account, a cheque, cash). The form's key
-- makes a double click record it once.
create or replace function public.record_payment(invoice_id uuid, amount_minor bigint, received_on date,
  method text, note text, form_key uuid)
returns public.ledger_entries
language plpgsql security definer
set search_path = ''
as $$
declare
  invoice public.invoices := public.lock_invoice_for_staff(invoice_id);
  entry public.ledger_entries;
begin
  if amount_minor is null or amount_minor <= 0 or amount_minor > 100000000000 then
    raise exception 'Enter the amount received, above zero.' using errcode = '22023';
  end if;
  if received_on is null or received_on > current_date or received_on < current_date - 730 then
    raise exception 'Enter the day the money arrived: today or earlier, within two years.' using errcode = '22023';
  end if;
  if method is null or method not in ('bank_transfer', 'cash', 'cheque', 'card', 'other') then
    raise exception 'Choose how the money was paid.' using errcode = '22023';
  end if;
  if form_key is null then
    raise exception 'The form is missing its key; reload the page.' using errcode = '22023';
  end if;
  insert into public.ledger_entries (invoice_id, kind, amount_minor, currency, method, received_on, note, source_key)
  values (invoice.id, 'payment', amount_minor, invoice.currency, method, received_on, nullif(btrim(note), ''),
    'manual:' || form_key)
  on conflict (source_key) do nothing
  returning * into entry;
  if entry.id is null then
    select * into entry from public.ledger_entries e where e.source_key = 'manual:' || form_key;
  end if;
  return entry;
end
$$;
revoke execute on function public.record_payment(uuid, bigint, date, text, text, uuid) from public, anon;
grant execute on function public.record_payment(uuid, bigint, date, text, text, uuid) to authenticated;

-- A refund is a negative entry with its reason, never more than came in.
create or replace function public.record_refund(invoice_id uuid, amount_minor bigint, reason text, method text,
  form_key uuid)
returns public.ledger_entries
language plpgsql security definer
set search_path = ''
as $$
declare
  invoice public.invoices := public.lock_invoice_for_staff(invoice_id);
  totals record := public.invoice_balance(invoice_id);
  entry public.ledger_entries;
begin
  if coalesce(char_length(btrim(reason)), 0) not between 3 and 500 then
    raise exception 'Say why the money goes back (3 to 500 characters).' using errcode = '22023';
  end if;
  if method is null or method not in ('bank_transfer', 'test', 'card', 'cash', 'cheque', 'other') then
    raise exception 'Choose how the money goes back.' using errcode = '22023';
  end if;
  if form_key is null then
    raise exception 'The form is missing its key; reload the page.' using errcode = '22023';
  end if;
  if exists (select 1 from public.ledger_entries e where e.source_key = 'manual:' || form_key) then
    select * into entry from public.ledger_entries e where e.source_key = 'manual:' || form_key;
    return entry;
  end if;
  if amount_minor is null or amount_minor <= 0 then
    raise exception 'Enter the amount to refund, above zero.' using errcode = '22023';
  end if;
  if amount_minor > totals.paid_minor + totals.refunded_minor then
    raise exception 'At most % can be refunded: that is what was paid and not yet refunded.',
      public.money_words(totals.paid_minor + totals.refunded_minor, invoice.currency) using errcode = 'P0001';
  end if;
  insert into public.ledger_entries (invoice_id, kind, amount_minor, currency, method, note, source_key)
  values (invoice.id, 'refund', -amount_minor, invoice.currency, method, btrim(reason), 'manual:' || form_key)
  returning * into entry;
  return entry;
end
$$;
revoke execute on function public.record_refund(uuid, bigint, text, text, uuid) from public, anon;
grant execute on function public.record_refund(uuid, bigint, text, text, uuid) to authenticated;

-- A bank statement: rows of {date, amount_minor, currency, reference, payer}. Each row is matched on
-- the invoice reference its payment reference contains, and recorded once under the checksum of what
-- it says (with its occurrence, so two identical transfers in one file both count). What cannot be
-- matched is answered with the reason and recorded nowhere.
create table public.statement_imports (
  id uuid primary key default gen_random_uuid(),
  file_name text not null check (char_length(file_name) between 1 and 200),
  rows_read integer not null,
  recorded integer not null,
  already integer not null,
  unmatched integer not null,
  imported_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index statement_imports_imported_by_idx on public.statement_imports (imported_by);
alter table public.statement_imports enable row level security;
revoke all on public.statement_imports from anon, authenticated;
grant select on public.statement_imports to authenticated;
create policy statement_imports_select on public.statement_imports for select to authenticated
  using (imported_by = (select auth.uid()) or (select public.staff_sees_all()));

create or replace function public.import_statement(file_name text, statement jsonb)
returns table (line integer, outcome text, invoice_reference text, detail text)
language plpgsql security definer
set search_path = ''
as $$
declare
  row_ record;
  invoice public.invoices;
  on_day date;
  found_reference text;
  entry_id bigint;
  counts integer[] := array[0, 0, 0];
begin
  if not public.is_staff() then
    raise exception 'Only admissions staff import statements.' using errcode = '42501';
  end if;
  if jsonb_typeof(statement) is distinct from 'array' or jsonb_array_length(statement) = 0 then
    raise exception 'The statement has no rows.' using errcode = '22023';
  end if;
  if jsonb_array_length(statement) > 5000 then
    raise exception 'Import at most 5,000 rows at a time.' using errcode = '22023';
  end if;
  if coalesce(char_length(btrim(file_name)), 0) not between 1 and 200 then
    raise exception 'The file needs a name.' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtext('unipath.import_statement'));
  -- The occurrence counts rows that read the same once normalised, as their checksum does.
  for row_ in
    select y.*, row_number() over (partition by y.on_day, y.amount_text, y.currency, y.payment_reference, y.payer
        order by y.n) as occurrence
    from (select x.n::integer as n, x.r ->> 'date' as on_day, x.r ->> 'amount_minor' as amount_text,
        upper(btrim(x.r ->> 'currency')) as currency, upper(coalesce(x.r ->> 'reference', '')) as payment_reference,
        left(btrim(coalesce(x.r ->> 'payer', '')), 120) as payer
      from jsonb_array_elements(statement) with ordinality x (r, n)) y
    order by y.n
  loop
    line := row_.n;
    invoice_reference := null;
    found_reference := substring(row_.payment_reference from 'UP-[0-9]{4}-[0-9A-Z]{6}(?:-D[0-9]?|-[0-9]{1,2})?');
    invoice := null;
    if found_reference is not null then
      select * into invoice from public.invoices v where v.reference = found_reference for update;
      if invoice.id is null and found_reference ~ '^UP-[0-9]{4}-[0-9A-Z]{6}-' then
        -- "UP-2026-ABC123-X" where -X is not ours: try the reference alone.
        select * into invoice from public.invoices v where v.reference = substring(found_reference from '^UP-[0-9]{4}-[0-9A-Z]{6}')
        for update;
      end if;
    end if;
    on_day := null;
    if row_.on_day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
      begin
        on_day := row_.on_day::date;
      exception when datetime_field_overflow or invalid_datetime_format then
        -- "2026-02-30": not a day.
        on_day := null;
      end;
    end if;
    if coalesce(row_.amount_text, '') !~ '^-?[0-9]{1,12}$' or on_day is null then
      outcome := 'unmatched'; detail := 'The date or the amount could not be read.';
    elsif row_.amount_text::bigint <= 0 then
      outcome := 'unmatched'; detail := 'Not money received (the amount is not above zero).';
    elsif invoice.id is null then
      outcome := 'unmatched'; detail := case when found_reference is null
        then 'No application reference (UP-YYYY-XXXXXX) in the payment reference.'
        else format('No invoice %s.', found_reference) end;
    elsif not public.staff_covers_invoice(invoice.id) then
      outcome := 'unmatched'; detail := format('%s is not one of your office''s invoices.', invoice.reference);
    elsif row_.currency is distinct from invoice.currency then
      outcome := 'unmatched'; invoice_reference := invoice.reference;
      detail := format('Paid in %s; the invoice is in %s.', coalesce(row_.currency, 'no currency'), invoice.currency);
    elsif on_day > current_date then
      outcome := 'unmatched'; detail := 'The date is in the future.';
    else
      invoice_reference := invoice.reference;
      insert into public.ledger_entries (invoice_id, kind, amount_minor, currency, method, received_on, note, source_key)
      values (invoice.id, 'payment', row_.amount_text::bigint, invoice.currency, 'bank_transfer', on_day,
        nullif(concat_ws(' · ', 'Bank statement', nullif(row_.payer, '')), ''),
        'statement:' || encode(extensions.digest(convert_to(concat_ws('|', row_.on_day, row_.amount_text, row_.currency,
          row_.payment_reference, row_.payer, row_.occurrence), 'UTF8'), 'sha256'), 'hex'))
      on conflict (source_key) do nothing
      returning id into entry_id;
      if entry_id is null then
        outcome := 'already'; detail := 'Recorded by an earlier import.';
      else
        outcome := 'recorded'; detail := public.money_words(row_.amount_text::bigint, invoice.currency);
      end if;
      entry_id := null;
    end if;
    counts[case outcome when 'recorded' then 1 when 'already' then 2 else 3 end] :=
      counts[case outcome when 'recorded' then 1 when 'already' then 2 else 3 end] + 1;
    return next;
  end loop;
  insert into public.statement_imports (file_name, rows_read, recorded, already, unmatched)
  values (btrim(import_statement.file_name), jsonb_array_length(statement), counts[1], counts[2], counts[3]);
end
$$;
revoke execute on function public.import_statement(text, jsonb) from public, anon;
grant execute on function public.import_statement(text, jsonb) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Providers.

-- One attempt to pay through a provider that notifies (the test provider here; a card provider
-- behind the same interface). The applicant starts it for what is outstanding; the server settles it
-- from the provider's signed notification, with the service key. A notification seen twice, or one
-- for an attempt already settled, changes nothing.
create table public.payment_attempts (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  provider text not null check (provider in ('test', 'card')),
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  state text not null default 'pending' check (state in ('pending', 'succeeded', 'failed')),
  provider_ref text check (char_length(provider_ref) <= 200),
  failure text check (char_length(failure) <= 300),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
create index payment_attempts_invoice_idx on public.payment_attempts (invoice_id);
create index payment_attempts_created_by_idx on public.payment_attempts (created_by);
alter table public.payment_attempts enable row level security;
revoke all on public.payment_attempts from anon, authenticated;
grant select on public.payment_attempts to authenticated;
create policy payment_attempts_select on public.payment_attempts for select to authenticated
  using (exists (select 1 from public.invoices v where v.id = payment_attempts.invoice_id));

create or replace function public.start_payment(invoice_id uuid, provider text) returns public.payment_attempts
language plpgsql security definer
set search_path = ''
as $$
declare
  invoice public.invoices;
  totals record;
  attempt public.payment_attempts;
begin
  select * into invoice from public.invoices v where v.id = invoice_id and v.applicant_id = auth.uid() for update;
  if not found then
    raise exception 'Invoice not found.' using errcode = 'P0002';
  end if;
  if provider is null or provider not in ('test', 'card') then
    raise exception 'Choose a way to pay.' using errcode = '22023';
  end if;
  totals := public.invoice_balance(invoice.id);
  if totals.outstanding_minor = 0 then
    raise exception 'Nothing is left to pay on %.', invoice.reference using errcode = 'P0001';
  end if;
  if (select count(*) from public.payment_attempts p where p.invoice_id = invoice.id
      and p.created_at > now() - interval '1 hour') >= 20 then
    raise exception 'Too many payment attempts on this invoice; try again in an hour.' using errcode = 'PT429';
  end if;
  insert into public.payment_attempts (invoice_id, provider, amount_minor, currency)
  values (invoice.id, provider, totals.outstanding_minor, invoice.currency)
  returning * into attempt;
  return attempt;
end
$$;
revoke execute on function public.start_payment(uuid, text) from public, anon;
grant execute on function public.start_payment(uuid, text) to authenticated;

-- The server, having checked the provider's signature, settles an attempt. Only a pending attempt
-- moves; a success records the amount the provider reports, in the attempt's currency.
create or replace function public.settle_payment(attempt_id uuid, succeeded boolean, amount_minor bigint,
  currency text, provider_ref text, failure text default null)
returns public.payment_attempts
language plpgsql security definer
set search_path = ''
as $$
declare
  attempt public.payment_attempts;
begin
  select * into attempt from public.payment_attempts p where p.id = attempt_id for update;
  if not found then
    raise exception 'No such payment.' using errcode = 'P0002';
  end if;
  if attempt.state <> 'pending' then
    return attempt;
  end if;
  if succeeded is null then
    raise exception 'Say whether the payment succeeded.' using errcode = '22023';
  end if;
  if succeeded and (amount_minor is distinct from attempt.amount_minor or currency is distinct from attempt.currency) then
    raise exception 'The provider reports % %, but the payment was for %.', currency, amount_minor,
      public.money_words(attempt.amount_minor, attempt.currency) using errcode = '22023';
  end if;
  update public.payment_attempts p set state = case when succeeded then 'succeeded' else 'failed' end,
    provider_ref = left(settle_payment.provider_ref, 200), failure = left(settle_payment.failure, 300), settled_at = now()
  where p.id = attempt.id
  returning * into attempt;
  if succeeded then
    insert into public.ledger_entries (invoice_id, kind, amount_minor, currency, method, note, source_key, recorded_by)
    values (attempt.invoice_id, 'payment', attempt.amount_minor, attempt.currency,
      case attempt.provider when 'test' then 'test' else 'card' end,
      left(concat_ws(' ', 'Paid online', nullif(settle_payment.provider_ref, '')), 500), 'attempt:' || attempt.id, null)
    on conflict (source_key) do nothing;
  end if;
  return attempt;
end
$$;
revoke execute on function public.settle_payment(uuid, boolean, bigint, text, text, text) from public, anon, authenticated;
grant execute on function public.settle_payment(uuid, boolean, bigint, text, text, text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Waivers.

create table public.fee_waivers (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  applicant_id uuid not null references auth.users (id) on delete cascade,
  reason text check (char_length(reason) <= 1000),
  code text check (char_length(code) <= 32),
  status text not null default 'requested' check (status in ('requested', 'granted', 'refused')),
  decided_by uuid references auth.users (id) on delete set null,
  decision_reason text check (char_length(decision_reason) <= 500),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  updated_at timestamptz not null default now(),
  version integer not null default 1 check (version > 0),
  constraint fee_waivers_asked check (reason is not null or code is not null),
  constraint fee_waivers_decided check ((status = 'requested') = (decided_at is null))
);
create unique index fee_waivers_one_open_idx on public.fee_waivers (invoice_id) where status = 'requested';
create index fee_waivers_applicant_idx on public.fee_waivers (applicant_id);
create index fee_waivers_decided_by_idx on public.fee_waivers (decided_by);
alter table public.fee_waivers enable row level security;
revoke all on public.fee_waivers from anon, authenticated;
grant select on public.fee_waivers to authenticated;
create policy fee_waivers_select on public.fee_waivers for select to authenticated
  using (applicant_id = (select auth.uid()) or public.staff_covers_invoice(invoice_id));
create trigger fee_waivers_touch before update on public.fee_waivers
  for each row execute function public.touch_updated_at();
create trigger fee_waivers_audit after update on public.fee_waivers
  for each row execute function public.audit_staff_change();
create trigger version_10_check before update of version on public.fee_waivers
  for each row execute function public.check_row_version('waiver');
create trigger version_20_stamp before update on public.fee_waivers
  for each row execute function public.stamp_row_version();

-- A granted waiver covers what is left of the fee it names.
create or replace function public.grant_waiver(waiver public.fee_waivers) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  invoice public.invoices := (select v from public.invoices v where v.id = waiver.invoice_id);
  left_to_pay bigint := (public.invoice_balance(waiver.invoice_id)).outstanding_minor;
begin
  if left_to_pay > 0 then
    insert into public.ledger_entries (invoice_id, kind, amount_minor, currency, method, note, source_key)
    values (invoice.id, 'waiver', left_to_pay, invoice.currency, 'waiver',
      left(coalesce(waiver.decision_reason, 'Waived'), 500), 'waiver:' || waiver.id);
  end if;
end
$$;
revoke execute on function public.grant_waiver(public.fee_waivers) from public, anon, authenticated;

-- The applicant asks for the fee to be waived, with a reason or a published code. A known code
-- waives it at once; an unknown one is refused and nothing is recorded.
create or replace function public.request_fee_waiver(invoice_id uuid, reason text, code text)
returns public.fee_waivers
language plpgsql security definer
set search_path = ''
as $$
declare
  invoice public.invoices;
  clean_reason text := nullif(btrim(reason), '');
  clean_code text := nullif(upper(btrim(code)), '');
  known public.fee_waiver_codes;
  waiver public.fee_waivers;
begin
  select * into invoice from public.invoices v where v.id = invoice_id and v.applicant_id = auth.uid() for update;
  if not found then
    raise exception 'Invoice not found.' using errcode = 'P0002';
  end if;
  if invoice.kind <> 'application_fee' then
    raise exception 'A deposit cannot be waived; write to admissions through your application if you cannot pay it.'
      using errcode = 'P0001';
  end if;
  if (public.invoice_balance(invoice.id)).outstanding_minor = 0 then
    raise exception 'Nothing is left to pay on %.', invoice.reference using errcode = 'P0001';
  end if;
  if exists (select 1 from public.fee_waivers w where w.invoice_id = invoice.id and w.status = 'requested') then
    raise exception 'You have already asked; admissions will answer that request first.' using errcode = 'P0001';
  end if;
  if (select count(*) from public.fee_waivers w where w.applicant_id = auth.uid()
      and w.created_at > now() - interval '1 day') >= 5 then
    raise exception 'You have asked five times today; try again tomorrow.' using errcode = 'PT429';
  end if;
  if clean_code is not null then
    select * into known from public.fee_waiver_codes c where c.code = clean_code and c.active;
    if not found then
      raise exception 'That code is not one we know. Check it, or give a reason instead.' using errcode = 'P0001';
    end if;
    insert into public.fee_waivers (invoice_id, applicant_id, reason, code, status, decision_reason, decided_at)
    values (invoice.id, auth.uid(), clean_reason, clean_code, 'granted', 'Waiver code ' || clean_code || ': ' || known.description, now())
    returning * into waiver;
    perform public.grant_waiver(waiver);
    return waiver;
  end if;
  if coalesce(char_length(clean_reason), 0) not between 10 and 1000 then
    raise exception 'Tell admissions why you ask (10 to 1,000 characters), or enter a waiver code.' using errcode = '22023';
  end if;
  insert into public.fee_waivers (invoice_id, applicant_id, reason)
  values (invoice.id, auth.uid(), clean_reason)
  returning * into waiver;
  return waiver;
end
$$;
revoke execute on function public.request_fee_waiver(uuid, text, text) from public, anon;
grant execute on function public.request_fee_waiver(uuid, text, text) to authenticated;

-- Staff grant or refuse a waiver with the reason the applicant will read.
create or replace function public.decide_fee_waiver(waiver_id uuid, grant_it boolean, reason text,
  expected_version integer)
returns public.fee_waivers
language plpgsql security definer
set search_path = ''
as $$
declare
  waiver public.fee_waivers;
  invoice public.invoices;
begin
  select * into waiver from public.fee_waivers w where w.id = waiver_id for update;
  if not found then
    raise exception 'Waiver request not found.' using errcode = 'P0002';
  end if;
  invoice := public.lock_invoice_for_staff(waiver.invoice_id);
  if waiver.version is distinct from expected_version then
    raise exception 'Someone else answered this request meanwhile; reload to see it.' using errcode = '40001';
  end if;
  if waiver.status <> 'requested' then
    raise exception 'This request was already answered.' using errcode = 'P0001';
  end if;
  if grant_it is null or coalesce(char_length(btrim(reason)), 0) not between 3 and 500 then
    raise exception 'Say why (3 to 500 characters): the applicant reads it.' using errcode = '22023';
  end if;
  update public.fee_waivers w set status = case when grant_it then 'granted' else 'refused' end,
    decided_by = auth.uid(), decision_reason = btrim(decide_fee_waiver.reason), decided_at = now()
  where w.id = waiver.id
  returning * into waiver;
  if grant_it then
    perform public.grant_waiver(waiver);
  end if;
  perform public.queue_event(waiver.applicant_id, invoice.group_id, 'fee_waiver_decided', jsonb_build_object(
    'invoice_reference', invoice.reference,
    'outcome', case when grant_it then 'granted' else 'refused' end,
    'decision_reason', waiver.decision_reason,
    'pay_url', (select s.site_url from public.admissions_settings s) || '/applications/' || invoice.group_id || '/fees'));
  return waiver;
end
$$;
revoke execute on function public.decide_fee_waiver(uuid, boolean, text, integer) from public, anon;
grant execute on function public.decide_fee_waiver(uuid, boolean, text, integer) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Deposits: held until the payment deadline, reminded, then lapsed unless staff extend them.

-- Staff give more time to pay a deposit.
create or replace function public.extend_deposit(invoice_id uuid, due_on date, reason text, expected_version integer)
returns public.invoices
language plpgsql security definer
set search_path = ''
as $$
declare
  invoice public.invoices := public.lock_invoice_for_staff(invoice_id);
  app public.applications;
begin
  if invoice.version is distinct from expected_version then
    raise exception 'Someone else changed this invoice meanwhile; reload to see it.' using errcode = '40001';
  end if;
  if invoice.kind <> 'deposit' then
    raise exception 'Only a deposit''s deadline moves.' using errcode = 'P0001';
  end if;
  select * into app from public.applications a where a.id = invoice.application_id;
  if app.status not in ('accepted', 'conditions_pending') then
    raise exception 'The place is no longer held, so there is no deposit deadline to move.' using errcode = 'P0001';
  end if;
  if due_on is null or due_on <= current_date or due_on > current_date + 180 then
    raise exception 'Choose a new deadline after today and within 180 days.' using errcode = '22023';
  end if;
  if coalesce(char_length(btrim(reason)), 0) not between 3 and 500 then
    raise exception 'Say why the deadline moves (3 to 500 characters).' using errcode = '22023';
  end if;
  update public.invoices v set due_on = extend_deposit.due_on where v.id = invoice.id returning * into invoice;
  perform public.queue_event(invoice.applicant_id, app.id, 'deposit_due', jsonb_build_object(
    'amount', public.money_words((public.invoice_balance(invoice.id)).outstanding_minor, invoice.currency),
    'invoice_reference', invoice.reference,
    'due_on', to_char(invoice.due_on, 'FMDD FMMonth YYYY'),
    'pay_url', (select s.site_url from public.admissions_settings s) || '/applications/' || invoice.group_id || '/fees'));
  return invoice;
end
$$;
revoke execute on function public.extend_deposit(uuid, date, text, integer) from public, anon;
grant execute on function public.extend_deposit(uuid, date, text, integer) to authenticated;

alter table public.reminders_sent drop constraint reminders_sent_kind_check;
alter table public.reminders_sent add constraint reminders_sent_kind_check check (kind in ('draft_deadline',
  'offer_reply', 'documents_missing', 'interview', 'condition_deadline', 'fee_due', 'deposit_due'));

-- The hourly money job: reminders 3 days and 1 day before an invoice is due, then deposits unpaid
-- after their deadline lapse: the offer expires, the letter goes, the place is freed. One lapse that
-- fails is recorded in job_failures and the others go on. Answers how many lapsed.
create or replace function public.settle_due_invoices(now timestamptz default now()) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  today date := (now at time zone 'UTC')::date;
  due record;
  lapsed integer := 0;
begin
  for due in select v.*, (public.invoice_balance(v.id)).outstanding_minor as outstanding, v.due_on - today as days_left
    from public.invoices v
    where v.due_on - today in (1, 3)
      and ((v.kind = 'application_fee' and exists (select 1 from public.applications a where a.group_id = v.group_id
          and a.status = 'submitted'))
        or (v.kind = 'deposit' and exists (select 1 from public.applications a where a.id = v.application_id
          and a.status in ('accepted', 'conditions_pending'))))
  loop
    continue when due.outstanding = 0;
    perform public.send_reminder(coalesce(due.application_id, due.group_id), due.applicant_id,
      case when due.kind = 'deposit' then 'deposit_due' else 'fee_due' end, due.reference || ':' || due.days_left,
      case when due.kind = 'deposit' then 'deposit_reminder' else 'fee_reminder' end, jsonb_build_object(
        'amount', public.money_words(due.outstanding, due.currency), 'invoice_reference', due.reference,
        'due_on', to_char(due.due_on, 'FMDD FMMonth YYYY'), 'due', public.days_from_now(due.days_left),
        'pay_url', (select s.site_url from public.admissions_settings s) || '/applications/' || due.group_id || '/fees'));
  end loop;
  perform set_config('unipath.transition_note', 'The deposit was not paid by its deadline; the offer lapsed.', true);
  for due in select v.id, v.application_id, v.applicant_id, v.reference, v.currency, v.group_id from public.invoices v
    join public.applications a on a.id = v.application_id
    where v.kind = 'deposit' and v.due_on < today and a.status in ('accepted', 'conditions_pending')
      and (public.invoice_balance(v.id)).outstanding_minor > 0
    order by v.due_on, v.id
    for update of a skip locked
  loop
    begin
      update public.applications a set status = 'expired' where a.id = due.application_id;
      perform public.queue_event(due.applicant_id, due.application_id, 'deposit_lapsed', jsonb_build_object(
        'invoice_reference', due.reference));
      lapsed := lapsed + 1;
    exception when others then
      perform public.record_job_failure('deposit_lapse', 'deposit_lapse:' || due.id, due.applicant_id,
        due.application_id, sqlerrm);
    end;
  end loop;
  return lapsed;
end
$$;
revoke execute on function public.settle_due_invoices(timestamptz) from public, anon, authenticated;
grant execute on function public.settle_due_invoices(timestamptz) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Letters.

insert into public.message_templates (key, audience, essential, stands_alone, description, fields, subject, summary, body_text, body_html) values
('fee_due', 'applicant', true, true,
  'Asks the applicant to pay the application fee or a deposit of a submitted application, with the reference to quote.',
  '{recipient_name,reference,course,university,amount,invoice_reference,due_on,pay_url,site_url}',
  'Your application fee: {{amount}}, reference {{invoice_reference}}',
  'Your application fee of {{amount}} is due by {{due_on}}.',
  E'Hello {{recipient_name}},\n\nThank you for submitting your application. It was received on time; before admissions review it, the application fee of {{amount}} is due by {{due_on}}.\n\nPay by bank transfer quoting {{invoice_reference}}, or ask for a waiver, here:\n{{pay_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Thank you for submitting your application. It was received on time; before admissions review it, the application fee of <strong>{{amount}}</strong> is due by <strong>{{due_on}}</strong>.</p><p>Pay by bank transfer quoting <strong>{{invoice_reference}}</strong>, or ask for a waiver: <a href="{{pay_url}}">your invoice</a>.</p><p>Unipath Admissions</p>'),
('fee_reminder', 'applicant', true, true,
  'Reminds the applicant that an application fee is still outstanding: 3 days and 1 day before it is due.',
  '{recipient_name,reference,course,university,amount,invoice_reference,due_on,due,pay_url,site_url,unsubscribe_url}',
  'Reminder: your application fee is due {{due}}',
  'Your application fee of {{amount}} is due {{due}} ({{due_on}}).',
  E'Hello {{recipient_name}},\n\nYour application fee of {{amount}} (reference {{invoice_reference}}) is due {{due}}, on {{due_on}}. Admissions review your application once it is paid or waived.\n\n{{pay_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Your application fee of <strong>{{amount}}</strong> (reference {{invoice_reference}}) is due {{due}}, on {{due_on}}. Admissions review your application once it is paid or waived.</p><p><a href="{{pay_url}}">Pay or ask for a waiver</a></p><p>Unipath Admissions</p>'),
('deposit_due', 'applicant', true, true,
  'Asks the applicant who accepted an offer for the deposit that holds the place, with its deadline.',
  '{recipient_name,reference,course,university,term,amount,invoice_reference,due_on,pay_url,site_url}',
  'Your deposit for {{course}}: {{amount}} by {{due_on}}',
  'Pay the deposit of {{amount}} by {{due_on}} to keep your place.',
  E'Hello {{recipient_name}},\n\nYour place on {{course}} at {{university}} ({{term}}) is held for you until {{due_on}}. To keep it, pay the deposit of {{amount}} by then, quoting {{invoice_reference}}.\n\nIf it is not paid by that day, the offer lapses and the place goes to someone on the waiting list.\n\n{{pay_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Your place on <strong>{{course}}</strong> at {{university}} ({{term}}) is held for you until <strong>{{due_on}}</strong>. To keep it, pay the deposit of <strong>{{amount}}</strong> by then, quoting {{invoice_reference}}.</p><p>If it is not paid by that day, the offer lapses and the place goes to someone on the waiting list.</p><p><a href="{{pay_url}}">Pay the deposit</a></p><p>Unipath Admissions</p>'),
('deposit_reminder', 'applicant', true, true,
  'Reminds the applicant that the deposit holding their place is unpaid: 3 days and 1 day before its deadline.',
  '{recipient_name,reference,course,university,amount,invoice_reference,due_on,due,pay_url,site_url,unsubscribe_url}',
  'Reminder: your deposit is due {{due}}',
  'Your deposit of {{amount}} is due {{due}}; unpaid, the offer lapses.',
  E'Hello {{recipient_name}},\n\nThe deposit of {{amount}} (reference {{invoice_reference}}) that holds your place on {{course}} is due {{due}}, on {{due_on}}. If it is not paid by then, the offer lapses.\n\n{{pay_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>The deposit of <strong>{{amount}}</strong> (reference {{invoice_reference}}) that holds your place on <strong>{{course}}</strong> is due {{due}}, on {{due_on}}. If it is not paid by then, the offer lapses.</p><p><a href="{{pay_url}}">Pay the deposit</a></p><p>Unipath Admissions</p>'),
('deposit_lapsed', 'applicant', true, true,
  'Tells the applicant that their offer lapsed because the deposit was not paid by its deadline.',
  '{recipient_name,reference,course,university,term,invoice_reference,application_url,site_url}',
  'Your offer has lapsed: {{reference}}',
  'The deposit was not paid by its deadline, so the offer for {{course}} lapsed.',
  E'Hello {{recipient_name}},\n\nThe deposit for your place on {{course}} at {{university}} ({{term}}), reference {{invoice_reference}}, was not paid by its deadline, so the offer has lapsed and the place has been released.\n\nIf you think this is a mistake, write to admissions through your application at once:\n{{application_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>The deposit for your place on <strong>{{course}}</strong> at {{university}} ({{term}}), reference {{invoice_reference}}, was not paid by its deadline, so the offer has lapsed and the place has been released.</p><p>If you think this is a mistake, write to admissions through <a href="{{application_url}}">your application</a> at once.</p><p>Unipath Admissions</p>'),
('payment_received', 'applicant', true, true,
  'Confirms to the applicant that a payment was received, and what is left to pay.',
  '{recipient_name,reference,course,university,amount,invoice_reference,outstanding,pay_url,site_url}',
  'Payment received: {{amount}} for {{invoice_reference}}',
  'We received {{amount}} for {{invoice_reference}}.',
  E'Hello {{recipient_name}},\n\nWe received your payment of {{amount}} for {{invoice_reference}}. Left to pay: {{outstanding}}.\n\nYour receipt and invoices: {{pay_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>We received your payment of <strong>{{amount}}</strong> for {{invoice_reference}}. Left to pay: {{outstanding}}.</p><p><a href="{{pay_url}}">Your receipt and invoices</a></p><p>Unipath Admissions</p>'),
('fee_waiver_decided', 'applicant', true, true,
  'Tells the applicant whether their request to waive the application fee was granted, and why.',
  '{recipient_name,reference,course,university,invoice_reference,outcome,decision_reason,pay_url,site_url}',
  'Your fee waiver request was {{outcome}}',
  'Your request to waive the fee on {{invoice_reference}} was {{outcome}}.',
  E'Hello {{recipient_name}},\n\nYour request to waive the application fee on {{invoice_reference}} was {{outcome}}.\n\n{{decision_reason}}\n\n{{pay_url}}\n\nUnipath Admissions',
  '<p>Hello {{recipient_name}},</p><p>Your request to waive the application fee on {{invoice_reference}} was <strong>{{outcome}}</strong>.</p><p>{{decision_reason}}</p><p><a href="{{pay_url}}">Your invoices</a></p><p>Unipath Admissions</p>');

-- "Download my data" carries the person's invoices, payments and waiver requests.
create or replace function public.my_money_data() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'invoices', coalesce((select jsonb_agg(to_jsonb(s) order by s.created_at) from public.invoice_summaries s
      where s.applicant_id = auth.uid()), '[]'),
    'ledger', coalesce((select jsonb_agg(jsonb_build_object('invoice', v.reference, 'kind', e.kind,
      'amount_minor', e.amount_minor, 'currency', e.currency, 'method', e.method, 'received_on', e.received_on)
      order by e.id) from public.ledger_entries e join public.invoices v on v.id = e.invoice_id
      where v.applicant_id = auth.uid()), '[]'),
    'waivers', coalesce((select jsonb_agg(jsonb_build_object('invoice', v.reference, 'reason', w.reason,
      'status', w.status, 'decision_reason', w.decision_reason, 'asked_at', w.created_at) order by w.created_at)
      from public.fee_waivers w join public.invoices v on v.id = w.invoice_id where w.applicant_id = auth.uid()), '[]'))
$$;
revoke execute on function public.my_money_data() from public, anon;
grant execute on function public.my_money_data() to authenticated;
