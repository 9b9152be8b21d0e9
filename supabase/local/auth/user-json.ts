import type { Queryable } from '../db/types.ts';
import { factorsOf, identitiesOf, type FactorRow, type IdentityRow, type UserRow } from './users.ts';

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined);

/** Drops keys whose value is undefined, as GoTrue omits null timestamps. */
function compact(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined));
}

export function identityJson(identity: IdentityRow): Record<string, unknown> {
  return compact({
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  });
}

export function factorJson(factor: FactorRow): Record<string, unknown> {
  return compact({
    id: factor.id,
    friendly_name: factor.friendly_name ?? '',
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
    last_challenged_at: iso(factor.last_challenged_at),
    phone: factor.factor_type === 'phone' ? (factor.phone ?? '') : undefined,
  });
}

/** The user object GoTrue answers with, identities and factors included. */
export function userJson(
  user: UserRow,
  identities: IdentityRow[],
  factors: FactorRow[],
): Record<string, unknown> {
  return compact({
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    new_phone: user.phone_change || undefined,
    phone_change_sent_at: iso(user.phone_change_sent_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
    identities: identities.map(identityJson),
    invited_at: iso(user.invited_at),
    banned_until: iso(user.banned_until),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  });
}

/** Loads a user's identities and factors and renders the user object. */
export async function loadUserJson(db: Queryable, user: UserRow): Promise<Record<string, unknown>> {
  return userJson(user, await identitiesOf(db, user.id), await factorsOf(db, user.id));
}
