import type { AstroGlobal } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { isAdmin, isStaff, type SessionUser } from '../../lib/auth/session-user.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

/** What every admin page works with. The middleware has already checked staff and assurance. */
export interface AdminContext {
  supabase: SupabaseClient<Database>;
  user: SessionUser;
  /** Administrators manage the catalogue, roles, intakes and the audit log; counsellors do not. */
  isAdmin: boolean;
  csrfToken: string;
}

const notFound = () => new Response(null, { status: 404 });

/** The admin context of a staff member's request, or a 404 for anyone else. */
export function staffContext(astro: AstroGlobal): AdminContext | Response {
  const { supabase, user, csrfToken } = astro.locals;
  if (!supabase || !user || !isStaff(user)) return notFound();
  return { supabase, user, isAdmin: isAdmin(user), csrfToken };
}

/** Like staffContext, for the screens only administrators may see; counsellors get a 404 too. */
export function adminContext(astro: AstroGlobal): AdminContext | Response {
  const context = staffContext(astro);
  return context instanceof Response || context.isAdmin ? context : notFound();
}
