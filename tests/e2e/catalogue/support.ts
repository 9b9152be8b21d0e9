import { expect, type Page } from '@playwright/test';

export { hydrated } from '../islands.ts';

/** Keeps the lead popup away so it never covers what a test clicks. */
export async function quietPopup(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('unipath-lead-popup', JSON.stringify({ outcome: 'dismissed', at: Date.now() }));
  });
}

/** Islands that hydrate without scrolling or interaction (client:visible and client:interact may wait). */
export async function idleIslandsHydrated(page: Page): Promise<void> {
  await expect(
    page.locator('astro-island[ssr]:not([client="visible"]):not([client="interact"])'),
  ).toHaveCount(0);
}

/** The number in "123 courses found". */
export async function resultCount(page: Page): Promise<number> {
  const text = await page
    .getByRole('status')
    .filter({ hasText: /found$/ })
    .innerText();
  return Number(text.replace(/[^0-9]/g, ''));
}

export const COURSE_SLUG = 'ashcombe-university-graduate-diploma-in-clinical-pharmacy';
export const COURSE_ID = '2d720673-5f4d-4009-b9bc-6abdf703fb73';
export const UNIVERSITY_SLUG = 'ashcombe-university';
export const UNIVERSITY_ID = 'b58f93c5-e752-4fa3-bb84-89e5dc516822';
