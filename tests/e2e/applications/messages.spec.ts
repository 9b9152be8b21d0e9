import { expect, test, type Page } from '@playwright/test';
import { mailOfKind, mailTo } from '../admin/decision-support.ts';
import {
  expectNoViolations,
  serviceClient,
  signInStaff,
  submittedApplication,
  submittedByNewApplicant,
} from '../admin/support.ts';
import { pdfBytes, userClient } from './support.ts';

const SCRIPT = '<script>window.__messagePwned = 1</script>';

function thread(page: Page) {
  return page.locator('#messages');
}

async function send(page: Page, body: string, file?: { name: string; mimeType: string; buffer: Buffer }) {
  const form = thread(page).getByTestId('message-form');
  await form.getByRole('textbox').fill(body);
  if (file) await form.getByLabel('Attach a file (optional)').setInputFiles(file);
  await form.getByRole('button', { name: 'Send message' }).click();
}

test('an applicant and staff talk on an application, with unread badges and an e-mail link', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const app = await submittedApplication(context, baseURL);
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInStaff(staffContext, baseURL, 'admin');

  // The applicant writes from the application's page, by keyboard.
  await page.goto(`/applications/${app.applicationId}#messages`);
  await expect(thread(page).getByRole('heading', { name: 'Messages' })).toBeVisible();
  await expect(thread(page)).toContainText('No messages yet');
  await expectNoViolations(page, 'applicant thread, empty');
  const box = thread(page).getByLabel('Message to the admissions team');
  await box.focus();
  await page.keyboard.type(`${SCRIPT} Hello, when is my interview?`);
  await page.keyboard.press('Tab');
  await expect(thread(page).getByLabel('Attach a file (optional)')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(thread(page).getByRole('button', { name: 'Send message' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/applications/${app.applicationId}#messages$`));
  const mine = thread(page).getByTestId('message');
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId('message-body')).toHaveText(`${SCRIPT} Hello, when is my interview?`);
  expect(await page.evaluate(() => (window as { __messagePwned?: number }).__messagePwned)).toBeUndefined();

  // Staff see it unread in the queue and in the header, then open the thread.
  await staffPage.goto(`/admin/applications?q=${app.reference}`);
  const row = staffPage.getByTestId('queue-row');
  await expect(row.getByTestId('queue-unread')).toContainText('1 unread message');
  const queueLink = staffPage
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: /Review queue/ });
  await expect(queueLink).toHaveAccessibleName(/^Review queue \(\d+ unread messages?\)$/);
  await expectNoViolations(staffPage, 'queue with unread messages');
  await row.getByTestId('queue-unread').getByRole('link').click();
  await expect(staffPage).toHaveURL(new RegExp(`/admin/applications/${app.applicationId}#messages$`));
  const staffThread = thread(staffPage);
  await expect(staffThread.getByTestId('message')).toContainText('New');
  await expect(staffThread.getByTestId('message')).toContainText('Amara Okafor');
  await expect(staffThread.getByTestId('message-body')).toHaveText(`${SCRIPT} Hello, when is my interview?`);
  // The queue pages 25 at a time; other specs' applications may fill the first page.
  await staffPage.goto(`/admin/applications?q=${app.reference}`);
  await expect(staffPage.getByTestId('queue-row').filter({ hasText: app.reference })).toHaveCount(1);
  await expect(
    staffPage.getByTestId('queue-row').filter({ hasText: app.reference }).getByTestId('queue-unread'),
  ).toHaveText('None unread');

  // Staff reply with an attachment; nothing of a refused reply is stored.
  await staffPage.goto(`/admin/applications/${app.applicationId}#messages`);
  await send(staffPage, '   ');
  await expect(thread(staffPage).getByText('Write a message before sending it.')).toBeVisible();
  await expectNoViolations(staffPage, 'review screen with a refused message');
  await send(staffPage, 'Your interview is on Monday at 10:00. Details attached.', {
    name: 'interview.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes('interview'),
  });
  await expect(staffPage).toHaveURL(new RegExp(`/admin/applications/${app.applicationId}#messages$`));
  await expect(thread(staffPage).getByTestId('message')).toHaveCount(2);
  await expect(thread(staffPage).getByRole('link', { name: 'interview.pdf' })).toBeVisible();
  await expectNoViolations(staffPage, 'review screen with a thread');

  // The applicant sees the unread reply on the dashboard and in the header before opening it.
  await page.goto('/dashboard');
  // The header's account menu shows the count while closed, and on its Applications link.
  const accountMenu = page.getByRole('navigation', { name: 'Account' });
  await expect(accountMenu.locator('summary')).toContainText('(1 unread message)');
  await accountMenu.locator('summary').click();
  await expect(accountMenu.getByRole('link', { name: 'Applications (1 unread message)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New messages from admissions' })).toBeVisible();

  // The e-mail names no message text, only the link to the thread.
  const mail = await mailOfKind(app.email, 'new_message');
  expect(mail.subject).toContain(app.reference);
  expect(mail.text).toMatch(/The admissions team sent you a message on .+ UTC about your application/);
  expect(mail.text).not.toContain('interview is on Monday');
  const link = /https?:\/\/\S+#messages/.exec(mail.text)?.[0] ?? '';
  expect(new URL(link).pathname).toBe(`/applications/${app.applicationId}`);
  await page.goto(link);
  const reply = thread(page).getByTestId('message').filter({ hasText: 'Your interview is on Monday' });
  await expect(reply).toContainText('New');
  await expect(reply).toContainText('Admissions team');
  const attachment = reply.getByRole('link', { name: 'interview.pdf' });
  const file = await page.request.get((await attachment.getAttribute('href')) ?? '');
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // The header's account menu holds Applications (with the unread badge while any is unread).
  await page.getByRole('navigation', { name: 'Account' }).locator('summary').click();
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Applications' }),
  ).toHaveAccessibleName('Applications');
  await page.reload();
  await expect(thread(page).getByTestId('unread-badge')).toHaveCount(0);
  await expectNoViolations(page, 'applicant thread with a reply');
  await staffContext.close();
});

