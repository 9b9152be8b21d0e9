import { sequence } from 'astro:middleware';
import { csrf } from './lib/security/csrf-middleware.ts';
import { securityContext } from './lib/security/context-middleware.ts';
import { guards } from './lib/security/guards.ts';
import { withSupabase } from './lib/supabase/middleware.ts';
import { catalogueCacheMiddleware } from './server/cache/catalogue-cache-middleware.ts';

export const onRequest = sequence(securityContext, withSupabase, csrf, catalogueCacheMiddleware, guards);
