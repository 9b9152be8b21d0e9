import type { SupabaseClient } from '@supabase/supabase-js';
import { showAuthError, showSecurityToast } from '../security/security-toasts.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

/** Sessions handed over in a URL older than this are suspicious: the link may have been replayed. */
export const URL_SESSION_MAX_AGE_SECONDS = 120;

export interface UrlSessionCheck {
  accessToken?: string;
  refreshToken?: string;
  error?: string;
  /** Seconds since the session in the URL was issued, when the URL says. */
  ageSeconds?: number;
}

/** Reads a session or an error that an auth redirect left in the URL fragment. */
export function readUrlSession(hash: string, nowSeconds: number): UrlSessionCheck | undefined {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const error = params.get('error_description') ?? params.get('error');
  if (error) return { error };
  const accessToken = params.get('access_token');
  if (!accessToken) return undefined;
  const expiresAt = Number(params.get('expires_at'));
  const expiresIn = Number(params.get('expires_in'));
  const check: UrlSessionCheck = { accessToken };
  const refreshToken = params.get('refresh_token');
  if (refreshToken) check.refreshToken = refreshToken;
  if (Number.isFinite(expiresAt) && Number.isFinite(expiresIn) && expiresAt > 0) {
    check.ageSeconds = nowSeconds - (expiresAt - expiresIn);
  }
  return check;
}

/**
 * Adopts a session found in the URL fragment (links made outside the PKCE flow), warning when it
 * is stale, and reports callback errors. The fragment is removed either way.
 */
export async function adoptUrlSession(supabase: SupabaseClient<Database>): Promise<void> {
  const found = readUrlSession(window.location.hash, Date.now() / 1000);
  if (!found) return;
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${window.location.search}`,
  );
  if (found.error) return showAuthError(found.error);
  if ((found.ageSeconds ?? 0) > URL_SESSION_MAX_AGE_SECONDS) {
    showSecurityToast(
      {
        title: 'Old sign-in link',
        message: 'This sign-in link was issued over 120 seconds ago and may be stale.',
      },
      'warning',
    );
  }
  if (!found.accessToken || !found.refreshToken) return showAuthError('No session defined in URL');
  const { error } = await supabase.auth.setSession({
    access_token: found.accessToken,
    refresh_token: found.refreshToken,
  });
  if (error) showAuthError(error.message);
  else window.location.reload();
}