test('refused messages say why and store nothing', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(90_000);
  const app = await submittedApplication(context, baseURL);
  await page.goto(`/applications/${app.applicationId}#messages`);
  const form = thread(page).getByTestId('message-form');

  await send(page, ' \n ');
  await expect(form.getByText('Write a message before sending it.')).toBeVisible();
  await expect(form.getByRole('textbox')).toBeFocused();

  // The browser stops at 5000 characters; a request that goes around it is refused by the server.
  await form.getByRole('textbox').evaluate((element) => element.removeAttribute('maxlength'));
  await send(page, 'a'.repeat(5001));
  await expect(form.getByText('The message can be 5000 characters at most.')).toBeVisible();

  await send(page, 'Here are my notes.', {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(form.getByText(/This file cannot be attached: the content is not PDF/)).toBeVisible();
  await expect(form.getByRole('textbox')).toHaveValue('Here are my notes.');

  await send(page, 'A scan named as a page.', {
    name: 'scan.html.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes('scan'),
  });
  await expect(
    form.getByText('This file cannot be attached: The file name hides a second extension (.html).'),
  ).toBeVisible();

  await send(page, 'A huge scan.', {
    name: 'huge.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([pdfBytes('huge'), Buffer.alloc(10 * 1024 * 1024)]),
  });
  await expect(
    form.getByText(/This file cannot be attached: the file is 10\.0 MB; the limit is 10 MB\./),
  ).toBeVisible();
  await expectNoViolations(page, 'message form with a refused attachment');

  // The form posted at someone else's application (a forged id) finds nothing and stores nothing.
  const other = await submittedByNewApplicant(browser, baseURL);
  const token = await form.locator('input[name="csrf_token"]').inputValue();
  const forged = await page.request.post(`/applications/${other.applicationId}`, {
    headers: { origin: new URL(page.url()).origin },
    multipart: { csrf_token: token, body: 'Forged message' },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(404);
  const service = await serviceClient();
  const stored = await service
    .from('application_messages')
    .select('id')
    .in('application_id', [app.applicationId, other.applicationId]);
  expect(stored.data).toEqual([]);

  await page.goto(`/applications/${app.applicationId}`);
  await expect(thread(page)).toContainText('No messages yet');
  expect(await mailTo(app.email)).not.toContainEqual(expect.objectContaining({ kind: 'new_message' }));
});

test('a phone shows the thread, and too many messages answer 429 with a clear message', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const app = await submittedApplication(context, baseURL);
  const api = await userClient(app.email);
  for (let n = 1; n <= 10; n += 1) {
    const sent = await api.rpc('post_application_message', {
      application_id: app.applicationId,
      body: `Note ${n}`,
    });
    expect(sent.error).toBeNull();
  }
  await page.goto(`/applications/${app.applicationId}#messages`);
  await expect(thread(page).getByTestId('message')).toHaveCount(10);
  // The link from the e-mail lands on the heading, not under the sticky header.
  await expect
    .poll(async () => {
      const header = await page.locator('body > header, header.sticky').first().boundingBox();
      const heading = await thread(page).getByRole('heading', { name: 'Messages' }).boundingBox();
      return (heading?.y ?? 0) >= (header?.y ?? 0) + (header?.height ?? 0);
    })
    .toBe(true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const responses: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'POST') responses.push(response.status());
  });
  await send(page, 'One more thing.');
  await expect(thread(page).getByTestId('message-problem')).toHaveText(
    'You have sent many messages in a short time. Please wait a few minutes and try again.',
  );
  expect(responses).toEqual([429]);
  await expect(thread(page).getByRole('textbox')).toHaveValue('One more thing.');
  await expect(thread(page).getByTestId('message')).toHaveCount(10);
  await expectNoViolations(page, 'phone thread with the rate limit message');
});
