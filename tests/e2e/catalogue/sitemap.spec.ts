import { expect, test } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { stackKeys } from '../stack-keys.ts';
import { COURSE, STACK_URL, serviceClient } from '../applications/support.ts';

test('robots.txt names the catalogue sitemap, which lists every visible university and course and nothing hidden', async ({
  request,
}) => {
  const robots = await (await request.get('/robots.txt')).text();
  const named = [...robots.matchAll(/^Sitemap:\s*(\S+)$/gm)].map((match) => new URL(match[1] ?? '').pathname);
  expect(named).toEqual(['/sitemap-index.xml', '/sitemap-catalogue.xml']);

  const service = await serviceClient();
  // The last course by slug is one no other spec uses; it is hidden while the sitemap is read.
  const last = await service
    .from('courses')
    .select('slug')
    .eq('published', true)
    .order('slug', { ascending: false })
    .limit(1)
    .single();
  const hiddenSlug = (last.data as { slug: string } | null)?.slug ?? '';
  await service.from('courses').update({ published: false }).eq('slug', hiddenSlug);
  try {
    const response = await request.get('/sitemap-catalogue.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/xml');
    const body = await response.text();
    const paths = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    const { anonKey } = await stackKeys(STACK_URL);
    const visitor = createClient(STACK_URL, anonKey, { auth: { persistSession: false } });
    const universities = await visitor.from('universities').select('*', { count: 'exact', head: true });
    const courses = await visitor.from('courses').select('*', { count: 'exact', head: true });
    expect(paths).toHaveLength((universities.count ?? -1) + (courses.count ?? -1));
    expect(paths).toContain(`/courses/${COURSE.slug}`);
    expect(paths.filter((path) => path.startsWith('/universities/')).length).toBe(universities.count);
    expect(hiddenSlug).not.toBe('');
    expect(paths).not.toContain(`/courses/${hiddenSlug}`);
  } finally {
    await service.from('courses').update({ published: true }).eq('slug', hiddenSlug);
  }
});
