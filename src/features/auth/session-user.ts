import type { JwtPayload, SupabaseClient } from '@supabase/supabase-js';

export type AssuranceLevel = 'aal1' | 'aal2';

/** What the app knows about the signed-in visitor; built from verified token claims and the roles table. */
export interface SessionUser {
  id: string;
  email: string;
  aal: AssuranceLevel;
  /** Sign-in methods of this session (`password`, `otp`, `totp`, `recovery`…). */
  methods: string[];
  /** From public.user_roles, which users cannot write; never from user_metadata. */
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

/** Roles of the user, read under RLS with the user's own token; none when the table is missing. */
export async function loadRoles(supabase: SupabaseClient, userId: string): Promise<string[]> {
  const { data, error } = await supabase.from('user_roles').select('role').eq('user_id', userId);
  if (error || !Array.isArray(data)) return [];
  return data.map((row: { role: unknown }) => String(row.role));
}

export function toSessionUser(claims: JwtPayload, roles: string[]): SessionUser {
  return {
    id: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : '',
    aal: claims.aal === 'aal2' ? 'aal2' : 'aal1',
    methods: methodsOf(claims),
    roles,
  };
}

export function isAdmin(user: SessionUser | null): boolean {
  return user?.roles.includes('admin') ?? false;
}

/** Admissions staff: administrators and counsellors. */
export function isStaff(user: SessionUser | null): boolean {
  return user?.roles.some((role) => role === 'admin' || role === 'counsellor') ?? false;
}
