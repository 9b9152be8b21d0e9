import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { sendPendingMail } from '../../../lib/mail/send-pending.server.ts';
import { failure } from '../../../lib/security/form-outcome.ts';
import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import type { AdminContext } from '../admin-context.server.ts';
import { INTAKE_STATUSES, movedMessage } from './intake-status.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** The hidden fields every intake status button posts. */
export const intakeMoveSchema = z.object({
  intake_id: z.uuid(),
  to_status: z.enum(INTAKE_STATUSES),
});
export type IntakeMoveInput = z.infer<typeof intakeMoveSchema>;

async function nameOf(supabase: SupabaseClient<Database>, id: string): Promise<string> {
  const { data } = await supabase
    .from('intakes')
    .select('term, course:courses(title)')
    .eq('id', id)
    .maybeSingle();
  return data ? `${data.term} · ${data.course?.title ?? 'unknown course'}` : 'The intake';
}

/**
 * Status changes go through set_intake_status, which alone knows the allowed moves and refusals;
 * publishing decisions there releases every approved decision on the intake (publish_decisions).
 */
export function intakeHandlers(context: AdminContext): Record<string, AdminHandler> {
  return {
    'publish-round': async (fields) => {
      if (!context.isAdmin) return failure(403, 'Only administrators publish decisions.');
      const parsed = z.object({ intake_id: z.uuid() }).safeParse(fields);
      if (!parsed.success) {
        return failure(400, 'That change is not recognised. Refresh the page and try again.');
      }
      const { data, error } = await context.supabase.rpc('publish_decision_round', parsed.data);
      if (error) return outcomeOfError(error);
      sendPendingMail();
      const count = data.released === 1 ? '1 decision' : `${data.released} decisions`;
      return done(
        `Round ${data.number} published: ${count} went out to the applicants. The intake stays as it was.`,
      );
    },
    'intake-status': async (fields) => {
      if (!context.isAdmin) return failure(403, 'Only administrators change an intake’s status.');
      const parsed = intakeMoveSchema.safeParse(fields);
      if (!parsed.success) {
        return failure(400, 'That change is not recognised. Refresh the page and try again.');
      }
      const { intake_id, to_status } = parsed.data;
      const { error } = await context.supabase.rpc('set_intake_status', { intake_id, to_status });
      if (error) return outcomeOfError(error);
      // Publishing queued every released decision's letter in the same transaction: send them now.
      if (to_status === 'decisions_published') sendPendingMail();
      return done(movedMessage(await nameOf(context.supabase, intake_id), to_status));
    },
  };
}
