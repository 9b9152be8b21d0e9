import { atom } from 'nanostores';

/** This browser session's CSRF token for islands' own requests; seeded from a server prop. */
export const $csrf = atom<string>('');

/** Keeps the first token the page was rendered with; never written on the server. */
export function seedCsrf(token: string): void {
  if (typeof window === 'undefined' || !token || $csrf.get()) return;
  $csrf.set(token);
}

/**
 * The token, asking the server for one when the page was prebuilt without it (static pages).
 * The endpoint sets the session's token cookie if the browser has none yet.
 */
export async function ensureCsrfToken(): Promise<string> {
  const current = $csrf.get();
  if (current) return current;
  const response = await fetch('/api/auth/csrf', {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  });
  const body = (await response.json()) as { token?: unknown };
  if (typeof body.token === 'string') $csrf.set(body.token);
  return $csrf.get();
}
