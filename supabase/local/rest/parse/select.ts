import { limits } from '../../limits.ts';
import { RestError, parseError } from '../errors.ts';
import { parseField, splitTopLevel, type Field } from './field.ts';

export type AggregateName = 'count' | 'sum' | 'avg' | 'max' | 'min';

export interface ColumnItem {
  kind: 'column';
  /** The column; for a bare `count()` its name is empty. */
  field: Field;
  alias: string | null;
  /** Cast of the column (the aggregate's input when there is one). */
  cast: string | null;
  /** `legacy` marks a bare `count`, which PostgREST still counts with aggregates off. */
  aggregate: { name: AggregateName; cast: string | null; legacy?: boolean } | null;
}

export interface EmbedItem {
  kind: 'embed';
  /** The table (or FK column) named in the request. */
  target: string;
  alias: string | null;
  hint: string | null;
  join: 'inner' | 'left';
  spread: boolean;
  items: SelectItem[];
}

export type SelectItem = ColumnItem | EmbedItem | { kind: 'star' };

// Casts are single type names so the text can be placed in SQL as written without letting anything else in.
const castPattern = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/;
const aggregatePattern = /^(?:(.+)\.)?(count|sum|avg|max|min)\(\)(?:::(.*))?$/s;

function splitAlias(text: string): [string | null, string] {
  const match = /^([^:"(]+|"[^"]*"):(?!:)(.*)$/s.exec(text);
  if (!match) return [null, text];
  return [match[1]!.replace(/^"(.*)"$/, '$1'), match[2]!];
}

/** 400 PGRSTX01: the stack's own bound, so one request cannot multiply rows level after level. */
function tooDeep(): RestError {
  return new RestError(
    400,
    'PGRSTX01',
    `Resource embedding is nested deeper than ${limits.embedDepth} levels`,
    {
      hint: 'Embed fewer levels in one request and fetch the rest with a second request',
    },
  );
}

function parseEmbed(text: string, spread: boolean, alias: string | null, depth: number): EmbedItem {
  if (depth > limits.embedDepth) throw tooDeep();
  const open = text.indexOf('(');
  const head = text.slice(0, open);
  const [target, ...marks] = head.split('!');
  let join: EmbedItem['join'] = 'left';
  let hint: string | null = null;
  for (const mark of marks) {
    if (mark === 'inner' || mark === 'left') join = mark;
    else if (hint === null && mark) hint = mark;
    else throw parseError(`failed to parse select parameter (${text})`, `unexpected "!${mark}"`);
  }
  if (!target)
    throw parseError(`failed to parse select parameter (${text})`, 'missing embedded resource name');
  return {
    kind: 'embed',
    target,
    alias,
    hint,
    join,
    spread,
    items: parseSelect(text.slice(open + 1, -1), depth),
  };
}

function parseItem(raw: string, depth: number): SelectItem | null {
  const text = raw.trim();
  if (!text) return null;
  if (text === '*') return { kind: 'star' };
  const spread = text.startsWith('...');
  const [alias, rest] = splitAlias(spread ? text.slice(3) : text);
  const aggregate = aggregatePattern.exec(rest);
  if (aggregate && !spread) return parseAggregate(text, alias, aggregate);
  if (rest === 'count' && !spread) {
    const legacy = { name: 'count' as const, cast: null, legacy: true };
    return { kind: 'column', field: { name: 'count', path: [] }, alias, cast: null, aggregate: legacy };
  }
  if (rest.endsWith(')') && rest.includes('(')) return parseEmbed(rest, spread, alias, depth + 1);
  if (spread)
    throw parseError(`failed to parse select parameter (${text})`, 'spread needs an embedded resource');
  return parseColumn(text, alias, rest);
}

function checkCast(text: string, cast: string | null): string | null {
  if (cast !== null && !castPattern.test(cast)) {
    throw parseError(`failed to parse select parameter (${text})`, `unexpected cast "${cast}"`);
  }
  return cast;
}

function parseColumn(text: string, alias: string | null, rest: string): ColumnItem {
  const castAt = rest.lastIndexOf('::');
  const cast = checkCast(text, castAt >= 0 ? rest.slice(castAt + 2) : null);
  const field = parseField(castAt >= 0 ? rest.slice(0, castAt) : rest);
  return { kind: 'column', field, alias, cast, aggregate: null };
}

/** `col.sum()`, `col::numeric.avg()::int`, `count()`: whether they are allowed is decided when building. */
function parseAggregate(text: string, alias: string | null, match: RegExpExecArray): ColumnItem {
  const [, input, name, outputCast] = match;
  const aggregate = { name: name as AggregateName, cast: checkCast(text, outputCast ?? null) };
  if (input === undefined) {
    if (name !== 'count')
      throw parseError(`failed to parse select parameter (${text})`, `${name}() needs a column`);
    return { kind: 'column', field: { name: '', path: [] }, alias, cast: null, aggregate };
  }
  return { ...parseColumn(text, alias, input), aggregate };
}

/**
 * Parses the `select` query parameter (`a, b:c, rel!hint!inner(x, y), ...other(z)`); `depth` is how
 * many embeddings enclose `text`.
 */
export function parseSelect(text: string, depth = 0): SelectItem[] {
  if (text.trim() === '') return [];
  const items: SelectItem[] = [];
  for (const part of splitTopLevel(text)) {
    const item = parseItem(part, depth);
    if (item) items.push(item);
  }
  return items;
}
