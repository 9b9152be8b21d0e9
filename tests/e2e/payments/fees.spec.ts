import { expect, test, type Page } from '@playwright/test';
import {
  COURSE,
  STACK_URL,
  draftThroughApi,
  openReviewStep,
  reviewAndVerify,
  serviceClient,
  signInNewApplicant,
  staffClient,
  userClient,
  versionOf,
} from '../applications/support.ts';
import { expectNoViolations, signInStaff } from '../admin/support.ts';
import { mailOfKind } from '../admin/decision-support.ts';
import { feeIntake, invoicesOf } from './support.ts';

test.describe.configure({ mode: 'serial' });

// One fee covering every choice, set for these journeys and put back after; it applies only to
// applications with a charged choice, and only these journeys' intakes charge one.
test.beforeAll(async () => {
  const service = await serviceClient();
  await service
    .from('admissions_settings')
    .update({ cycle_fee_minor: 2850, cycle_fee_currency: 'GBP' })
    .eq('id', true);
});
test.afterAll(async () => {
  const service = await serviceClient();
  await service
    .from('admissions_settings')
    .update({ cycle_fee_minor: null, cycle_fee_currency: null })
    .eq('id', true);
});

test('three choices submitted at once pay one fee by bank transfer, which staff record; until then the review waits', async ({
  browser,
  context,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const service = await serviceClient();
  const intakes = [
    await feeIntake(COURSE.id, 1500),
    await feeIntake(COURSE.id, 1500),
    await feeIntake(COURSE.id, 1500),
  ];
  const me = await signInNewApplicant(context, baseURL ?? '');
  const client = await userClient(me.email);
  const first = (await draftThroughApi(client, me.id, STACK_URL, intakes[0] ?? '')).id;
  for (const intake of intakes.slice(1)) {
    expect((await client.rpc('add_choice', { application_id: first, intake_id: intake })).error).toBeNull();
  }
  await openReviewStep(page, first);
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL(/\/receipt$/);

  // One invoice, one line, for all three; submitted on time while it is outstanding.
  const [invoice, ...others] = await invoicesOf(service, me.id, 'application_fee');
  expect(others).toHaveLength(0);
  expect(invoice).toMatchObject({ amount_minor: 2850, state: 'due' });
  expect((await mailOfKind(me.email, 'fee_due')).text).toContain(`GBP 28.50 is due`);
  const { data: choices } = await service
    .from('applications')
    .select('id, status, submitted_at')
    .eq('group_id', first);
  expect(choices?.map((choice) => choice.status)).toEqual(['submitted', 'submitted', 'submitted']);

  await page.goto('/applications');
  await expect(page.getByTestId('fee-line')).toHaveCount(3);
  await expect(page.getByTestId('fee-line').first()).toContainText('Awaiting payment: GBP 28.50');
  await page.goto(`/applications/${first}/fees`);
  await expect(page.getByTestId('invoice')).toContainText(
    'Application fee, covering every choice of this application',
  );
  await expect(page.getByTestId('bank-details')).toContainText(invoice?.reference ?? 'none');
  await expectNoViolations(page, 'fees page with the application fee due');

  // The review waits for the money.
  const staff = await staffClient();
  const early = await staff.rpc('transition_application', {
    application_id: first,
    to_status: 'under_review',
    expected_version: await versionOf(staff, first),
  });
  expect(early.error?.message).toContain('This application is awaiting payment');

  // Staff see the transfer in the bank and record it.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInStaff(staffContext, baseURL, 'counsellor');
  await staffPage.goto(`/admin/payments/${invoice?.id ?? ''}`);
  await expect(staffPage.getByRole('main')).toContainText(/ · due \d{1,2} \w{3} \d{4}/);
  await recordReceipt(staffPage, '28.50');
  await staffContext.close();

  expect((await mailOfKind(me.email, 'payment_received')).text).toContain('GBP 28.50');
  await page.reload();
  await expect(page.getByTestId('invoice-state')).toHaveText('Paid');
  await reviewAndVerify(staff, first);
  const { data: reviewed } = await service.from('applications').select('status').eq('id', first).single();
  expect((reviewed as { status: string }).status).toBe('under_review');
});

test('an applicant asks for the fee to be waived, with a reason, and staff grant it', async ({
  browser,
  context,
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const service = await serviceClient();
  const me = await signInNewApplicant(context, baseURL ?? '');
  const client = await userClient(me.email);
  const app = (await draftThroughApi(client, me.id, STACK_URL, await feeIntake(COURSE.id, 1500))).id;
  expect((await client.rpc('submit_choices', { application_id: app })).error).toBeNull();

  await page.goto(`/applications/${app}/fees`);
  const invoice = page.getByTestId('invoice');
  await invoice.getByText('Ask for the fee to be waived').click();
  // A made-up code is refused and nothing is lost.
  await invoice.getByLabel(/Waiver code/).fill('NOT-A-CODE');
  await invoice
    .getByLabel('Or tell admissions why you ask')
    .fill('My family receives income support this year.');
  await invoice.getByRole('button', { name: 'Ask for a waiver' }).click();
  await expect(page.getByRole('alert').first()).toContainText('That code is not one we know');
  await expect(page.getByLabel('Or tell admissions why you ask')).toHaveValue(
    'My family receives income support this year.',
  );
  await page.getByLabel(/Waiver code/).fill('');
  await page.getByRole('button', { name: 'Ask for a waiver' }).click();
  await expect(page.getByTestId('waiver')).toContainText('admissions will answer by e-mail');
  await expectNoViolations(page, 'fees page with a waiver asked');

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInStaff(staffContext, baseURL, 'counsellor');
  const [fee] = await invoicesOf(service, me.id, 'application_fee');
  await staffPage.goto(`/admin/payments/${fee?.id ?? ''}`);
  await grantWaiver(staffPage, 'Income support: the fee is waived.');
  await staffContext.close();

  expect((await mailOfKind(me.email, 'fee_waiver_decided')).text).toContain('was granted');
  await page.reload();
  await expect(page.getByTestId('invoice-state')).toHaveText('Waived');
  await expect(page.getByTestId('outstanding')).toHaveText('GBP 0.00');
});

/** Staff record money received on the invoice page. */
async function recordReceipt(page: Page, amount: string): Promise<void> {
  const form = page.getByTestId('record-payment');
  await form.getByLabel('Amount').fill(amount);
  await form.getByRole('button', { name: /Record/ }).click();
  await expect(page.getByTestId('ledger')).toContainText('28.50');
}

/** Staff grant the waiver request on the invoice page. */
async function grantWaiver(page: Page, reason: string): Promise<void> {
  const form = page.getByTestId('waiver-decision').first();
  await form.getByLabel(/Reason/).fill(reason);
  await form.getByRole('button', { name: /Grant/ }).click();
  await expect(page.getByText(/granted/i).first()).toBeVisible();
}
