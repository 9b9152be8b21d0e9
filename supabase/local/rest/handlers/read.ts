import { contentTypeOf, negotiateMedia } from '../media.ts';
import { parseQuery } from '../parse/query.ts';
import { explainAnswer, planRequest } from '../plan.ts';
import { appliedHeader, readPreferences } from '../prefer.ts';
import { findRelation, inTransaction, reply, type RestRequest } from '../request.ts';
import { qualifiedIdent } from '../sql/params.ts';
import { buildLevel } from '../sql/read.ts';
import { bodyOf, pageStatement, type StatementRow } from '../sql/statement.ts';
import {
  applyRangeHeader,
  checkLevelsUsed,
  outOfRange,
  rangeStatus,
  readContext,
  singularity,
  totalFor,
} from './shared.ts';

/** GET/HEAD on a table or view. */
export async function handleRead(request: RestRequest, name: string): Promise<void> {
  const plan = planRequest(request.req);
  const media = plan ? { kind: 'json' as const, stripNulls: false } : negotiateMedia(request.req);
  const prefs = readPreferences(request.req);
  const query = parseQuery(request.url.searchParams);
  const root = query.levels.get('')!;
  applyRangeHeader(request.req.headers['range'], root);
  const { cache, relation } = await findRelation(request, name);
  // With db-plan-enabled off (hosted Supabase's default) the plan is a media type nobody offers: 406.
  if (plan && !cache.settings.plan) negotiateMedia(request.req);
  const ctx = readContext(cache, query, request.maxRows);
  const built = buildLevel(
    {
      relation,
      from: qualifiedIdent(relation.schema, relation.name),
      alias: relation.name,
      items: query.select,
      paths: [''],
      joins: [],
      where: [],
      isRoot: true,
    },
    ctx,
  );
  checkLevelsUsed(ctx);
  const counting = prefs.count !== null;
  const sql = pageStatement(built, { media, count: counting, headOnly: request.req.method === 'HEAD' });
  const offset = root.offset ?? 0;
  const answer = await inTransaction(request, true, async (tx) => {
    if (plan) return explainAnswer(tx, sql, ctx.params.values, plan);
    const row = (await tx.query<StatementRow>(sql, ctx.params.values)).rows[0]!;
    const total = counting
      ? await totalFor(prefs, tx, row, built.countSql, ctx.params.values, request.maxRows)
      : null;
    const { status, range } = rangeStatus(offset, row.page_total, total);
    if (status === 416) throw outOfRange(offset, total ?? 0);
    singularity(media, row.page_total);
    const headers = {
      'content-type': contentTypeOf(media),
      'content-range': range,
      ...appliedHeader(prefs, ['count']),
    };
    return { status, headers, body: bodyOf(row) };
  });
  reply(request, answer.status, answer.headers, answer.body);
}
