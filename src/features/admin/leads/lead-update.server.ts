import { fieldErrorsOf } from '../../../lib/security/form-input.ts';
import { failure } from '../../../lib/security/form-outcome.ts';
import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import type { AdminContext } from '../admin-context.server.ts';
import { leadUpdateSchema, STALE_FORM } from './lead-update-schema.ts';

export function leadHandlers(context: AdminContext, leadId: string): Record<string, AdminHandler> {
  return {
    'update-lead': async (fields) => {
      const parsed = leadUpdateSchema.safeParse(fields);
      if (!parsed.success) {
        const { version, ...fieldErrors } = fieldErrorsOf(parsed.error);
        if (version) return failure(422, STALE_FORM);
        return failure(422, 'Check the highlighted fields.', fieldErrors);
      }
      const { version, status, assignee, notes } = parsed.data;
      const { data, error } = await context.supabase
        .from('leads')
        .update({ status, assignee: assignee || null, notes: notes || null, version })
        .eq('id', leadId)
        .select('id');
      // A colleague saved the lead after this form was opened: the database says who, when and what.
      if (error?.code === 'PT409') return failure(409, error.message);
      if (error) return outcomeOfError(error);
      if (!data || data.length === 0) return failure(404, 'That lead no longer exists.');
      return done('The lead is updated.');
    },
  };
}
