import { atom } from 'nanostores';
import type { SessionUser } from '../lib/auth/session-user.ts';

export const AUTH_EVENTS = [
  'INITIAL_SESSION',
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  'MFA_CHALLENGE_VERIFIED',
] as const;

export type AuthEventName = (typeof AUTH_EVENTS)[number];

export interface SessionState {
  user: SessionUser | null;
  /** The latest auth event, so islands can react to sign-out, recovery or a step-up. */
  event: AuthEventName | null;
  /** Unix seconds when the access token expires, when known in the browser. */
  expiresAt: number | null;
}

export const $session = atom<SessionState>({ user: null, event: null, expiresAt: null });

let seeded = false;

/** Seeds the store once per page load from the server-verified user; a no-op during SSR. */
export function seedSession(user: SessionUser | null): void {
  if (typeof window === 'undefined' || seeded) return;
  seeded = true;
  $session.set({ ...$session.get(), user });
}

export function isAuthEvent(value: unknown): value is AuthEventName {
  return typeof value === 'string' && (AUTH_EVENTS as readonly string[]).includes(value);
}

/** Applies an auth event; SIGNED_OUT forgets the user whatever the payload says. */
export function setSession(
  event: AuthEventName,
  user: SessionUser | null,
  expiresAt: number | null = null,
): void {
  $session.set({ user: event === 'SIGNED_OUT' ? null : user, event, expiresAt });
}

export function clearSession(): void {
  setSession('SIGNED_OUT', null);
}

export const AUTH_CHANNEL = 'unipath-auth';

/**
 * Applies an event this tab caused (e.g. a sign-out through a form) and tells the site's other
 * open tabs, which apply it through their own session listener.
 */
export function announceAuthEvent(
  event: AuthEventName,
  user: SessionUser | null = $session.get().user,
): void {
  setSession(event, user);
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(AUTH_CHANNEL);
  channel.postMessage({ event });
  channel.close();
}
