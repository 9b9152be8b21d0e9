import type { Criterion } from './criteria.ts';

/** How many criterion rows the editor offers: the sheet's own, then blank ones up to this many. */
export const MAX_CRITERIA = 20;
export const BLANK_ROWS = 3;

export interface ScoresheetInput {
  name: string;
  criteria: Criterion[];
  version: number | null;
}

export type ScoresheetParse =
  { ok: true; input: ScoresheetInput } | { ok: false; message: string; field: string };

/** A criterion's storage key from its name: "Academic record" → "academic_record". */
export function keyFromLabel(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .replace(/^[^a-z]+/, '')
      .slice(0, 32) || 'criterion';
  let key = base;
  for (let n = 2; taken.has(key); n += 1) key = `${base}_${n}`;
  return key;
}

const whole = (raw: string | undefined) => (/^\d{1,3}$/.test((raw ?? '').trim()) ? Number(raw) : NaN);

/**
 * The editor's rows (`c<n>.label`, `.weight`, `.min`, `.max`, `.levels` one per line, `.comment`,
 * `.key` for a criterion that already has one). Rows without a name are left out. The database
 * checks the result again (scoresheet_criteria_problem()) and its words are shown when it refuses.
 */
export function parseScoresheetForm(fields: Record<string, string>): ScoresheetParse {
  const name = (fields['name'] ?? '').trim();
  if (name.length < 1 || name.length > 120)
    return { ok: false, field: 'name', message: 'Give the scoresheet a name of 1 to 120 characters.' };
  const rawVersion = fields['version'];
  const version = rawVersion ? Number(rawVersion) : null;
  if (version !== null && (!Number.isInteger(version) || version < 1))
    return { ok: false, field: 'name', message: 'This form is out of date. Reload the page.' };
  const criteria: Criterion[] = [];
  const taken = new Set<string>();
  for (let row = 0; row < MAX_CRITERIA + BLANK_ROWS; row += 1) {
    const label = (fields[`c${row}.label`] ?? '').trim();
    if (!label) continue;
    const weight = whole(fields[`c${row}.weight`]);
    const min = whole(fields[`c${row}.min`]);
    const max = whole(fields[`c${row}.max`]);
    if (!Number.isInteger(weight) || weight < 1 || weight > 100)
      return {
        ok: false,
        field: `c${row}.weight`,
        message: `The weight of “${label}” is a whole number from 1 to 100.`,
      };
    if (!Number.isInteger(min) || !Number.isInteger(max) || min > 10 || max > 10 || max <= min)
      return {
        ok: false,
        field: `c${row}.min`,
        message: `The scale of “${label}” runs between 0 and 10, with at least two levels.`,
      };
    const written = (fields[`c${row}.levels`] ?? '').split(/\r?\n/).map((line) => line.trim());
    const levels = Array.from({ length: max - min + 1 }, (_, index) => (written[index] ?? '').slice(0, 300));
    const stored = (fields[`c${row}.key`] ?? '').trim();
    const key =
      /^[a-z][a-z0-9_]{0,39}$/.test(stored) && !taken.has(stored) ? stored : keyFromLabel(label, taken);
    taken.add(key);
    criteria.push({
      key,
      label: label.slice(0, 120),
      weight,
      min,
      max,
      levels,
      comment: fields[`c${row}.comment`] === 'yes',
    });
  }
  if (criteria.length === 0)
    return {
      ok: false,
      field: 'c0.label',
      message: 'A scoresheet needs at least one criterion: name it in the first row.',
    };
  if (criteria.length > MAX_CRITERIA)
    return { ok: false, field: 'c0.label', message: `A scoresheet has at most ${MAX_CRITERIA} criteria.` };
  return { ok: true, input: { name, criteria, version } };
}
