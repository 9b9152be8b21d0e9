import { RestError } from '../errors.ts';
import { contentTypeOf, negotiateMedia, type Media } from '../media.ts';
import { parseQuery, type Level } from '../parse/query.ts';
import { appliedHeader, checkMaxAffected, endsInRollback, readPreferences } from '../prefer.ts';
import type { Queryable } from '../../db/types.ts';
import { inTransaction, reply, Rollback, type RestRequest } from '../request.ts';
import type { Routine } from '../schema/types.ts';
import { ident, qualifiedIdent, type Params } from '../sql/params.ts';
import { buildLevel } from '../sql/read.ts';
import { bodyOf, boundedResult, pageStatement, type StatementRow } from '../sql/statement.ts';
import { parseJson, readText } from './payload.ts';
import { chooseRoutine, type Chosen } from './routine.ts';
import {
  applyRangeHeader,
  checkLevelsUsed,
  outOfRange,
  rangeStatus,
  readContext,
  singularity,
  totalFor,
} from './shared.ts';

const reservedKeys = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'or',
  'and',
  'not.or',
  'not.and',
  'columns',
  'on_conflict',
  'apikey',
]);

async function readArgs(request: RestRequest): Promise<{ body: unknown; keys: string[] }> {
  if (request.req.method !== 'POST') {
    const keys = [...new Set(request.url.searchParams.keys())].filter(
      (k) => !reservedKeys.has(k) && !k.includes('.'),
    );
    return { body: Object.fromEntries(keys.map((k) => [k, request.url.searchParams.get(k)])), keys };
  }
  const text = await readText(request);
  if (text.trim() === '') return { body: {}, keys: [] };
  const body = parseJson(text);
  const keys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
  return { body, keys };
}

/** The call with its arguments bound; POST arguments go through json_to_record, so JSON arrays become arrays. */
function callSql(
  chosen: Chosen,
  body: unknown,
  post: boolean,
  params: Params,
): { call: string; args: string | null } {
  const { routine } = chosen;
  const fn = qualifiedIdent(routine.schema, routine.name);
  if (chosen.wholeBody)
    return { call: `${fn}(${params.add(JSON.stringify(body))}::${routine.params[0]!.type})`, args: null };
  const given = routine.params.filter((p) => chosen.given.includes(p.name));
  if (!post) {
    const values = body as Record<string, string>;
    return {
      call: `${fn}(${given.map((p) => `${ident(p.name)} := ${params.add(values[p.name])}::${p.type}`).join(', ')})`,
      args: null,
    };
  }
  const call = `${fn}(${given.map((p) => `${ident(p.name)} := "pgrst_args".${ident(p.name)}`).join(', ')})`;
  if (!given.length) return { call, args: null };
  const record = given.map((p) => `${ident(p.name)} ${p.type}`).join(', ');
  return {
    call,
    args: `json_to_record(${params.add(JSON.stringify(body))}::json) as "pgrst_args"(${record})`,
  };
}

function fromCall(call: string, args: string | null, alias: string): string {
  return args ? `${args}, lateral ${call} as ${alias}` : `${call} as ${alias}`;
}

/**
 * A scalar result as JSON; a set of scalars is paged like a table and capped at max rows, as
 * PostgREST caps every read plan, RPC results included.
 */
function scalarSql(
  routine: Routine,
  call: string,
  args: string | null,
  root: Level,
  maxRows: number,
  count: boolean,
): { sql: string; countSql: string } {
  if (routine.returnsSet) {
    const limit = Math.min(root.limit ?? maxRows, maxRows);
    const from = fromCall(call, args, '"pgrst_scalar"');
    const total = count ? `(select count(*) from ${from})::int` : 'null::int';
    const none = `${total} as "total", null::int as "inserted"`;
    const page = `select "pgrst_scalar" from ${from} limit ${limit} offset ${root.offset ?? 0}`;
    return {
      sql: `with "pgrst_result" as (select coalesce(json_agg("p"."pgrst_scalar"), '[]')::text as "body", count(*)::int as "page_total", ${none}
      from (${page}) as "p") ${boundedResult}`,
      countSql: `select 1 from ${from}`,
    };
  }
  const from = args ? ` from ${args}` : '';
  const none = `${count ? 1 : null}::int as "total", null::int as "inserted"`;
  // Materialized: inlined, the call would run once for every use of "body" below (three times).
  return {
    sql: `with "pgrst_result" as materialized (select coalesce(to_json(${call})::text, 'null') as "body", 1 as "page_total", ${none}${from}) ${boundedResult}`,
    countSql: `select 1${from}`,
  };
}

