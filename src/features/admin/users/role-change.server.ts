import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import type { AdminContext } from '../admin-context.server.ts';
import { failure } from '../../../lib/security/form-outcome.ts';
import { ROLE_LABELS } from './role-actions.ts';
import { roleChangeSchema } from './role-change-schema.ts';

/** Where the admin goes after revoking their own role: pages they can no longer open would answer 404. */
function landingAfter(context: AdminContext, role: string): string | undefined {
  const left = context.user.roles.filter((held) => held !== role);
  if (left.includes('admin')) return undefined;
  return left.includes('counsellor') ? '/admin' : '/dashboard';
}

/** The users screen's one form: grant or revoke a staff role through set_staff_role(). */
export function roleHandlers(context: AdminContext): Record<string, AdminHandler> {
  return {
    'set-role': async (fields) => {
      const parsed = roleChangeSchema.safeParse(fields);
      if (!parsed.success)
        return failure(400, 'This role change is not valid. Refresh the page and try again.');
      const { user_id: target, role, grant, email } = parsed.data;
      const granted = grant === 'true';
      const { error } = await context.supabase.rpc('set_staff_role', { target, role, granted });
      if (error) return outcomeOfError(error);
      // Roles travel in the access token: a change to one's own roles takes a fresh token to show.
      if (target === context.user.id) await context.supabase.auth.refreshSession();
      const who = target === context.user.id ? 'you' : email || 'the account';
      const message = `${ROLE_LABELS[role]} role ${granted ? 'granted to' : 'revoked from'} ${who}.`;
      const landing = !granted && target === context.user.id ? landingAfter(context, role) : undefined;
      return landing ? { ...done(message), redirect: landing } : done(message);
    },
  };
}
