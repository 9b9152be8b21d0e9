import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { COURSE_SLUG, idleIslandsHydrated, quietPopup, UNIVERSITY_SLUG } from './support.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PAGES = [
  '/courses',
  '/courses?q=nursng',
  '/universities?country=GB',
  `/universities/${UNIVERSITY_SLUG}`,
  `/courses/${COURSE_SLUG}`,
  '/discover',
  '/discover?level=master&test=ielts&score=6&grade=60&prior=bachelor&budget=20000&currency=GBP',
];

test('every catalogue page passes axe WCAG 2.2 AA checks', async ({ page, request }) => {
  test.setTimeout(180_000);
  await quietPopup(page);
  const body = (await (await request.get('/api/catalogue/courses?q=data')).json()) as {
    items: { id: string }[];
  };
  const compare = `/courses/compare?ids=${body.items
    .slice(0, 4)
    .map((item) => item.id)
    .join(',')}`;
  for (const path of [...PAGES, compare]) {
    await test.step(path, async () => {
      await page.goto(path);
      await idleIslandsHydrated(page);
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      const found = results.violations.map((v) => ({
        rule: v.id,
        nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3),
      }));
      expect.soft(found, path).toEqual([]);
    });
  }
});
