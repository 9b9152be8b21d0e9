import type { SupabaseClient } from '@supabase/supabase-js';
import { fieldErrorsOf } from '../../../lib/security/form-input.ts';
import { failure } from '../../../lib/security/form-outcome.ts';
import { sendPendingMail } from '../../../lib/mail/send-pending.server.ts';
import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import { retryJobSchema, retryMailSchema } from './mail-schemas.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** The mail page's forms. retry_notification lets only administrators resend, and only failed messages. */
export function mailHandlers(supabase: SupabaseClient<Database>): Record<string, AdminHandler> {
  return {
    async 'retry-message'(fields) {
      const input = retryMailSchema.safeParse(fields);
      if (!input.success)
        return failure(422, 'This message is not recognised. Reload the page.', fieldErrorsOf(input.error));
      const { data, error } = await supabase.rpc('retry_notification', {
        notification_id: input.data.message_id,
      });
      if (error) return outcomeOfError(error);
      sendPendingMail();
      const recipient = data?.recipient ?? 'its recipient';
      return {
        ...done(`The message to ${recipient} is back in the queue and goes out on the next sweep.`),
        redirect: '/admin/mail?retried=1',
      };
    },
    async 'retry-job'(fields) {
      const input = retryJobSchema.safeParse(fields);
      if (!input.success)
        return failure(422, 'This failure is not recognised. Reload the page.', fieldErrorsOf(input.error));
      const { data, error } = await supabase.rpc('retry_job_failure', { failure_id: input.data.failure_id });
      if (error) return outcomeOfError(error);
      const composing = data.job === 'compose' || data.job === 'digest';
      if (composing) sendPendingMail();
      return {
        ...done(
          composing
            ? 'The events are back in the queue and are composed on the next sweep.'
            : 'Cleared. The next hourly run tries it again.',
        ),
        redirect: '/admin/mail?retried=job',
      };
    },
  };
}
