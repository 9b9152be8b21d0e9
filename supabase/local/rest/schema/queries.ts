// Catalog queries behind the schema cache; `$1` is the array of exposed schemas.

export const relationsSql = `
  select c.oid::int8 as oid, n.nspname as schema, c.relname as name, c.relkind as kind
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'f', 'p', 'c')`;

export const columnsSql = `
  select a.attrelid::int8 as oid, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
         a.attnotnull as not_null, a.atthasdef as has_default, a.attgenerated <> '' as generated
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'f', 'p', 'c')
    and a.attnum > 0 and not a.attisdropped
  order by a.attrelid, a.attnum`;

export const constraintsSql = `
  select con.conname as name, con.contype as type, con.conrelid::int8 as oid, con.confrelid::int8 as ref_oid,
         array(select a.attname::text from unnest(con.conkey) with ordinality k(num, i)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.i) as columns,
         array(select a.attname::text from unnest(coalesce(con.confkey, '{}')) with ordinality k(num, i)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.i) as ref_columns
  from pg_constraint con
  join pg_class c on c.oid = con.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1) and con.contype in ('p', 'u', 'f')
  order by con.conname`;

export const routinesSql = `
  select n.nspname as schema, p.proname as name, p.provolatile as volatility, p.proretset as returns_set,
         format_type(p.prorettype, null) as return_type, t.typtype as return_kind, t.typrelid::int8 as return_oid,
         coalesce(p.proargnames::text[], '{}') as arg_names,
         coalesce(p.proargmodes::text[], '{}') as arg_modes,
         array(select format_type(u.t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
               with ordinality u(t, i) order by u.i) as arg_types,
         p.pronargdefaults as defaults, p.prorows::float8 as rows,
         array(select t2.typrelid::int8 from unnest(p.proargtypes::oid[]) with ordinality u(t, i)
               join pg_type t2 on t2.oid = u.t order by u.i) as arg_relids
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type t on t.oid = p.prorettype
  where n.nspname = any($1) and p.prokind = 'f'`;

// Any DDL in the exposed schemas writes catalog rows, so their newest xmin and counts change with it.
export const fingerprintSql = `
  select concat_ws(':',
    (select count(*) || '/' || coalesce(max(c.xmin::text::int8), 0) from pg_class c
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = any($1)),
    (select count(*) || '/' || coalesce(max(a.xmin::text::int8), 0) from pg_attribute a
       join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = any($1) and a.attnum > 0),
    (select count(*) || '/' || coalesce(max(p.xmin::text::int8), 0) from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace where n.nspname = any($1)),
    (select count(*) || '/' || coalesce(max(con.xmin::text::int8), 0) from pg_constraint con
       join pg_namespace n on n.oid = con.connamespace where n.nspname = any($1)),
    (select count(*) || '/' || coalesce(max(s.xmin::text::int8), 0) from pg_db_role_setting s)
  ) as fingerprint`;

// Which table columns each view of the exposed schemas reads, for relationships through views.
export const viewColumnsSql = `
  select v.oid::int8 as view_oid, t.oid::int8 as table_oid, u.column_name::text as column
  from information_schema.view_column_usage u
  join pg_namespace vn on vn.nspname = u.view_schema
  join pg_class v on v.relnamespace = vn.oid and v.relname = u.view_name
  join pg_namespace tn on tn.nspname = u.table_schema
  join pg_class t on t.relnamespace = tn.oid and t.relname = u.table_name
  where u.view_schema = any($1)`;

// PostgREST's in-database configuration: \`alter role authenticator set pgrst.<key> = …\` (db-config, on by default).
export const configSql = `
  select substr(s, 7, strpos(s, '=') - 7) as key, substr(s, strpos(s, '=') + 1) as value
  from pg_roles r, unnest(r.rolconfig) as s
  where r.rolname = 'authenticator' and s like 'pgrst.%'`;
