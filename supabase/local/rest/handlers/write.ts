import { RestError } from '../errors.ts';
import { contentTypeOf, negotiateMedia, type Media } from '../media.ts';
import type { Condition } from '../parse/filter.ts';
import { emptyLevel, parseQuery, type QueryOptions } from '../parse/query.ts';
import {
  appliedHeader,
  checkMaxAffected,
  endsInRollback,
  readPreferences,
  type Applied,
  type Preferences,
} from '../prefer.ts';
import { findRelation, inTransaction, reply, Rollback, type RestRequest } from '../request.ts';
import type { Relation, SchemaCache } from '../schema/types.ts';
import { conditionSql } from '../sql/conditions.ts';
import { deleteSql, insertSql, returningSql, updateSql, type Conflict } from '../sql/mutation.ts';
import { fieldSql } from '../sql/params.ts';
import { buildLevel } from '../sql/read.ts';
import { bodyOf, contentRange, pageStatement, type StatementRow } from '../sql/statement.ts';
import { checkColumns, groupByKeys, payloadColumns, readPayload, type Row } from './payload.ts';
import { readContext, singularity } from './shared.ts';

interface WritePlan {
  cache: SchemaCache;
  relation: Relation;
  query: QueryOptions;
  conditions: Condition[];
  media: Media;
  wantRows: boolean;
  conflict: Conflict | null;
}

/** One statement of a write: the mutation, plus the representation built by Postgres when rows are wanted. */
function statementFor(
  plan: WritePlan,
  method: string,
  rows: Row[],
  columns: string[],
): { sql: string; params: unknown[] } {
  const { relation } = plan;
  const ctx = readContext(plan.cache, plan.query, null);
  const scope = {
    column: (f: Parameters<typeof fieldSql>[1]) => ({
      sql: fieldSql(relation.name, f),
      type: relation.columnMap.get(f.name)?.type ?? null,
    }),
  };
  let sql: string;
  // `{}` inserts default values and binds no payload; an unused parameter would fail the bind.
  if (method === 'POST')
    sql = insertSql(
      relation,
      columns,
      columns.length ? ctx.params.add(JSON.stringify(rows)) : '',
      plan.conflict,
    );
  else {
    const where = plan.conditions.map((c) => conditionSql(c, scope, ctx.params));
    sql =
      method === 'PATCH'
        ? updateSql(relation, columns, ctx.params.add(JSON.stringify(rows[0] ?? {})), where)
        : deleteSql(relation, where);
  }
  if (!plan.wantRows) return { sql, params: ctx.params.values };
  sql += returningSql(relation, plan.conflict !== null);
  const built = buildLevel(
    {
      relation,
      from: '"pgrst_mutation"',
      alias: relation.name,
      items: plan.query.select,
      paths: [''],
      joins: [],
      where: [],
      isRoot: true,
    },
    ctx,
  );
  return {
    sql: pageStatement(built, {
      media: plan.media,
      count: false,
      mutation: sql,
      upsert: plan.conflict !== null,
    }),
    params: ctx.params.values,
  };
}

function mergeBodies(bodies: string[], media: Media): string {
  if (bodies.length === 1) return bodies[0]!;
  const rows = bodies.flatMap((b) => JSON.parse(b) as unknown[]);
  return media.kind === 'object' ? JSON.stringify(rows[0] ?? null) : JSON.stringify(rows);
}

function answerFor(
  method: string,
  prefs: Preferences,
  plan: WritePlan,
  result: { affected: number; inserted: number; body: string },
  hasKey: boolean,
) {
  const counted = prefs.count === 'exact' || prefs.count === 'estimated' ? result.affected : null;
  const full = prefs.return === 'representation';
  const range =
    method === 'PATCH' ? contentRange(0, result.affected - 1, counted) : contentRange(1, 0, counted);
  const honoured: Applied[] =
    method === 'POST'
      ? [...(hasKey ? (['resolution'] as const) : []), 'missing', 'return', 'count', 'tx', 'handling']
      : ['missing', 'return', 'count', 'tx', 'handling', 'maxAffected'];
  const headers: Record<string, string> = { 'content-range': range, ...appliedHeader(prefs, honoured) };
  if (full) headers['content-type'] = contentTypeOf(plan.media);
  let status = full ? 200 : 204;
  if (method === 'POST')
    status = plan.conflict?.action === 'merge' && plan.wantRows && result.inserted === 0 ? 200 : 201;
  return { status, headers, body: full ? result.body : '' };
}

/** POST (insert/upsert), PATCH (update) and DELETE on a table. */
export async function handleWrite(request: RestRequest, name: string): Promise<void> {
  const method = request.req.method ?? 'POST';
  const media = negotiateMedia(request.req);
  const prefs = readPreferences(request.req);
  const query = parseQuery(request.url.searchParams);
  const found = await findRelation(request, name);
  const payload = method === 'DELETE' ? [] : await readPayload(request);
  if (method === 'PATCH' && Array.isArray(payload))
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  const rows = Array.isArray(payload) ? payload : [payload];
  const columns = method === 'DELETE' ? [] : payloadColumns(rows, method === 'POST' ? query.columns : null);
  const relation = await checkColumns(request, found.relation, columns);
  const root = query.levels.get('')!;
  query.levels.set('', { ...emptyLevel(), order: root.order });
  const conflictTarget = query.onConflict ?? relation.primaryKey;
  const plan: WritePlan = {
    cache: found.cache,
    relation,
    query,
    conditions: root.conditions,
    media,
    wantRows: prefs.return === 'representation' || prefs.return === 'headers-only' || media.kind === 'object',
    conflict:
      method === 'POST' && prefs.resolution
        ? { target: conflictTarget, action: prefs.resolution === 'merge-duplicates' ? 'merge' : 'ignore' }
        : null,
  };
  const groups = method === 'POST' && prefs.missing === 'default' ? groupByKeys(rows) : [rows];
  const statements = groups.map((group) =>
    statementFor(
      plan,
      method,
      group,
      prefs.missing === 'default' && method === 'POST' ? Object.keys(group[0] ?? {}) : columns,
    ),
  );
  if (method === 'PATCH' && columns.length === 0) statements.length = 0;
  // An empty array inserts nothing; no statement is built, so the filters' parameters bind to none.
  if (method === 'POST' && rows.length === 0) statements.length = 0;
  const rollback = endsInRollback(prefs, found.cache.settings.txEnd);
  const answer = await inTransaction(request, false, async (tx) => {
    const result = { affected: 0, inserted: 0, body: '[]' };
    const bodies: string[] = [];
    for (const statement of statements) {
      const output = await tx.query<StatementRow>(statement.sql, statement.params);
      if (!plan.wantRows) result.affected += output.affectedRows;
      else {
        const row = output.rows[0]!;
        result.affected += row.page_total;
        result.inserted += row.inserted ?? 0;
        bodies.push(bodyOf(row));
      }
    }
    if (bodies.length) result.body = mergeBodies(bodies, media);
    singularity(media, result.affected);
    checkMaxAffected(prefs, result.affected);
    const response = answerFor(
      method,
      prefs,
      plan,
      result,
      relation.primaryKey.length > 0 || query.onConflict !== null,
    );
    if (rollback) throw new Rollback(response);
    return response;
  });
  reply(request, answer.status, answer.headers, answer.body);
}
