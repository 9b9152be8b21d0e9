/**
 * Security and performance lints over the catalog of the migrated database, in the spirit of
 * Supabase's database linter. Each query returns one `offender` row per violation, named so a
 * failing test says exactly what to fix.
 */
export interface SchemaLintRule {
  name: string;
  why: string;
  sql: string;
}

/** Schemas PostgREST serves; every object here is reachable with the anon key. */
const EXPOSED = `('public')`;

/** Objects created by an extension belong to it, not to our migrations. */
const NOT_FROM_EXTENSION = (oid: string) =>
  `not exists (select 1 from pg_depend d where d.objid = ${oid} and d.deptype = 'e')`;

/** Every policy with its deparsed expressions, in the schemas our migrations write policies in. */
const POLICIES = `
  select n.nspname as schema_name, c.relname as table_name, p.polname as policy_name, p.polcmd,
         p.polroles, coalesce(pg_get_expr(p.polqual, p.polrelid), '') as qual,
         coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') as with_check
  from pg_policy p
  join pg_class c on c.oid = p.polrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname not in ('pg_catalog', 'information_schema')`;

export const SCHEMA_LINT_RULES: SchemaLintRule[] = [
  {
    name: 'rls_disabled_in_public',
    why: 'a table in an exposed schema without row-level security is readable and writable by anyone',
    sql: `select c.relname as offender from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ${EXPOSED} and c.relkind in ('r', 'p') and not c.relrowsecurity
            and ${NOT_FROM_EXTENSION('c.oid')}
          order by 1`,
  },
  {
    name: 'policy_exists_rls_disabled',
    why: 'policies on a table without row-level security are never applied',
    sql: `select distinct n.nspname || '.' || c.relname as offender from pg_policy p
          join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
          where not c.relrowsecurity order by 1`,
  },
  {
    name: 'security_definer_view',
    why: 'a view without security_invoker runs with its owner’s rights and bypasses row-level security',
    sql: `select c.relname as offender from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ${EXPOSED} and c.relkind = 'v' and ${NOT_FROM_EXTENSION('c.oid')}
            and not exists (
              select 1 from unnest(coalesce(c.reloptions, '{}')) o
              where lower(o) in ('security_invoker=true', 'security_invoker=on', 'security_invoker=1'))
          order by 1`,
  },
  {
    name: 'function_search_path_mutable',
    why: 'a function without a fixed search_path resolves names through whatever the caller set',
    sql: `select p.oid::regprocedure::text as offender from pg_proc p
          join pg_namespace n on n.oid = p.pronamespace
          where n.nspname in ${EXPOSED} and p.prokind in ('f', 'p') and ${NOT_FROM_EXTENSION('p.oid')}
            and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) s where s like 'search_path=%')
          order by 1`,
  },
  {
    name: 'rls_references_user_metadata',
    why: 'user_metadata is editable by the user it describes, so a policy must never trust it',
    sql: `select schema_name || '.' || table_name || ' ' || policy_name as offender from (${POLICIES}) p
          where (qual || ' ' || with_check) ~* '(user_metadata|raw_user_meta_data)' order by 1`,
  },
  {
    name: 'auth_users_exposed',
    why: 'a view over auth.users in an exposed schema publishes every account’s e-mail and metadata',
    sql: `select distinct v.relname as offender from pg_depend d
          join pg_rewrite r on r.oid = d.objid
          join pg_class v on v.oid = r.ev_class
          join pg_namespace n on n.oid = v.relnamespace
          where d.classid = 'pg_rewrite'::regclass and d.refobjid = 'auth.users'::regclass
            and n.nspname in ${EXPOSED} and v.relkind in ('v', 'm')
          order by 1`,
  },
  {
    name: 'rls_policy_always_true',
    why: 'an insert, update or delete policy that is always true gives every caller that write',
    sql: `select schema_name || '.' || table_name || ' ' || policy_name as offender from (${POLICIES}) p
          where p.polcmd in ('a', 'w', 'd', '*')
            and (p.polroles @> array[0::oid]
              or p.polroles && array(select oid from pg_roles where rolname in ('anon', 'authenticated')))
            and (lower(btrim(p.qual)) = 'true' or lower(btrim(p.with_check)) = 'true')
          order by 1`,
  },
  {
    name: 'unindexed_foreign_keys',
    why: 'a foreign key without a leading index makes every parent delete and every join scan the table',
    sql: `select con.conrelid::regclass::text || ' ' || con.conname as offender from pg_constraint con
          join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
          where con.contype = 'f' and n.nspname in ${EXPOSED}
            and not exists (
              select 1 from pg_index i
              where i.indrelid = con.conrelid
                and (select array_agg(k order by k)
                     from unnest((string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(con.conkey)]) k)
                  = (select array_agg(k order by k) from unnest(con.conkey) k))
          order by 1`,
  },
  {
    name: 'auth_rls_initplan',
    why: 'auth.uid(), auth.jwt(), auth.role() or current_setting() not wrapped in (select …) run once per row',
    sql: `select schema_name || '.' || table_name || ' ' || policy_name as offender from (${POLICIES}) p
          where (qual || ' ' || with_check)
            ~* '(?<!select )(auth\\.(uid|jwt|role|email)\\(\\)|current_setting\\()'
          order by 1`,
  },
];
