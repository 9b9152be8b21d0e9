// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig, envField } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import compressor from 'astro-compressor';
import tailwindcss from '@tailwindcss/vite';
import { satteri } from '@astrojs/markdown-satteri';
import { scrollTables } from './src/lib/content/scroll-tables.ts';
import { clientInteract } from './src/integrations/client-interact/index.ts';
import { createHash } from 'node:crypto';
import { ACCOUNT_HINT_SCRIPT } from './src/features/account-nav/account-hint.ts';
import { BODY_LIMITS } from './src/server/request-refusals.ts';

const site = process.env.SITE_URL ?? 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'static',
  // The production server refuses a body past its route's limit before reading it
  // (src/server/request-refusals.ts); the adapter's own limit is the largest of them, for every other host.
  adapter: node({ mode: 'middleware', bodySizeLimit: BODY_LIMITS.upload }),
  integrations: [
    // A build is a production build whatever NODE_ENV the shell or a test runner left set: Vite
    // compiles JSX for React's development runtime otherwise, which the production server does not load.
    {
      name: 'production-build',
      hooks: {
        'astro:config:setup': ({ command }) => {
          if (command === 'build') process.env.NODE_ENV = 'production';
        },
      },
    },
    // Islands render with renderToString rather than through a byte stream read back into text:
    // about 1 ms less CPU per uncached /courses page (alternating runs, 8 rounds). Nothing here
    // suspends; ids come from props, never useId (see eslint.config.js).
    react({ experimentalDisableStreaming: true }),
    clientInteract(),
    sitemap({
      // Rendered on demand (the contact form's posts, the scholarship search), so the build does not list them.
      customPages: [new URL('/contact/', site).href, new URL('/scholarships/', site).href],
      // Signed-in, staff and utility pages are never listed, nor anything below them.
      filter: (page) =>
        !/^\/(account-deleted|auth|dashboard|admin|admin-intake|applications|admission-application|profile|refused|saved-searches|setup-admin|unavailable|unsubscribe)(\/|$)|^\/courses\/(compare|saved)\/?$/.test(
          new URL(page).pathname,
        ),
    }),
    // Brotli and gzip copies of the prebuilt files, sent by the server (src/server/serve.ts) when accepted.
    compressor({ zstd: false }),
  ],
  vite: {
    plugins: [tailwindcss()],
    // Every `import … from 'zod'` gets Zod set to parse without generated code (src/lib/zod-jitless.ts).
    resolve: {
      alias: [
        { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
      ],
    },
  },
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  // Wide Markdown tables scroll inside their own focusable region, never the whole page.
  markdown: { processor: satteri({ hastPlugins: [scrollTables] }) },
  // Astro hashes its inline scripts and styles; the server merges them into its header policy.
  // Style attributes (Markdown table alignment, React style props) stay allowed; scripts are hash-only.
  // The form-origin check runs in src/lib/security/csrf-middleware.ts instead, where the one-click
  // unsubscribe post (RFC 8058, sent by mail servers without an Origin) is exempt.
  security: {
    checkOrigin: false,
    // The address the site is served at: a trusted proxy's X-Forwarded-Proto (and a -Host of this
    // name) become the request's URL, as Astro validates them. The server drops those headers unless
    // TRUST_PROXY is set (src/server/serve.ts), so a client cannot claim them itself.
    allowedDomains: [{ hostname: new URL(site).hostname }],
    // The account hint runs inline in <head> (src/features/account-nav/account-hint.ts): its hash is allowed.
    csp: {
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
      scriptDirective: {
        hashes: [`sha256-${createHash('sha256').update(ACCOUNT_HINT_SCRIPT).digest('base64')}`],
      },
    },
  },
  env: {
    schema: {
      SUPABASE_URL: envField.string({
        context: 'client',
        access: 'public',
        default: 'http://127.0.0.1:54321',
      }),
      // The project's anon (or publishable) key. Every local install has its own: `npm start` and
      // `npm run dev` pass it in at run time; hosted deployments set their project's key.
      SUPABASE_ANON_KEY: envField.string({ context: 'client', access: 'public', optional: true }),
      // Deleting an account is the only server task that needs it; never sent to the browser.
      SUPABASE_SERVICE_ROLE_KEY: envField.string({ context: 'server', access: 'secret', optional: true }),
      // The SMTP server for the app's e-mails (smtp://user:pass@host:587, smtps://…:465); the local
      // stack's mailbox when unset and SUPABASE_URL is the local stack. Read at run time.
      SMTP_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      // Who the app's e-mails are from, e.g. "Unipath Admissions <admissions@example.edu>".
      MAIL_FROM: envField.string({ context: 'server', access: 'secret', optional: true }),
      // Seconds an application's events gather before they go out as one message (default 120).
      MESSAGE_QUIET_SECONDS: envField.string({ context: 'server', access: 'secret', optional: true }),
      // The WhatsApp chat button's number, read at build time. The default is a demo number from
      // Ofcom's range reserved for drama (no real phone); set a deployment's own, or set it empty
      // (WHATSAPP_NUMBER=) to leave the button out.
      WHATSAPP_NUMBER: envField.string({ context: 'client', access: 'public', default: '+44 7700 900123' }),
      // Proves the right to claim the first administrator at /setup-admin; generated and printed at
      // start when unset.
      SETUP_ADMIN_TOKEN: envField.string({ context: 'server', access: 'secret', optional: true }),
      // When true, every member of staff must have a verified second factor to open the admin pages.
      STAFF_MFA_REQUIRED: envField.boolean({ context: 'server', access: 'secret', default: false }),
      // The account applicants pay fees and deposits into by bank transfer, shown on every invoice.
      PAYMENT_BANK_ACCOUNT_NAME: envField.string({ context: 'server', access: 'secret', optional: true }),
      PAYMENT_BANK_IBAN: envField.string({ context: 'server', access: 'secret', optional: true }),
      PAYMENT_BANK_BIC: envField.string({ context: 'server', access: 'secret', optional: true }),
      PAYMENT_BANK_NAME: envField.string({ context: 'server', access: 'secret', optional: true }),
      // The test payment provider (development and tests only): on with a secret of 16 characters or
      // more to sign its notifications; off in every deployment that does not set it.
      PAYMENT_TEST_PROVIDER: envField.string({ context: 'server', access: 'secret', optional: true }),
      PAYMENT_TEST_SECRET: envField.string({ context: 'server', access: 'secret', optional: true }),
    },
  },
});
