import type { SupabaseClient } from '@supabase/supabase-js';
import type { SessionUser } from '../../lib/auth/session-user.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

/** What every auth action needs from the request it runs in. */
export interface AuthActionContext {
  supabase: SupabaseClient<Database>;
  user: SessionUser | null;
  /** This site's origin, for links in e-mails (the backend only redirects to allowed URLs). */
  origin: string;
  /** The sanitised same-site path to continue to after signing in. */
  next: string;
  /** True when the visitor asked for no page: staff then land on the console, applicants on /dashboard. */
  nextIsDefault?: boolean;
}

/** What an e-mailed link was sent for, so the callback can say what happened when it cannot sign in. */
export type EmailLinkPurpose = 'signup' | 'signin' | 'recovery';

/** Where e-mailed links land: the callback exchanges the code and continues to `next`. */
export function callbackUrl(context: AuthActionContext, purpose: EmailLinkPurpose): string {
  return `${context.origin}/auth/callback?next=${encodeURIComponent(context.next)}&for=${purpose}`;
}

export function authPath(view: string, next: string): string {
  return `/auth?view=${view}&next=${encodeURIComponent(next)}`;
}
