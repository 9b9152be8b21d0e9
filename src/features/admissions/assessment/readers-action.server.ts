import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { refusalOf } from '../bulk/bulk-refusal.ts';
import type { BulkAction, Verdict } from '../bulk/bulk-types.ts';

const ASSESSED = ['submitted', 'under_review', 'action_required'];
const plural = (count: number) => (count === 1 ? '1 reader' : `${count} readers`);

/**
 * The review queue's "give the selected their readers": each application being assessed gets the
 * reads its intake asks for that it lacks (assign_reads, administrators only), previewed first.
 */
export function readersAction(supabase: SupabaseClient<Database>): BulkAction {
  return {
    title: 'Give the selected applications their readers',
    summary: [{ term: 'Readers', detail: 'As many as each intake asks for, within each reader’s cap' }],
    confirmLabel: (count) => `Assign readers to ${count === 1 ? '1 application' : `${count} applications`}`,
    async preview(targets) {
      const { data } = await supabase.rpc('read_results', {
        application_ids: targets.map((target) => target.id),
      });
      const results = new Map((data ?? []).map((row) => [row.application_id, row]));
      return targets.map((target): Verdict => {
        if (!ASSESSED.includes(target.status))
          return { kind: 'refuse', reasons: ['Only applications still being assessed are given readers.'] };
        const row = results.get(target.id);
        const missing = row ? Math.max(row.reads_required - row.reads_assigned, 0) : 0;
        if (row && missing === 0)
          return { kind: 'skip', note: `Already has its ${plural(row.reads_required)}.` };
        return { kind: 'apply', plan: `Give it ${row ? plural(missing) : 'its readers'}.` };
      });
    },
    async apply(target) {
      const { data, error } = await supabase.rpc('assign_reads', { application_ids: [target.id] });
      if (error) return refusalOf(error);
      return data === 0
        ? {
            kind: 'refused',
            message: 'No reader is free for it: every reader is at their cap, has read it or has a conflict.',
          }
        : { kind: 'done', message: `${plural(data)} assigned.` };
    },
  };
}
