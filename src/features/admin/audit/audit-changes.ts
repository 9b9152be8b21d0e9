import { statusLabel } from '../../../lib/application-status.ts';
import { formatDay, formatMoment } from '../../../lib/format-day.ts';

export type AuditAction = 'insert' | 'update' | 'delete';

export interface Change {
  key: string;
  label: string;
  /** Formatted values; absent when the entry has no such side (an insert has no before). */
  before?: string;
  after?: string;
}

type Row = Record<string, unknown> | null | undefined;

const LONGEST = 240;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored value as staff read it: dates and times in words, empty for null, long text cut. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (TIMESTAMP.test(value) && formatMoment(value)) return formatMoment(value);
    if (DAY.test(value) && formatDay(value)) return formatDay(value);
    return value.length > LONGEST ? `${value.slice(0, LONGEST)}…` : value;
  }
  const json = JSON.stringify(value);
  return json.length > LONGEST ? `${json.slice(0, LONGEST)}…` : json;
}

const CONTEXT = 40;

/**
 * Two long texts shown where they differ: the words they share at the start and the end are cut
 * down to a little context on each side, so an edit deep inside a template's body shows in both
 * Before and After instead of both being cut at the same place before it.
 */
export function changedExcerpts(before: string, after: string): [string, string] {
  if (before.length <= LONGEST && after.length <= LONGEST) return [before, after];
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end += 1;
  const from = Math.max(start - CONTEXT, 0);
  const excerpt = (text: string) => {
    const to = Math.min(text.length - end + CONTEXT, text.length);
    const middle = text.slice(from, to);
    const cut = middle.length > LONGEST ? `${middle.slice(0, LONGEST)}…` : middle;
    return `${from > 0 ? '…' : ''}${cut}${to < text.length && middle.length <= LONGEST ? '…' : ''}`;
  };
  return [excerpt(before), excerpt(after)];
}

/** Both sides of an update, long texts shown where they differ. */
function formatPair(entity: string, key: string, before: unknown, after: unknown): [string, string] {
  if (
    typeof before === 'string' &&
    typeof after === 'string' &&
    !TIMESTAMP.test(before) &&
    !DAY.test(before)
  ) {
    if (key !== 'status') return changedExcerpts(before || 'empty', after || 'empty');
  }
  return [formatKeyValue(entity, key, before), formatKeyValue(entity, key, after)];
}

/** Status codes read as words: an application's as applicants see them, others without underscores. */
function formatKeyValue(entity: string, key: string, value: unknown): string {
  if (key === 'status' && typeof value === 'string' && value) {
    return entity === 'applications' ? statusLabel(value) : value.replace(/_/g, ' ');
  }
  return formatValue(value);
}

/** "assigned_to" → "Assigned to"; "course_id" → "Course" (the value is the course's name). */
export function keyLabel(key: string): string {
  const words = key
    .replace(/(.)_id$/, '$1')
    .replace(/_/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

const asRow = (value: unknown): Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/**
 * The keys an entry touched with their values on each side. Updates store only the changed keys;
 * inserts and deletes store the whole row, where the record's own id (shown beside the entry) and
 * the columns left empty are left out.
 */
export function auditChanges(entry: {
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}): Change[] {
  const { action, entity, entityId } = entry;
  const old = asRow(entry.before);
  const now = asRow(entry.after);
  const keys = [...new Set([...Object.keys(old ?? {}), ...Object.keys(now ?? {})])].sort();
  return keys
    .filter((key) => action === 'update' || !(key === 'id' && String((now ?? old)?.[key]) === entityId))
    .filter((key) => action === 'update' || !isEmpty((action === 'delete' ? old : now)?.[key]))
    .map((key) => {
      if (action === 'update' && old && now) {
        const [before, after] = formatPair(entity, key, old[key], now[key]);
        return { key, label: keyLabel(key), before, after };
      }
      return {
        key,
        label: keyLabel(key),
        ...(old && action !== 'insert' ? { before: formatKeyValue(entity, key, old[key]) } : {}),
        ...(now && action !== 'delete' ? { after: formatKeyValue(entity, key, now[key]) } : {}),
      };
    });
}

/** A change as one line of text: "Status: Submitted → Under review", or the one side an insert or delete has. */
export function changeLine(change: Change): string {
  if (change.before !== undefined && change.after !== undefined) {
    return `${change.label}: ${change.before} → ${change.after}`;
  }
  return `${change.label}: ${change.after ?? change.before ?? ''}`;
}
