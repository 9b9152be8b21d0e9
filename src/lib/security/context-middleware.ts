import { defineMiddleware } from 'astro:middleware';
import { takeFlash } from './flash.ts';

/** Safe defaults on locals for every route, then this request's flash toasts and client address. */
export const securityContext = defineMiddleware((context, next) => {
  // The production server passes the address it worked out (see clientAddressOf in src/server/serve.ts).
  const fromServer = context.locals.clientIp as string | undefined;
  context.locals.user = null;
  context.locals.csrfToken = '';
  context.locals.flash = [];
  context.locals.clientIp = 'unknown';
  if (context.isPrerendered) return next();
  context.locals.flash = takeFlash(context.cookies);
  try {
    context.locals.clientIp = fromServer || context.clientAddress;
  } catch {
    // Some adapters cannot tell; every such request then shares one rate-limit bucket.
  }
  return next();
});

/** Whether cookies set for this request should carry the Secure attribute. */
export function isSecureRequest(url: URL): boolean {
  return url.protocol === 'https:';
}
