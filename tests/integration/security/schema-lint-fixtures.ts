/**
 * One deliberate offence per lint rule, created inside a transaction that is rolled back, so each
 * rule is shown to catch what it describes and not merely to pass on a clean schema.
 */
export const OFFENDING_SCHEMA = `
  create table public.lint_no_rls (id integer);
  create table public.lint_policy_no_rls (id integer);
  create policy lint_read_all on public.lint_policy_no_rls for select using (true);
  create view public.lint_definer_view as select 1 as x;
  create function public.lint_mutable() returns integer language sql as 'select 1';
  create table public.lint_meta (id uuid primary key);
  alter table public.lint_meta enable row level security;
  create policy lint_meta_trusts_metadata on public.lint_meta for select to authenticated
    using ((select auth.jwt()) -> 'user_metadata' ->> 'role' = 'admin');
  create policy lint_meta_anyone_inserts on public.lint_meta for insert to anon with check (true);
  create policy lint_meta_per_row on public.lint_meta for update to authenticated using (id = auth.uid());
  create view public.lint_users with (security_invoker = true) as select id, email from auth.users;
  create table public.lint_child (id integer primary key, meta_id uuid references public.lint_meta (id));
  alter table public.lint_child enable row level security;
`;

/** What each rule must report once the offending schema exists. */
export const EXPECTED_OFFENDERS: Record<string, string[]> = {
  rls_disabled_in_public: ['lint_no_rls', 'lint_policy_no_rls'],
  policy_exists_rls_disabled: ['public.lint_policy_no_rls'],
  security_definer_view: ['lint_definer_view'],
  function_search_path_mutable: ['lint_mutable()'],
  rls_references_user_metadata: ['public.lint_meta lint_meta_trusts_metadata'],
  auth_users_exposed: ['lint_users'],
  rls_policy_always_true: ['public.lint_meta lint_meta_anyone_inserts'],
  unindexed_foreign_keys: ['lint_child lint_child_meta_id_fkey'],
  auth_rls_initplan: ['public.lint_meta lint_meta_per_row'],
};
