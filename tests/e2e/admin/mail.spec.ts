import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { mailboxMessages } from '../../helpers/mailbox.ts';
import { STACK_URL } from '../applications/support.ts';
import { expectNoViolations, serviceClient, signInStaff, submittedByNewApplicant } from './support.ts';

const inbox = (to: string) => mailboxMessages(`${STACK_URL}/mailbox`, to);

test('an administrator sees a message that failed for good and sends it again', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const run = randomBytes(4).toString('hex');
  const recipient = `failed-${run}@example.com`;
  const subject = `Your application has new updates (${run})`;
  // A message the sender gave up on after its eighth refusal, as release_notification leaves it.
  const service = await serviceClient();
  const inserted = await service.from('notification_outbox').insert({
    recipient,
    kind: 'application_updates',
    subject,
    body: `Two things changed on your application (${run}).`,
    body_html: `<p>Two things changed on your application (${run}).</p>`,
    attempts: 8,
    last_error: '550 5.1.1 Relay access denied',
    failed_at: new Date().toISOString(),
  });
  expect(inserted.error).toBeNull();

  await signInStaff(context, baseURL, 'admin');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Mail' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mail');
  const item = page.getByTestId('failed-message').filter({ hasText: subject });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('failed-recipient')).toHaveText(recipient);
  await expect(item.getByTestId('failed-error')).toHaveText('550 5.1.1 Relay access denied');
  await expect(item).toContainText('Application updates');
  await expect(item).toContainText('8');
  await expectNoViolations(page, 'mail, one failed message');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoViolations(page, 'mail on a phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Keyboard: the retry button is reachable and says which message it sends.
  const retry = item.getByRole('button', { name: `Retry: ${subject} to ${recipient}` });
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('mail-retried')).toHaveText(
    'The message is back in the queue and will be sent within a minute.',
  );
  await expect(page.getByTestId('failed-message').filter({ hasText: subject })).toHaveCount(0);
  await expect(page.getByTestId('mail-no-failures')).toBeVisible();
  await expectNoViolations(page, 'mail after a retry');

  // The sweep sends it over SMTP to the local mailbox, with its kind and both parts.
  await expect
    .poll(async () => (await inbox(recipient)).map((m) => m.subject), { timeout: 20_000 })
    .toEqual([subject]);
  const [delivered] = await inbox(recipient);
  expect(delivered?.kind).toBe('application_updates');
  expect(delivered?.html).toContain(`<p>Two things changed on your application (${run}).</p>`);

  // Retrying again is refused with words, not an error page.
  const { data } = await service.from('notification_outbox').select('id').eq('recipient', recipient).single();
  const csrf = await page.locator('input[name="csrf_token"]').first().inputValue();
  const again = await page.request.post('/admin/mail', {
    form: { csrf_token: csrf, intent: 'retry-message', message_id: (data as { id: string }).id },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(422);
  expect(await again.text()).toContain('That message has not failed.');

  // Counsellors do not get the page at all.
  const counsellor = await browser.newContext();
  try {
    await signInStaff(counsellor, baseURL, 'counsellor');
    const response = await (await counsellor.newPage()).goto('/admin/mail');
    expect(response?.status()).toBe(404);
  } finally {
    await counsellor.close();
  }
});

test('an administrator sees a letter that could not be composed, and composes it again once fixed', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const application = await submittedByNewApplicant(browser, baseURL);
  const service = await serviceClient();
  // A letter whose words are longer than the outbox keeps: the composer sets it aside, alone.
  const queued = await service.from('notification_events').insert({
    recipient_id: application.id,
    application_id: application.applicationId,
    template_key: 'decision_rejected',
    fields: { reason: 'x'.repeat(50_000), reference: application.reference },
  });
  expect(queued.error).toBeNull();

  await signInStaff(context, baseURL, 'admin');
  const item = page.getByTestId('job-failure').filter({ hasText: application.reference });
  await expect
    .poll(async () => {
      await page.goto('/admin/mail');
      return item.count();
    })
    .toBe(1);
  await expect(item).toContainText('A message could not be written');
  await expect(item.getByTestId('job-failure-error')).toContainText('notification_outbox_body_check');
  await expectNoViolations(page, 'mail, background work that failed');

  const fixed = await service
    .from('notification_events')
    .update({ fields: { reason: 'The course is full.', reference: application.reference } })
    .eq('application_id', application.applicationId)
    .eq('template_key', 'decision_rejected');
  expect(fixed.error).toBeNull();
  await item
    .getByRole('button', { name: `Compose again: a message could not be written (${application.reference})` })
    .click();
  await expect(page.getByTestId('mail-retried')).toHaveText(
    'Done. What failed is tried again on the next run of its job.',
  );
  await expect(item).toHaveCount(0);
  await expect
    .poll(async () => (await inbox(application.email)).length, { timeout: 20_000 })
    .toBeGreaterThan(0);
});
