import type { AstroCookies } from 'astro';

export const FLASH_COOKIE = 'unipath-flash';

export interface FlashToast {
  title: string;
  message: string;
  kind: 'info' | 'success' | 'warning' | 'error';
}

function isFlashToast(value: unknown): value is FlashToast {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item['title'] === 'string' &&
    typeof item['message'] === 'string' &&
    ['info', 'success', 'warning', 'error'].includes(String(item['kind']))
  );
}

/** Takes the toasts a previous response left for this page and clears them, so they show once. */
export function takeFlash(cookies: AstroCookies): FlashToast[] {
  const raw = cookies.get(FLASH_COOKIE)?.value;
  if (!raw) return [];
  cookies.delete(FLASH_COOKIE, { path: '/' });
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isFlashToast).slice(0, 4) : [];
  } catch {
    return [];
  }
}

/** Leaves toasts for the next page this browser renders (e.g. across a redirect). */
export function putFlash(cookies: AstroCookies, toasts: readonly FlashToast[], secure: boolean): void {
  if (toasts.length === 0) return;
  cookies.set(FLASH_COOKIE, JSON.stringify(toasts.slice(0, 4)), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: 60,
  });
}
