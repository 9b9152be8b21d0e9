import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const DIALOG = { name: 'Book a free counselling call' };

test.beforeEach(async ({ page }) => {
  // The popup is covered by its own spec; here it must not interrupt.
  await page.addInitScript(() =>
    localStorage.setItem('unipath-lead-popup', JSON.stringify({ outcome: 'dismissed', at: Date.now() })),
  );
});

test('the counselling dialog works entirely from the keyboard', async ({ page }) => {
  await page.goto('/?utm_source=newsletter&utm_campaign=open-day');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const cta = page.getByRole('link', { name: 'Book a free counselling call' });
  await cta.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', DIALOG);
  await expect(dialog).toBeVisible();

  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Your name')).toBeFocused();
  await page.keyboard.type('Ines Duarte');
  await page.keyboard.press('Tab');
  await page.keyboard.type('ines.duarte@example.test');
  await dialog.getByRole('checkbox', { name: 'By e-mail' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'By e-mail' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'By phone' })).not.toBeChecked();
  await expect(dialog.locator('input[name="utm_source"]')).toHaveValue('newsletter');
  await expect(dialog.locator('input[name="page_path"]')).toHaveValue('/');
  await dialog.getByRole('button', { name: 'Send my request' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toContainText('A counsellor will contact you');

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(cta).toBeFocused();
});

test('the dialog shows field errors without sending an incomplete request', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Book a free counselling call' }).click();
  const dialog = page.getByRole('dialog', DIALOG);
  await dialog.getByLabel('E-mail address').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send my request' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Your name: Enter your name.');
  await expect(dialog.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert')).toBeFocused();
});

test('the open counselling dialog passes axe WCAG 2.2 AA checks', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Book a free counselling call' }).click();
  await expect(page.getByRole('dialog', DIALOG)).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test('the WhatsApp button opens a chat with the configured number, or is absent without one', async ({
  page,
}) => {
  await page.goto('/about/');
  const link = page.getByRole('link', { name: 'Chat with us on WhatsApp (opens in a new tab)' });
  // The build's number: the documented demo default unless the environment sets one (or none).
  const digits = (process.env['WHATSAPP_NUMBER'] ?? '+44 7700 900123').replace(/\D/g, '');
  if (digits.length < 7) {
    await expect(link).toHaveCount(0);
    return;
  }
  const href = new URL((await link.getAttribute('href')) ?? '');
  expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/${digits}`);
  expect(href.searchParams.get('text')).toContain('About');
});
