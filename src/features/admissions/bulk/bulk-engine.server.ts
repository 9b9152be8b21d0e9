import type { SupabaseClient } from '@supabase/supabase-js';
import type { Stamp } from './bulk-form.ts';
import { loadBulkTargets, type BulkTarget } from './bulk-targets.server.ts';
import type { BulkAction, BulkRow, RowResult, Verdict } from './bulk-types.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

const NOT_FOUND = 'This application was not found, or it is still a draft.';

function byReference(a: BulkTarget, b: BulkTarget): number {
  return a.reference.localeCompare(b.reference);
}

/** What the change would do to each selected application, found ones by reference, then any not found. */
export async function previewBulk(
  supabase: SupabaseClient<Database>,
  ids: readonly string[],
  action: BulkAction,
): Promise<BulkRow<Verdict>[]> {
  const targets = await loadBulkTargets(supabase, ids);
  const found = [...targets.values()].sort(byReference);
  const verdicts = await action.preview(found);
  const missing = ids.filter((id) => !targets.has(id));
  return [
    ...found.map((target, i) => ({
      id: target.id,
      target,
      outcome: verdicts[i] ?? { kind: 'refuse' as const, reasons: [NOT_FOUND] },
    })),
    ...missing.map((id) => ({
      id,
      target: null,
      outcome: { kind: 'refuse' as const, reasons: [NOT_FOUND] },
    })),
  ];
}

/** Why a row the preview did not stamp was left alone, checked again now. */
function leftAlone(verdict: Verdict | undefined): RowResult {
  if (verdict?.kind === 'refuse') return { kind: 'refused', message: verdict.reasons.join(' ') };
  if (verdict?.kind === 'skip') return { kind: 'skipped', message: verdict.note };
  return {
    kind: 'skipped',
    message: 'Not changed: it could not be changed when you previewed. Preview again to include it.',
  };
}

async function applyOne(action: BulkAction, target: BulkTarget, stamp: Stamp): Promise<RowResult> {
  try {
    return await action.apply(target, stamp);
  } catch (error) {
    console.error('A bulk change failed on one application', error);
    return { kind: 'refused', message: 'The change could not be saved. Please try again in a moment.' };
  }
}

/**
 * Applies the change to each stamped application with its own call and the version its preview
 * read, in the preview's order, so one refusal (changed since, no place left) leaves the others
 * going through. Rows the preview refused are not sent. Each row is shown as it is afterwards.
 */
export async function confirmBulk(
  supabase: SupabaseClient<Database>,
  ids: readonly string[],
  stamps: ReadonlyMap<string, Stamp>,
  action: BulkAction,
): Promise<BulkRow<RowResult>[]> {
  const before = await loadBulkTargets(supabase, ids);
  const results = new Map<string, RowResult>();
  for (const id of ids) {
    const target = before.get(id);
    const stamp = stamps.get(id);
    if (target && stamp) results.set(id, await applyOne(action, target, stamp));
  }
  const unstamped = ids.map((id) => before.get(id)).filter((t): t is BulkTarget => !!t && !stamps.has(t.id));
  const verdicts = unstamped.length > 0 ? await action.preview(unstamped) : [];
  unstamped.forEach((target, i) => results.set(target.id, leftAlone(verdicts[i])));
  const after = await loadBulkTargets(supabase, ids);
  return ids.map((id) => ({
    id,
    target: after.get(id) ?? before.get(id) ?? null,
    outcome: results.get(id) ?? { kind: 'refused', message: NOT_FOUND },
  }));
}
