import { fieldErrorsOf } from '../../../lib/security/form-input.ts';
import { failure } from '../../../lib/security/form-outcome.ts';
import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import type { AdminContext } from '../admin-context.server.ts';
import { leadUpdateSchema } from './lead-update-schema.ts';

export function leadHandlers(context: AdminContext, leadId: string): Record<string, AdminHandler> {
  return {
    'update-lead': async (fields) => {
      const parsed = leadUpdateSchema.safeParse(fields);
      if (!parsed.success) {
        return failure(422, 'Check the highlighted fields.', fieldErrorsOf(parsed.error));
      }
      const { status, assignee, notes } = parsed.data;
      const { data, error } = await context.supabase
        .from('leads')
        .update({ status, assignee: assignee || null, notes: notes || null })
        .eq('id', leadId)
        .select('id');
      if (error) return outcomeOfError(error);
      if (!data || data.length === 0) return failure(404, 'That lead no longer exists.');
      return done('The lead is updated.');
    },
  };
}
