import type { APIContext } from 'astro';
import { PRIVATE_PATHS } from '../site.ts';

export function GET(context: APIContext) {
  const site = context.site ?? new URL(context.url.origin);
  const body = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('sitemap-index.xml', site).href}`,
    `Sitemap: ${new URL('sitemap-catalogue.xml', site).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
