import { sequence } from 'astro:middleware';
import { csrf } from './lib/security/csrf-middleware.ts';
import { securityContext } from './lib/security/context-middleware.ts';
import { responseHeaders } from './lib/security/headers-middleware.ts';
import { guards, signedOutPosts } from './lib/security/guards.ts';
import { withSupabase } from './features/auth/session-middleware.ts';
import { catalogueCacheMiddleware } from './features/catalogue/page-cache/catalogue-cache-middleware.ts';

// The catalogue cache comes first: it stores pages as they are finally sent (every header
// included), so the production server can send a stored page without running Astro at all.
export const onRequest = sequence(
  catalogueCacheMiddleware,
  responseHeaders,
  securityContext,
  withSupabase,
  signedOutPosts,
  csrf,
  guards,
);
