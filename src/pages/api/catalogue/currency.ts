import type { APIRoute } from 'astro';
import { CURRENCY_COOKIE, resolveDisplayCurrency } from '../../../lib/display-currency.ts';
import { sanitizeNextPath } from '../../../lib/security/next-path.ts';

export const prerender = false;

const ONE_YEAR = 60 * 60 * 24 * 365;

/** Remembers the visitor's display currency (a plain GET form, so it works without JavaScript). */
export const GET: APIRoute = ({ url, cookies, redirect }) => {
  const currency = resolveDisplayCurrency(url.searchParams.get('currency'));
  if (currency) {
    cookies.set(CURRENCY_COOKIE, currency, {
      path: '/',
      maxAge: ONE_YEAR,
      sameSite: 'lax',
      httpOnly: false,
      secure: url.protocol === 'https:',
    });
  }
  return redirect(sanitizeNextPath(url.searchParams.get('next'), '/courses'), 303);
};
