import { parseError } from '../errors.ts';
import { parseField, splitTopLevel, type Field } from './field.ts';

export const simpleOps = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
]);
const quantifiable = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const ftsOps = new Set(['fts', 'plfts', 'phfts', 'wfts']);

export interface Filter {
  kind: 'filter';
  field: Field;
  negate: boolean;
  op: string;
  quantifier: 'any' | 'all' | null;
  /** Text search configuration for fts operators, e.g. `english`. */
  config: string | null;
  value: string;
  /** The parsed list for `in`. */
  list: string[];
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | Logic;

/** Splits `(1,2,"a,b")` into its items, honouring double quotes and backslash escapes. */
export function parseList(text: string): string[] {
  const inner = text.startsWith('(') && text.endsWith(')') ? text.slice(1, -1) : null;
  if (inner === null) throw parseError(`failed to parse filter (in.${text})`, 'expecting "("');
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((item) => {
    const trimmed = item.trim();
    return trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2
      ? trimmed.slice(1, -1).replace(/\\(.)/g, '$1')
      : trimmed;
  });
}

/** Parses the operator part of a filter: `[not.]op[(modifier)].value`. */
export function parseOperation(field: Field, text: string, inLogic = false): Filter {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([^)]*)\))?\.(.*)$/s.exec(rest);
  if (!match)
    throw parseError(`failed to parse filter (${text})`, 'unexpected end of input expecting operator');
  const op = match[1]!;
  const modifier = match[2] ?? null;
  let value = match[3]!;
  if (inLogic && value.startsWith('"') && value.endsWith('"') && value.length >= 2 && op !== 'in') {
    value = value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  const filter: Filter = {
    kind: 'filter',
    field,
    negate,
    op,
    quantifier: null,
    config: null,
    value,
    list: [],
  };
  if (op === 'in') filter.list = parseList(value);
  else if (op === 'is') {
    if (!/^(null|not_null|true|false|unknown)$/i.test(value)) {
      throw parseError(
        `failed to parse filter (${text})`,
        `unexpected "${value}" expecting null or trilean value`,
      );
    }
  } else if (ftsOps.has(op)) filter.config = modifier;
  else if (!simpleOps.has(op)) {
    throw parseError(`failed to parse filter (${text})`, `unknown operator "${op}"`);
  }
  if (modifier !== null && !ftsOps.has(op)) {
    if (!quantifiable.has(op) || (modifier !== 'any' && modifier !== 'all')) {
      throw parseError(`failed to parse filter (${text})`, `unexpected modifier "${modifier}"`);
    }
    filter.quantifier = modifier;
  }
  return filter;
}

function parseLogicItem(text: string): Condition {
  const nested = /^(not\.)?(and|or)\((.*)\)$/s.exec(text);
  if (nested) return parseLogic(nested[2] as Logic['op'], `(${nested[3]})`, Boolean(nested[1]));
  const dot = text.indexOf('.');
  if (dot <= 0) throw parseError(`failed to parse logic tree (${text})`, 'expecting field name and operator');
  return parseOperation(parseField(text.slice(0, dot)), text.slice(dot + 1), true);
}

/** Parses `(a.eq.1,b.gt.2,and(c.eq.3,d.is.null))` as given to `or=` / `and=`. */
export function parseLogic(op: Logic['op'], text: string, negate: boolean): Logic {
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(`failed to parse logic tree (${text})`, 'expecting "("');
  }
  const children = splitTopLevel(text.slice(1, -1)).map((item) => parseLogicItem(item.trim()));
  return { kind: 'logic', op, negate, children };
}
