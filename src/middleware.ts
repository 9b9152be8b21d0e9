import { sequence } from 'astro:middleware';
import { csrf } from './lib/security/csrf-middleware.ts';
import { securityContext } from './lib/security/context-middleware.ts';
import { responseHeaders } from './lib/security/headers-middleware.ts';
import { guards } from './lib/security/guards.ts';
import { withSupabase } from './features/auth/session-middleware.ts';
import { catalogueCacheMiddleware } from './features/catalogue/page-cache/catalogue-cache-middleware.ts';

export const onRequest = sequence(
  responseHeaders,
  catalogueCacheMiddleware,
  securityContext,
  withSupabase,
  csrf,
  guards,
);
