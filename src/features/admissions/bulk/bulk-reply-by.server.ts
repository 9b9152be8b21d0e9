import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { formatDay } from '../../../lib/format-day.ts';
import { refusalOf } from './bulk-refusal.ts';
import type { BulkTarget } from './bulk-targets.server.ts';
import type { BulkAction, Verdict } from './bulk-types.ts';

const OPEN_OFFERS = ['offer_conditional', 'offer_unconditional'];

/** What moving the reply-by date to `day` does to one application, as set_offer_reply_by would. */
export function replyByVerdict(
  target: Pick<BulkTarget, 'status' | 'reply_by'>,
  day: string,
  today: string,
): Verdict {
  if (!OPEN_OFFERS.includes(target.status))
    return { kind: 'refuse', reasons: ['Only an offer waiting for a reply has a reply-by date to change.'] };
  if (day < today) return { kind: 'refuse', reasons: ['Choose a reply-by date from today on.'] };
  if (target.reply_by === day) return { kind: 'skip', note: `Already to reply by ${formatDay(day)}.` };
  const was = target.reply_by ? formatDay(target.reply_by) : 'not set';
  const way = target.reply_by && target.reply_by > day ? 'Shorten' : 'Extend';
  return { kind: 'apply', plan: `${way} to ${formatDay(day)} (was ${was}); the applicant gets a letter.` };
}

/** One new reply-by date for every selected open offer, each through set_offer_reply_by with its version. */
export function replyByAction(supabase: SupabaseClient<Database>, day: string, note: string): BulkAction {
  const today = new Date().toISOString().slice(0, 10);
  return {
    title: `New reply-by date for the selected offers: ${formatDay(day)}`,
    summary: [
      { term: 'Reply by', detail: formatDay(day) },
      { term: 'Note in the letter', detail: note || 'None' },
    ],
    confirmLabel: (count) => `Move ${count === 1 ? '1 reply-by date' : `${count} reply-by dates`}`,
    preview: async (targets) => targets.map((target) => replyByVerdict(target, day, today)),
    async apply(target, stamp) {
      const { error } = await supabase.rpc('set_offer_reply_by', {
        application_id: target.id,
        reply_by: day,
        expected_version: stamp.version,
        ...(note ? { note } : {}),
      });
      if (error) return refusalOf(error);
      return { kind: 'done', message: `Reply by ${formatDay(day)}; the letter is on its way.` };
    },
  };
}
