import { RestError, parseError } from '../errors.ts';
import { parseField, splitTopLevel, type Field } from './field.ts';
import { parseLogic, parseOperation, type Condition } from './filter.ts';
import { parseSelect, type SelectItem } from './select.ts';

export interface OrderTerm {
  /** Set for a related order, `rel(col)`: the embedded resource whose column sorts the parents. */
  relation: string | null;
  field: Field;
  descending: boolean;
  nulls: 'first' | 'last' | null;
}

/** What the query string asks of one level: the root (`''`) or an embedded path such as `cities`. */
export interface Level {
  conditions: Condition[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
}

export interface QueryOptions {
  select: SelectItem[];
  levels: Map<string, Level>;
  onConflict: string[] | null;
  columns: string[] | null;
}

const reserved = new Set(['select', 'on_conflict', 'columns', 'apikey']);

export function emptyLevel(): Level {
  return { conditions: [], order: [], limit: null, offset: null };
}

function parseOrderTerm(text: string): OrderTerm {
  const related = /^([^()]+)\(([^()]+)\)(.*)$/.exec(text);
  const [relation, fieldText, modifiers] = related
    ? [related[1]!, related[2]!, related[3]!.replace(/^\./, '')]
    : [null, text.split('.')[0]!, text.split('.').slice(1).join('.')];
  const term: OrderTerm = { relation, field: parseField(fieldText, 'order'), descending: false, nulls: null };
  for (const mod of modifiers ? modifiers.split('.') : []) {
    if (mod === 'asc' || mod === 'desc') term.descending = mod === 'desc';
    else if (mod === 'nullsfirst' || mod === 'nullslast')
      term.nulls = mod === 'nullsfirst' ? 'first' : 'last';
    else
      throw parseError(
        `failed to parse order (${text})`,
        `unexpected "${mod}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
      );
  }
  return term;
}

function parseCount(key: string, value: string): number {
  if (!/^\d+$/.test(value)) {
    if (/^-\d+$/.test(value) && key.endsWith('limit')) {
      throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', {
        details: 'Limit should be greater than or equal to zero.',
      });
    }
    throw parseError(`failed to parse ${key} parameter (${value})`, 'expecting a non-negative integer');
  }
  return Number(value);
}

function applyParam(levels: Map<string, Level>, key: string, value: string): void {
  const segments = key.split('.');
  const last = segments.pop()!;
  let negate = false;
  if ((last === 'or' || last === 'and') && segments.at(-1) === 'not') {
    segments.pop();
    negate = true;
  }
  const path = segments.join('.');
  const level = levels.get(path) ?? emptyLevel();
  levels.set(path, level);
  if (last === 'or' || last === 'and') level.conditions.push(parseLogic(last, value, negate));
  else if (last === 'order') level.order.push(...splitTopLevel(value).map((t) => parseOrderTerm(t.trim())));
  else if (last === 'limit') level.limit = parseCount(key, value);
  else if (last === 'offset') level.offset = parseCount(key, value);
  else {
    level.conditions.push(parseOperation(parseField(last), value));
  }
}

function parseColumns(text: string | null): string[] | null {
  if (text === null) return null;
  return splitTopLevel(text).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
}

/** Reads select, filters, order, limit and offset per level; `skip` names parameters that are RPC arguments. */
export function parseQuery(params: URLSearchParams, skip: Set<string> = new Set()): QueryOptions {
  const levels = new Map<string, Level>([['', emptyLevel()]]);
  for (const [key, value] of params) {
    if (reserved.has(key) || skip.has(key)) continue;
    applyParam(levels, key, value);
  }
  const select = params.get('select');
  return {
    select: select === null ? [{ kind: 'star' }] : parseSelect(select),
    levels,
    onConflict: parseColumns(params.get('on_conflict')),
    columns: parseColumns(params.get('columns')),
  };
}
