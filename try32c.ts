import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4321';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  await page.goto(base + '/auth');
  await page.fill('input[name=email]', 'admin@unipath.test');
  await page.fill('input[name=password]', 'demo-admin-2026');
  await page.locator('form button[type=submit]').first().click();
  await page.waitForURL(/\/(admin|dashboard)/);
  await page.goto(base + '/admin/mail');
  const n = await page.locator('[data-testid=job-failure]').count();
  if (n) await page.locator('[data-testid=job-failures]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots/mail-${name}.png`, fullPage: name === 'desktop' });
  console.log(name, n);
}
await browser.close();
