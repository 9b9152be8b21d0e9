import { expect, test } from '@playwright/test';
import {
  COURSE,
  decide,
  draftThroughApi,
  hydrated,
  openIntakes,
  openReviewStep,
  reviewAndVerify,
  signInNewApplicant,
  STACK_URL,
  staffClient,
  submitThroughApi,
  userClient,
} from '../applications/support.ts';
import { expectNoViolations, noHorizontalScroll, serviceClient, signInStaff } from '../admin/support.ts';
import { openIntake } from '../admin/intake-support.ts';
import { mailOfKind } from '../admin/decision-support.ts';

test('an applicant adds two choices, submits all three at once, accepts the first offer and lets the others go; the waiting list hears of the freed place', async ({
  browser,
  context,
  page,
  baseURL,
}) => {
  const applicant = await signInNewApplicant(context, baseURL ?? '');
  const client = await userClient(applicant.email);
  const [first] = await openIntakes(client);
  const a = (await draftThroughApi(client, applicant.id, STACK_URL, first?.id ?? '')).id;
  const service = await serviceClient();
  const rolling = { capacity: null, releaseMode: 'rolling' } as const;
  const [intakeB, intakeC] = [
    await openIntake(service, COURSE, rolling),
    await openIntake(service, COURSE, rolling),
  ];

  await page.goto(`/applications/${a}/choices`);
  for (const intake of [intakeB, intakeC]) {
    await page.getByLabel('Course or university').fill(COURSE.title);
    await page.getByRole('button', { name: 'Find intakes' }).click();
    await page
      .getByRole('button', { name: `Add ${COURSE.title}, Ashcombe University, ${intake.term}, as a choice` })
      .click();
    await expect(page.getByTestId('choice').filter({ hasText: intake.term })).toBeVisible();
  }

  await openReviewStep(page, a);
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL(/\/receipt$/);

  await page.goto(`/applications/${a}/choices`);
  const choices = page.getByTestId('choice');
  await expect(choices).toHaveCount(3);
  await expect(choices.getByTestId('status-badge')).toHaveText(['Submitted', 'Submitted', 'Submitted']);
  await expectNoViolations(page, 'choices page, three submitted');
  await page.setViewportSize({ width: 390, height: 844 });
  await noHorizontalScroll(page);

  const { data: rows } = await service.from('applications').select('id, intake_id').eq('group_id', a);
  const idOn = (intakeId: string) => rows?.find((row) => row.intake_id === intakeId)?.id as string;
  const [b, c] = [idOn(intakeB.id), idOn(intakeC.id)];
  const staff = await staffClient();
  for (const id of [a, b]) {
    await reviewAndVerify(staff, id);
    await decide(staff, id, 'offer_unconditional');
  }
  const waitingContext = await browser.newContext();
  const waiting = await signInNewApplicant(waitingContext, baseURL ?? '');
  await waitingContext.close();
  const waitingId = (await submitThroughApi(waiting.email, waiting.id, undefined, intakeB.id)).id;
  await reviewAndVerify(staff, waitingId);
  await decide(staff, waitingId, 'waitlisted');

  await page.goto(`/applications/${a}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Accept offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept this offer?' });
  await expect(dialog.getByTestId('let-go').getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Accept offer' }).click();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Offer accepted');

  await page.goto(`/applications/${a}/choices`);
  await expect(choices.getByTestId('status-badge')).toHaveText([
    'Offer accepted',
    'Offer declined',
    'Withdrawn',
  ]);
  expect((await mailOfKind(applicant.email, 'offer_accepted')).text).toContain(
    'Your other choices were let go',
  );
  const { data: alerts } = await service
    .from('place_alerts')
    .select('to_status')
    .eq('intake_id', intakeB.id)
    .eq('application_id', b);
  expect(alerts).toEqual([{ to_status: 'declined' }]);

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInStaff(staffContext, baseURL);
  await staffPage.goto(`/admin/applications/${a}`);
  const panel = staffPage.getByTestId('staff-choices');
  await expect(panel.getByRole('listitem')).toHaveCount(3);
  const others = panel.getByRole('link', { name: COURSE.title });
  await expect(others).toHaveCount(2);
  expect(await others.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
    `/admin/applications/${b}`,
    `/admin/applications/${c}`,
  ]);
  await staffContext.close();
});
