import type { AstroCookies } from 'astro';
import {
  CURRENCY_COOKIE,
  currencyForLocale,
  resolveDisplayCurrency,
  type DisplayCurrency,
} from '../../lib/display-currency.ts';

interface CurrencyContext {
  request: Request;
  cookies: AstroCookies;
}

/** A currency in the URL wins, then the visitor's saved choice, then a guess from their language. */
export function displayCurrencyOf(context: CurrencyContext, fromUrl?: string): DisplayCurrency {
  return (
    resolveDisplayCurrency(fromUrl, context.cookies.get(CURRENCY_COOKIE)?.value) ??
    currencyForLocale(context.request.headers.get('accept-language'))
  );
}
