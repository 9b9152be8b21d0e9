import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { createAppServer, type AppServer } from '../../../src/server/serve.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { DIST, ensureBuild } from '../server/support/build.ts';

// A catalogue larger than the demo: 150 more universities, each with one course, so the filter must choose.
const EXTRA = 150;
const LAST_ID = '00000000-0000-4000-8000-0000000f0150';

let stack: RunningStack;
let app: AppServer;
beforeAll(async () => {
  ensureBuild();
  stack = await startTestStack();
  await stack.db.exec(`
    insert into public.universities (id, slug, name, country_code, city, currency, published)
    select ('00000000-0000-4000-8000-0000000f' || lpad(n::text, 4, '0'))::uuid, 'filter-test-' || n,
           'Zz Filter Test University ' || lpad(n::text, 3, '0'), 'GB', 'Leeds', 'GBP', true
    from generate_series(1, ${EXTRA}) n;
    insert into public.courses (slug, university_id, title, level, field, duration_months, tuition_amount,
                                tuition_currency, description, published)
    select 'filter-test-course-' || n, ('00000000-0000-4000-8000-0000000f' || lpad(n::text, 4, '0'))::uuid,
           'MSc Filter Study ' || n, 'master', 'Environmental Science', 12, 15000, 'GBP', '', true
    from generate_series(1, ${EXTRA}) n;`);
  Object.assign(process.env, {
    SUPABASE_URL: stack.url,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  });
  app = await createAppServer({ host: '127.0.0.1', port: 0, distDir: DIST, supabaseUrl: stack.url });
}, 120_000);
afterAll(async () => {
  await app.close();
  await stack.stop();
});

const page = async (path: string) => {
  const response = await fetch(new URL(path, app.url));
  expect(response.status).toBe(200);
  return response.text();
};

/** The options of the University filter as the server rendered them: [value, label, selected]. */
function universityOptions(html: string): [string, string, boolean][] {
  const select = /<select[^>]*name="university"[^>]*>(.*?)<\/select>/s.exec(html)?.[1];
  if (select === undefined) throw new Error('no University filter on the page');
  return [...select.matchAll(/<option([^>]*)>([^<]*)<\/option>/g)].map(([, attrs = '', label = '']) => [
    /value="([^"]*)"/.exec(attrs)?.[1] ?? '',
    label,
    /\bselected\b/.test(attrs),
  ]);
}

/** The props a page hands the island of this component, decoded from the island's attribute. */
function islandProps(html: string, component: string): Record<string, unknown> {
  const island = new RegExp(`<astro-island[^>]*component-url="[^"]*/${component}\\.[^"]*"[^>]*>`).exec(
    html,
  )?.[0];
  const encoded = island && /\sprops="([^"]*)"/.exec(island)?.[1];
  if (!encoded) throw new Error(`no ${component} island on the page`);
  const text = encoded
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(text) as Record<string, unknown>;
}

describe('the University filter of a large catalogue', () => {
  it('offers the hundred universities with the most courses, not every one', async () => {
    const { rows } = await stack.db.query<{ n: number }>(
      'select count(*)::int as n from public.universities where published and course_count > 0',
    );
    expect(rows[0]?.n).toBeGreaterThan(100 + 30);
    const html = await page('/courses');
    const options = universityOptions(html);
    expect(options[0]).toEqual(['', 'Any university', true]);
    expect(options).toHaveLength(101);
    // The page's size follows the filter, not the catalogue.
    expect(html.length).toBeLessThan(250_000);
  });

  it("is sent once, as the page's HTML, not again as the search island's props", async () => {
    const html = await page('/courses?q=filter+study');
    expect(universityOptions(html)).toHaveLength(101);
    const props = islandProps(html, 'CourseSearch');
    expect(Object.keys(props)).not.toContain('facets');
    // The results the island starts from are there, as one JSON text, and no filter choice beyond them.
    const [, text] = props['results'] as [number, string];
    const results = JSON.parse(text) as { items: { title: string; universityName: string }[] };
    expect(results.items[0]?.title).toMatch(/^MSc Filter Study/);
    const listed = new Set(results.items.map((course) => course.universityName));
    const others = universityOptions(html)
      .map(([, label]) => label)
      .filter((label) => label !== 'Any university' && !listed.has(label));
    expect(others.length).toBeGreaterThan(50);
    const sent = JSON.stringify(props);
    expect(others.filter((label) => sent.includes(label))).toEqual([]);
    // Search as you type answers with the results alone.
    const typed = await fetch(new URL('/api/catalogue/universities?q=zz+filter+test&sort=name', app.url));
    expect(typed.status).toBe(200);
    const list = (await typed.json()) as { total: number; items: { name: string }[] };
    expect(list.total).toBe(EXTRA);
    expect(list.items[0]?.name).toBe('Zz Filter Test University 001');
    // The same holds on /universities.
    const universities = islandProps(await page('/universities?country=GB'), 'UniversitySearch');
    expect(Object.keys(universities)).not.toContain('facets');
  });

  it('keeps a chosen university that is not among them, selected, with its course listed', async () => {
    const html = await page(`/courses?university=${LAST_ID}`);
    const chosen = universityOptions(html).filter(([, , selected]) => selected);
    expect(chosen).toEqual([[LAST_ID, 'Zz Filter Test University 150', true]]);
    expect(html).toContain('MSc Filter Study 150');
  });

  it('leaves the university names out of the /universities page, which has no such filter', async () => {
    const html = await page('/universities?q=zz+filter+test&sort=name');
    expect(html).not.toContain('&quot;universities&quot;');
    expect(html).toContain('Zz Filter Test University 001');
  });
});
