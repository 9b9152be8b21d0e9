import type { IncomingMessage } from 'node:http';
import type { Queryable } from '../db/types.ts';

/** `Accept: application/vnd.pgrst.plan[+json|+text]; for="…"; options=analyze|verbose|…` (db-plan-enabled). */
export interface PlanRequest {
  format: 'json' | 'text';
  for: string;
  options: string[];
}

const planOptions = new Set(['analyze', 'verbose', 'settings', 'buffers', 'wal']);

/** The EXPLAIN the Accept header asks for, or null when it asks for data. */
export function planRequest(req: IncomingMessage): PlanRequest | null {
  for (const part of (req.headers['accept'] ?? '').split(/,(?=\s*[\w*]+\/)/)) {
    const [type = '', ...params] = part.split(';').map((p) => p.trim());
    const match = /^application\/vnd\.pgrst\.plan(?:\+(json|text))?$/i.exec(type);
    if (!match) continue;
    const value = (key: string) =>
      params
        .find((p) => p.toLowerCase().startsWith(`${key}=`))
        ?.slice(key.length + 1)
        .replace(/^"(.*)"$/, '$1') ?? '';
    const options = value('options')
      .split('|')
      .filter((o) => planOptions.has(o.toLowerCase()));
    return {
      format: match[1] === 'json' ? 'json' : 'text',
      for: value('for') || 'application/json',
      options,
    };
  }
  return null;
}

/** Runs EXPLAIN on the request's statement and answers the plan as PostgREST does. */
export async function explainAnswer(
  tx: Queryable,
  sql: string,
  params: unknown[],
  plan: PlanRequest,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const options = [`format ${plan.format}`, ...plan.options].join(', ');
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (${options}) ${sql}`, params);
  const lines = rows.map((row) => row['QUERY PLAN']);
  const body =
    plan.format === 'json'
      ? typeof lines[0] === 'string'
        ? lines[0]
        : JSON.stringify(lines[0])
      : lines.join('\n');
  const type = `application/vnd.pgrst.plan+${plan.format}; for="${plan.for}"; charset=utf-8`;
  return { status: 200, headers: { 'content-type': type }, body };
}
