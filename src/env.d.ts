/// <reference types="astro/client" />
import type { SupabaseClient } from '@supabase/supabase-js';
import type { SessionUser } from './lib/auth/session-user.ts';
import type { RenderedCache } from './features/catalogue/page-cache/rendered-cache.ts';
import type { FlashToast } from './lib/security/flash.ts';
import type { Database } from './lib/supabase/database.types.ts';

declare global {
  namespace App {
    interface Locals {
      /**
       * The Supabase client of this request, acting with the visitor's session (RLS applies).
       * Absent on prerendered pages, which are built without a request.
       */
      supabase?: SupabaseClient<Database>;
      /** The verified signed-in user, or null for visitors. Never read from unverified cookie data. */
      user: SessionUser | null;
      /** This browser session's CSRF token, rendered into every form as `csrf_token`. */
      csrfToken: string;
      /** Toasts the next render should show, e.g. after a rejected session cookie. */
      flash: FlashToast[];
      /** The visitor's address as the server sees it, for rate limits. */
      clientIp: string;
      /** The production server's catalogue page cache, handed over with each request (absent in `astro dev`). */
      catalogueCache?: RenderedCache;
    }
  }
}
