import { expect, test } from '@playwright/test';

test.use({ javaScriptEnabled: false });

test('the contact form works without JavaScript: errors, kept values, then success', async ({ page }) => {
  await page.goto('/contact/?utm_source=flyer');
  await expect(page.getByRole('heading', { name: 'Our office' })).toBeVisible();
  const form = page.locator('form#contact-lead');
  await form.getByLabel('Your name').fill('Tomás Ruiz');
  await form.getByLabel('E-mail address').fill('tomas@');
  await form.getByLabel('Your question (optional)').fill('Can I start in January?');
  await form.getByRole('checkbox', { name: 'On WhatsApp' }).check();
  await form.getByRole('button', { name: 'Send my message' }).click();

  const summary = page.getByTestId('error-summary');
  await expect(summary).toContainText('E-mail address: Enter a valid e-mail address');
  await expect(summary).toContainText('Phone number (optional): Enter a phone number');
  await expect(form.getByLabel('Your name')).toHaveValue('Tomás Ruiz');
  await expect(form.getByLabel('E-mail address')).toHaveValue('tomas@');
  await expect(form.getByLabel('Your question (optional)')).toHaveValue('Can I start in January?');
  await expect(form.getByRole('checkbox', { name: 'On WhatsApp' })).toBeChecked();
  await expect(form.locator('input[name="utm_source"]')).toHaveValue('flyer');

  await form.getByLabel('E-mail address').fill('tomas.ruiz@example.test');
  await form.getByLabel('Phone number (optional)').fill('+34 600 123 456');
  await form.getByRole('button', { name: 'Send my message' }).click();
  await expect(page).toHaveURL(/\/contact\/\?sent/);
  await expect(page.getByRole('status').filter({ hasText: 'A counsellor will contact you' })).toBeVisible();
  await expect(page.locator('form#contact-lead').getByLabel('Your name')).toHaveValue('');
});