/** GET/HEAD/POST /rpc/fn: calls the function with named arguments; set results filter and page like tables. */
export async function handleRpc(request: RestRequest, name: string): Promise<void> {
  const method = request.req.method ?? 'POST';
  if (!['GET', 'HEAD', 'POST'].includes(method)) {
    throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
  }
  const post = method === 'POST';
  const media = negotiateMedia(request.req);
  const prefs = readPreferences(request.req);
  const { body, keys } = await readArgs(request);
  const { cache, chosen } = await chooseRoutine(request, name, keys, post);
  const { routine } = chosen;
  const query = parseQuery(request.url.searchParams, new Set(post ? [] : chosen.given));
  const root = query.levels.get('')!;
  applyRangeHeader(request.req.headers['range'], root);
  const ctx = readContext(cache, query, request.maxRows);
  const { call, args } = callSql(chosen, body, post, ctx.params);
  const readOnly = !post || routine.volatility !== 'v';
  const objectResult: Media =
    !routine.returnsSet && media.kind === 'json' ? { ...media, kind: 'object' } : media;
  let sql: string;
  let countSql = '';
  if (routine.returns === 'composite' && routine.shape) {
    const relation = routine.shape;
    const from = args ? `(select "pgrst_call".* from ${fromCall(call, args, '"pgrst_call"')})` : call;
    const built = buildLevel(
      {
        relation,
        from,
        alias: routine.name,
        items: query.select,
        paths: [''],
        joins: [],
        where: [],
        isRoot: true,
      },
      ctx,
    );
    checkLevelsUsed(ctx);
    sql = pageStatement(built, {
      media: objectResult,
      count: prefs.count !== null,
      headOnly: method === 'HEAD',
    });
    countSql = built.countSql;
  } else if (routine.returns === 'scalar')
    ({ sql, countSql } = scalarSql(routine, call, args, root, request.maxRows, prefs.count !== null));
  else sql = `select ${call}${args ? ` from ${args}` : ''}`;
  const offset = root.offset ?? 0;
  const strictMax = prefs.handling === 'strict' && prefs.maxAffected !== null;
  if (strictMax && !routine.returnsSet) {
    throw new RestError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    );
  }
  const rollback = endsInRollback(prefs, cache.settings.txEnd);
  const answer = await inTransaction(request, readOnly, async (tx) => {
    const row = (await tx.query<StatementRow>(sql, ctx.params.values)).rows[0]!;
    const response = await respond(tx, row);
    if (rollback) throw new Rollback(response);
    return response;
  });
  reply(request, answer.status, answer.headers, answer.body);

  async function respond(tx: Queryable, row: StatementRow) {
    if (routine.returns === 'void') return { status: 204, headers: {}, body: '' };
    checkMaxAffected(prefs, row.page_total);
    const total =
      prefs.count !== null && countSql
        ? await totalFor(prefs, tx, row, countSql, ctx.params.values, request.maxRows)
        : null;
    const { status, range } = rangeStatus(offset, row.page_total, total);
    if (status === 416) throw outOfRange(offset, total ?? 0);
    if (media.kind === 'object') singularity(media, row.page_total);
    const headers = {
      'content-type': contentTypeOf(media),
      'content-range': range,
      ...appliedHeader(prefs, ['count', 'tx', 'handling', 'maxAffected']),
    };
    return { status, headers, body: bodyOf(row) };
  }
}
