import type { JwtPayload } from '@supabase/supabase-js';

export type AssuranceLevel = 'aal1' | 'aal2';

/** What the app knows about the signed-in visitor, all of it from verified token claims. */
export interface SessionUser {
  id: string;
  email: string;
  aal: AssuranceLevel;
  /** Sign-in methods of this session (`password`, `otp`, `totp`, `recovery`…). */
  methods: string[];
  /** The `app_roles` claim, which Auth fills from public.user_roles; never from user_metadata. */
  roles: string[];
}

export function methodsOf(claims: JwtPayload): string[] {
  const amr: unknown = claims.amr;
  if (!Array.isArray(amr)) return [];
  return amr
    .map((entry: unknown) =>
      typeof entry === 'string' ? entry : (entry as { method?: unknown } | null)?.method,
    )
    .filter((method): method is string => typeof method === 'string');
}

/** The claim public.custom_access_token_hook writes the user's staff roles to when Auth issues a token. */
export const ROLES_CLAIM = 'app_roles';

/**
 * Staff roles named in verified token claims; none when the claim is missing, as it is when the
 * Custom Access Token hook is not enabled. A role granted or revoked since the token was issued
 * shows here after the session's next refresh; RLS reads the table itself and is never late.
 */
export function rolesOf(claims: JwtPayload): string[] {
  const roles: unknown = claims[ROLES_CLAIM];
  if (!Array.isArray(roles)) return [];
  return roles.filter((role): role is string => typeof role === 'string');
}

export function toSessionUser(claims: JwtPayload): SessionUser {
  return {
    id: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : '',
    aal: claims.aal === 'aal2' ? 'aal2' : 'aal1',
    methods: methodsOf(claims),
    roles: rolesOf(claims),
  };
}

export function isAdmin(user: SessionUser | null): boolean {
  return user?.roles.includes('admin') ?? false;
}

/** Admissions staff: administrators and counsellors. */
export function isStaff(user: SessionUser | null): boolean {
  return user?.roles.some((role) => role === 'admin' || role === 'counsellor') ?? false;
}
