import type { Queryable } from '../../db/types.ts';
import { configSql } from './queries.ts';
import type { ApiSettings } from './types.ts';

const txEnds: ApiSettings['txEnd'][] = [
  'commit',
  'commit-allow-override',
  'rollback',
  'rollback-allow-override',
];

/** PostgREST's settings as the project set them in the database, hosted Supabase's defaults otherwise. */
export async function loadSettings(db: Queryable): Promise<ApiSettings> {
  const { rows } = await db.query<{ key: string; value: string }>(configSql);
  const get = (key: string) =>
    rows
      .find((r) => r.key === key)
      ?.value.trim()
      .toLowerCase() ?? '';
  const txEnd = txEnds.find((t) => t === get('db_tx_end')) ?? 'commit';
  return {
    aggregates: get('db_aggregates_enabled') === 'true',
    plan: get('db_plan_enabled') === 'true',
    txEnd,
  };
}
