import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  completeFirstSteps,
  COURSE,
  draftThroughApi,
  hydrated,
  openIntakes,
  openReviewStep,
  serviceClient,
  signInNewApplicant,
  STACK_URL,
  STATEMENT,
  submitThroughApi,
  userClient,
} from './support.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('submission is refused with the missing documents, each leading to the step that fixes it', async ({
  page,
  context,
  baseURL,
}) => {
  await signInNewApplicant(context, baseURL ?? '');
  await page.goto(`/admission-application?course=${COURSE.id}`);
  await hydrated(page);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await completeFirstSteps(page);
  await page.getByLabel('Why do you want to study this course?').fill(STATEMENT);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByTestId('error-summary')).toContainText('Passport');
  // The statement was typed on the step before: the documents do not ask for it again as a file.
  await expect(page.getByTestId('error-summary')).not.toContainText('statement');
  await expect(page.getByRole('heading', { level: 3, name: /Passport/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /Personal statement/ })).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('button', { name: /Review and submit/ })
    .click();
  const problems = page.getByTestId('submit-problems');
  await expect(problems).toContainText('Documents is not complete');
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(problems).toContainText('Your application was not submitted');
  await expect(problems).toContainText('The passport document');
  await expect(problems).toBeFocused();
  await problems.getByRole('button', { name: 'Go to Documents' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeFocused();
  await page.goto('/applications');
  await expect(page.getByTestId('status-badge')).toHaveText('Draft');
});

test('an intake takes one application: a second submission names the first, and "Apply now" opens it once every intake is applied to', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const applicant = await signInNewApplicant(context, baseURL ?? '');
  const client = await userClient(applicant.email);
  const intakes = await openIntakes(client);
  expect(intakes.length).toBeGreaterThan(0);
  const [first, ...rest] = intakes;
  const firstApp = await submitThroughApi(applicant.email, applicant.id, undefined, first?.id);

  // A draft on the same intake, complete, made before the rule could stop it: submitting it is refused.
  const again = await draftThroughApi(client, applicant.id, STACK_URL, first?.id ?? '');
  await openReviewStep(page, again.id);
  await page.getByRole('button', { name: 'Submit application' }).click();
  const problems = page.getByTestId('submit-problems');
  const { data: submitted } = await client
    .from('applications')
    .select('reference')
    .eq('id', firstApp.id)
    .single();
  const reference = (submitted as { reference: string }).reference;
  await expect(problems).toContainText(
    `You have already applied to this course for ${first?.term}: application ${reference}.`,
  );
  await expect(problems).toBeFocused();
  await problems.getByRole('button', { name: 'Go to Course and intake' }).click();
  await expect(page.getByRole('radio', { name: new RegExp(first?.term ?? '') })).toBeChecked();
  await client.from('applications').delete().eq('id', again.id);

  // Every other open intake applied to as well: "Apply now" opens the latest application and says so.
  let latest = firstApp.id;
  for (const intake of rest)
    latest = (await submitThroughApi(applicant.email, applicant.id, undefined, intake.id)).id;
  await page.goto(`/courses/${COURSE.slug}`);
  await page.getByRole('link', { name: 'Apply now' }).click();
  await expect(page).toHaveURL(new RegExp(`/applications/${latest}$`));
  const toasts = page.getByRole('status', { name: 'Notifications' });
  await expect(toasts).toContainText('Already applied');
  await expect(toasts).toContainText('You have already applied to this course');
  await page.goto('/applications');
  await expect(page.getByTestId('status-badge')).toHaveCount(intakes.length);
});

test('the review step warns of unmet entry requirements, by the rules Discover uses, and asks before submitting anyway', async ({
  page,
  context,
  baseURL,
}) => {
  const applicant = await signInNewApplicant(context, baseURL ?? '');
  const service = await serviceClient();
  const { data: course } = await service
    .from('courses')
    .select('id')
    .eq('required_prior_level', 'bachelor')
    .not('min_ielts', 'is', null)
    .eq('published', true)
    .limit(1)
    .single();
  const courseId = (course as { id: string }).id;
  const { data: intake } = await service
    .from('intakes')
    .select('id')
    .eq('course_id', courseId)
    .eq('status', 'open')
    .limit(1)
    .single();
  const client = await userClient(applicant.email);
  const school = {
    institution: 'Kings College Lagos',
    qualification: 'WAEC',
    start_year: '2017',
    end_year: '2023',
  };
  const { data: draft } = await client
    .from('applications')
    .insert({
      course_id: courseId,
      intake_id: (intake as { id: string }).id,
      answers: {
        personal: { full_name: 'Amara Okafor', date_of_birth: '2004-03-14', nationality: 'NG' },
        academic: [{ ...school, grade: 'B', level: 'secondary' }],
        english_test: { test: 'ielts', score: '5', taken_on: '2025-05-01' },
        statement: STATEMENT,
      },
    })
    .select('id')
    .single();
  await openReviewStep(page, (draft as { id: string }).id);
  const warning = page.getByTestId('entry-warning');
  await expect(warning).toContainText('You may not meet this course’s entry requirements');
  await expect(warning).toContainText('Needs a bachelor’s degree — you have secondary school.');
  await expect(warning).toContainText(/Needs IELTS [\d.]+ — you have 5\.0\./);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);

  // Submitting asks first; nothing is sent until the applicant says they want to go ahead.
  await page.getByRole('button', { name: 'Submit application' }).click();
  const override = page.getByRole('checkbox', { name: /submit anyway/ });
  await expect(override).toBeFocused();
  await expect(page.getByText('Tick the box to submit anyway, or correct your answers first.')).toBeVisible();
  await override.check();
  await page.getByRole('button', { name: 'Submit application' }).click();
  // The database still has the last word: documents are missing, so nothing is submitted.
  await expect(page.getByTestId('submit-problems')).toContainText('Your application was not submitted');
});
