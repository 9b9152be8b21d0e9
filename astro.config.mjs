// @ts-check
import { defineConfig, envField } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';

const site = process.env.SITE_URL ?? 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    sitemap({
      filter: (page) =>
        !/\/(dashboard|admin|admin-intake|applications|admission-application|profile|setup-admin|auth)\/?$/.test(
          new URL(page).pathname,
        ),
    }),
  ],
  vite: { plugins: [tailwindcss()] },
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  // Astro hashes its inline scripts and styles; the server merges them into its header policy.
  // Style attributes (Markdown table alignment, React style props) stay allowed; scripts are hash-only.
  security: {
    csp: { styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] } },
  },
  env: {
    schema: {
      SUPABASE_URL: envField.string({
        context: 'client',
        access: 'public',
        default: 'http://127.0.0.1:54321',
      }),
      SUPABASE_ANON_KEY: envField.string({ context: 'client', access: 'public', optional: true }),
      WHATSAPP_NUMBER: envField.string({ context: 'client', access: 'public', optional: true }),
    },
  },
});
