import type { SupabaseClient } from '@supabase/supabase-js';
import { refusalOf } from '../../../admissions/bulk/bulk-refusal.ts';
import type { BulkTarget } from '../../../admissions/bulk/bulk-targets.server.ts';
import type { BulkAction, Verdict } from '../../../admissions/bulk/bulk-types.ts';
import type { Database } from '../../../../lib/supabase/database.types.ts';
import { nullableArg } from '../../../../lib/supabase/rpc-args.ts';
import { staffEmails, staffName, type StaffMember } from '../../staff-directory.server.ts';

export const NOT_STAFF_MESSAGE = 'Applications can only be assigned to admissions staff.';

/** What assigning `assignee` (null: nobody) does to one application. */
export function assignVerdict(
  target: Pick<BulkTarget, 'assigned_to'>,
  assignee: string | null,
  nameOf: (id: string) => string,
  isStaff: (id: string) => boolean,
): Verdict {
  if (assignee && !isStaff(assignee)) return { kind: 'refuse', reasons: [NOT_STAFF_MESSAGE] };
  const current = target.assigned_to;
  if (current === assignee) {
    return {
      kind: 'skip',
      note: assignee ? `Already assigned to ${nameOf(assignee)}.` : 'Already unassigned.',
    };
  }
  if (!assignee) return { kind: 'apply', plan: `Take ${nameOf(current ?? '')} off as reviewer.` };
  const from = current ? ` instead of ${nameOf(current)}` : '';
  return { kind: 'apply', plan: `Assign to ${nameOf(assignee)}${from}.` };
}

/** One reviewer (or none) for every selected application, each through assign_application with its version. */
export function assignAction(
  supabase: SupabaseClient<Database>,
  assignee: string | null,
  staff: readonly StaffMember[],
): BulkAction {
  const emails = staffEmails(staff);
  const nameOf = (id: string) => staffName(emails, id);
  const who = assignee ? nameOf(assignee) : 'Nobody (unassigned)';
  return {
    title: assignee ? `Assign the selected applications to ${who}` : 'Unassign the selected applications',
    summary: [{ term: 'Reviewer', detail: who }],
    confirmLabel: (count) =>
      `${assignee ? 'Assign' : 'Unassign'} ${count === 1 ? '1 application' : `${count} applications`}`,
    preview: async (targets) =>
      targets.map((target) => assignVerdict(target, assignee, nameOf, (id) => emails.has(id))),
    async apply(target, stamp) {
      const { error } = await supabase.rpc('assign_application', {
        application_id: target.id,
        assignee: nullableArg(assignee),
        expected_version: stamp.version,
      });
      if (error) return refusalOf(error);
      return { kind: 'done', message: assignee ? `Assigned to ${who}.` : 'Unassigned.' };
    },
  };
}
