import { sequence } from 'astro:middleware';
import { csrf } from './lib/security/csrf-middleware.ts';
import { securityContext } from './lib/security/context-middleware.ts';
import { guards } from './lib/security/guards.ts';
import { withSupabase } from './lib/supabase/middleware.ts';

export const onRequest = sequence(securityContext, withSupabase, csrf, guards);
