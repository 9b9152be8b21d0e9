import { parseError } from '../errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

/** A column, optionally followed by a JSON path: `data->a->>b`. */
export interface Field {
  name: string;
  path: JsonStep[];
}

function unquote(text: string): string {
  return text.startsWith('"') && text.endsWith('"') && text.length >= 2
    ? text.slice(1, -1).replace(/\\(.)/g, '$1')
    : text;
}

/** Parses `col`, `"my col"` or `col->a->>b`; throws PGRST100 on anything else. */
export function parseField(text: string, what = 'field'): Field {
  const parts = text.split(/(->>|->)/);
  const name = unquote((parts[0] ?? '').trim());
  if (!name)
    throw parseError(`failed to parse ${what} (${text})`, 'unexpected end of input expecting field name');
  const path: JsonStep[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const key = unquote((parts[i + 1] ?? '').trim());
    if (!key)
      throw parseError(`failed to parse ${what} (${text})`, 'unexpected end of input expecting json key');
    path.push({ arrow: parts[i] as JsonStep['arrow'], key });
  }
  return { name, path };
}

/** The key a field gets in the response when it has no alias: the last JSON key, else the column. */
export function defaultName(field: Field): string {
  return field.path.at(-1)?.key ?? field.name;
}

/**
 * Splits `text` at `separator` where it is not inside parentheses or double quotes, e.g. the items of
 * `a,b(c,d),"e,f"`.
 */
export function splitTopLevel(text: string, separator = ','): string[] {
  const items: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\' && quoted) i++;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')') depth--;
    else if (!quoted && depth === 0 && char === separator) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  items.push(text.slice(start));
  return items;
}
