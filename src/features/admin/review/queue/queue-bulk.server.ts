import { NOBODY } from '../../../admissions/bulk/bulk-form.ts';
import type { ActionFactory } from '../../../admissions/bulk/bulk-post.server.ts';
import {
  decisionAction,
  type DecisionActionContext,
} from '../../../admissions/bulk/bulk-decision-actions.server.ts';
import type { StaffMember } from '../../staff-directory.server.ts';
import { assignAction } from './queue-assign.server.ts';
import { readersAction } from '../../../admissions/assessment/readers-action.server.ts';

/** The queue's bulk changes: a reviewer for all, readers for all, and every decision change. */
export function queueActions(context: DecisionActionContext, staff: readonly StaffMember[]): ActionFactory {
  return (command) =>
    command.action === 'assign'
      ? assignAction(context.supabase, command.assignee === NOBODY ? null : command.assignee, staff)
      : command.action === 'readers'
        ? readersAction(context.supabase)
        : decisionAction(context, command);
}
