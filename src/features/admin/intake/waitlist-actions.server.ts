import type { PostgrestError } from '@supabase/supabase-js';
import { failure, success, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import type { AdminContext } from '../admin-context.server.ts';
import { movedOnWaitlistMessage, type WaitlistEntry } from './waitlist.ts';
import { alertDismissSchema, waitlistMoveSchema } from './waitlist-schema.ts';

const STALE_FORM = 'That button is out of date. The page now shows the current list: try again.';

/** A refusal in the database's words; a stale version says who moved the list and when. */
function refused(error: Pick<PostgrestError, 'code' | 'message'>): FormOutcome {
  return error.code === 'PT409' ? failure(409, error.message) : outcomeOfError(error);
}

function moved(message: string, focus: string): FormOutcome {
  return success({ message, data: { focus }, toast: { title: 'Moved', message, kind: 'success' } });
}

/**
 * The detail page's waiting-list and alert buttons. Moves carry the version of the application the
 * list showed; the database refuses one made on a list that has changed since.
 */
export function waitlistHandlers(
  context: AdminContext,
  waitlist: readonly WaitlistEntry[],
): Record<string, AdminHandler> {
  return {
    move_waitlist: async (fields) => {
      const parsed = waitlistMoveSchema.safeParse(fields);
      if (!parsed.success) return failure(400, STALE_FORM);
      const { application_id, version, direction } = parsed.data;
      const { error } = await context.supabase.rpc('move_on_waitlist', {
        application_id,
        expected_version: version,
        direction,
      });
      if (error) return refused(error);
      const from = waitlist.findIndex((entry) => entry.id === application_id);
      const entry = waitlist[from];
      const position = direction === 'up' ? from : from + 2;
      return moved(
        movedOnWaitlistMessage(entry?.reference ?? 'The application', position, waitlist.length),
        `${application_id}:${direction}`,
      );
    },
    dismiss_alert: async (fields) => {
      const parsed = alertDismissSchema.safeParse(fields);
      if (!parsed.success) return failure(400, STALE_FORM);
      const { error } = await context.supabase.rpc('dismiss_place_alert', { alert_id: parsed.data.alert_id });
      if (error) return refused(error);
      const message = 'The freed-place alert was dismissed; the waiting list stays as it is.';
      return success({ message, toast: { title: 'Dismissed', message, kind: 'success' } });
    },
  };
}
