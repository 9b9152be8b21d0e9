import type { RowResult } from './bulk-types.ts';

/** SQLSTATEs whose messages the admissions functions write for staff (PT409: changed since the preview). */
const SPOKEN = new Set(['PT409', 'P0001', 'P0002', '22023', '23514', '42501']);

/**
 * The refusal of one row in the database's own words when they are written for people; a
 * connection failure or a bare permission error reads as something staff can act on.
 */
export function refusalOf(error: { code?: string; message: string }): RowResult {
  const code = error.code ?? '';
  if (code === '42501' && /^permission denied/i.test(error.message)) {
    return { kind: 'refused', message: 'You do not have permission to do that.' };
  }
  if (SPOKEN.has(code)) return { kind: 'refused', message: error.message };
  return { kind: 'refused', message: 'The change could not be saved. Please try again in a moment.' };
}
