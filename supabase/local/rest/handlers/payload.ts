import { jsonNesting } from '../../http/json.ts';
import { readBody } from '../../http/respond.ts';
import { limits } from '../../limits.ts';
import { RestError } from '../errors.ts';
import type { RestRequest } from '../request.ts';
import type { Relation } from '../schema/types.ts';

export type Row = Record<string, unknown>;

/** The request body as text, at most limits.restBodyBytes (413 PGRSTX03 beyond). */
export async function readText(request: RestRequest): Promise<string> {
  return (await readBody(request.req, limits.restBodyBytes)).toString('utf8');
}

/** Parses a JSON body; 400 PGRST102 when it is not JSON or nests deeper than limits.jsonDepth. */
export function parseJson(text: string): unknown {
  if (jsonNesting(text) > limits.jsonDepth) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', {
      details: `JSON nested deeper than ${limits.jsonDepth} levels`,
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
}

/** Reads the JSON body of a write; 400 PGRST102 when it is empty or not JSON objects. */
export async function readPayload(request: RestRequest): Promise<Row[] | Row> {
  const type = request.req.headers['content-type'] ?? 'application/json';
  if (!/^application\/json\b/i.test(type) && !/^\*\/\*/.test(type)) {
    throw new RestError(415, 'PGRST107', `None of these media types are available: ${type}`);
  }
  const value = parseJson(await readText(request));
  const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isRow(value)) return value;
  if (Array.isArray(value) && value.every(isRow)) return value;
  throw new RestError(400, 'PGRST102', 'Empty or invalid json');
}

/** The columns of a write: `columns=` when given, else every key the payload uses (first-seen order). */
export function payloadColumns(rows: Row[], given: string[] | null): string[] {
  return given ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
}

/** Every named column must exist; unknown ones answer 400 PGRST204 after one catalog re-read. */
export async function checkColumns(
  request: RestRequest,
  relation: Relation,
  columns: string[],
): Promise<Relation> {
  let current = relation;
  let missing = columns.find((c) => !current.columnMap.has(c));
  if (missing !== undefined) {
    const cache = await request.schemas.get(true);
    current = cache.relations.get(`${relation.schema}.${relation.name}`) ?? relation;
    missing = columns.find((c) => !current.columnMap.has(c));
  }
  if (missing !== undefined) {
    throw new RestError(
      400,
      'PGRST204',
      `Could not find the '${missing}' column of '${relation.name}' in the schema cache`,
    );
  }
  return current;
}

/** Groups rows by their key set so `missing=default` lets absent keys take the column default. */
export function groupByKeys(rows: Row[]): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = Object.keys(row).sort().join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}
