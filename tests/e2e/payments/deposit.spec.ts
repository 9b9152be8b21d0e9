import { expect, test } from '@playwright/test';
import {
  STACK_URL,
  decide,
  draftThroughApi,
  reviewAndVerify,
  serviceClient,
  signInNewApplicant,
  staffClient,
  userClient,
} from '../applications/support.ts';
import { expectNoViolations, noHorizontalScroll } from '../admin/support.ts';
import { mailOfKind, mailTo } from '../admin/decision-support.ts';
import { depositCourse, invoicesOf } from './support.ts';

/** One more applicant on the intake, submitted and decided as staff decide. */
async function decidedApplicant(
  staff: Awaited<ReturnType<typeof staffClient>>,
  course: { courseId: string; intakeId: string },
  outcome: string,
) {
  const service = await serviceClient();
  const email = `deposit-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const created = await service.auth.admin.createUser({
    email,
    password: 'applicant password 2026',
    email_confirm: true,
  });
  const id = created.data.user?.id ?? '';
  const client = await userClient(email);
  const app = await draftThroughApi(client, id, STACK_URL, course.intakeId, course.courseId);
  const submitted = await client.rpc('submit_choices', { application_id: app.id });
  if (submitted.error) throw new Error(`submit failed: ${submitted.error.message}`);
  await reviewAndVerify(staff, app.id);
  await decide(staff, app.id, outcome);
  return { email, id, applicationId: app.id, client };
}

test('a deposit holds a place: one paid through the test provider, one reminded and lapsing to the waiting list', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const service = await serviceClient();
  const staff = await staffClient();
  const course = await depositCourse(50_000, 14);
  await service.from('intakes').update({ capacity: 2 }).eq('id', course.intakeId);

  // The applicant in the browser: an offer, accepted, raises the deposit invoice.
  const me = await signInNewApplicant(context, baseURL ?? '');
  const mine = await draftThroughApi(
    await userClient(me.email),
    me.id,
    STACK_URL,
    course.intakeId,
    course.courseId,
  );
  const client = await userClient(me.email);
  expect((await client.rpc('submit_choices', { application_id: mine.id })).error).toBeNull();
  await reviewAndVerify(staff, mine.id);
  await decide(staff, mine.id, 'offer_unconditional');
  expect((await client.rpc('respond_to_offer', { application_id: mine.id, accept: true })).error).toBeNull();
  expect((await mailOfKind(me.email, 'deposit_due')).text).toContain('GBP 500.00');

  await page.goto('/applications');
  const line = page.getByTestId('fee-line');
  await expect(line).toContainText('Deposit due: GBP 500.00');
  await line.getByRole('link', { name: 'Pay the deposit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fees and deposits' })).toBeVisible();
  const invoice = page.getByTestId('invoice');
  await expect(invoice.getByTestId('invoice-state')).toHaveText('Awaiting payment');
  await expect(invoice.getByTestId('bank-details')).toContainText('GB33BUKB20201555555555');
  await expect(invoice).toContainText('Your place is held until then');
  await expectNoViolations(page, 'fees page with a deposit due');
  const pdf = await page.request.get(
    (await invoice.getByRole('link', { name: /Download invoice/ }).getAttribute('href')) ?? '',
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await invoice.getByRole('button', { name: 'Pay GBP 500.00: Test payment (no real money)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Test payment' })).toBeVisible();
  await expectNoViolations(page, 'test provider page');
  await page.getByRole('button', { name: 'Complete the payment' }).click();
  await expect(page.getByTestId('invoice-state')).toHaveText('Paid');
  await expect(page.getByTestId('outstanding')).toHaveText('GBP 0.00');
  expect((await mailOfKind(me.email, 'payment_received')).text).toContain('GBP 500.00');
  await page.setViewportSize({ width: 390, height: 844 });
  await noHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('fees-phone.png'), fullPage: true });

  // A second place, accepted and never paid; someone waits for it.
  const late = await decidedApplicant(staff, course, 'offer_unconditional');
  expect(
    (await late.client.rpc('respond_to_offer', { application_id: late.applicationId, accept: true })).error,
  ).toBeNull();
  const waiting = await decidedApplicant(staff, course, 'waitlisted');
  const [deposit] = await invoicesOf(service, late.id, 'deposit');
  expect(deposit?.state).toBe('due');
  // The hourly job runs as if on a given day: invoices are never rewritten, not even by the service.
  const daysFromDue = (days: number) =>
    new Date(Date.parse(`${deposit?.due_on ?? ''}T12:00:00Z`) + days * 86_400_000).toISOString();

  // Three days before: one reminder, however often the job runs.
  expect((await service.rpc('settle_due_invoices', { now: daysFromDue(-3) })).error).toBeNull();
  expect((await service.rpc('settle_due_invoices', { now: daysFromDue(-3) })).error).toBeNull();
  expect((await mailOfKind(late.email, 'deposit_reminder')).text).toContain('in 3 days');
  expect((await mailTo(late.email)).filter((mail) => mail.kind === 'deposit_reminder')).toHaveLength(1);

  // Past the deadline: the offer lapses, the letter goes, the place reaches the waiting list.
  const { data: lapsed, error } = await service.rpc('settle_due_invoices', { now: daysFromDue(1) });
  expect(error).toBeNull();
  expect(lapsed).toBeGreaterThanOrEqual(1);
  const { data: after } = await service
    .from('applications')
    .select('status')
    .eq('id', late.applicationId)
    .single();
  expect((after as { status: string }).status).toBe('expired');
  expect((await mailOfKind(late.email, 'deposit_lapsed')).text).toContain('the offer has lapsed');
  const { count } = await service
    .from('place_alerts')
    .select('id', { count: 'exact', head: true })
    .eq('application_id', late.applicationId);
  expect(count).toBe(1);
  // The paid deposit stays: that place is still held.
  const { data: kept } = await service.from('applications').select('status').eq('id', mine.id).single();
  expect((kept as { status: string }).status).toBe('accepted');
  expect(waiting.applicationId).toBeTruthy();
});
