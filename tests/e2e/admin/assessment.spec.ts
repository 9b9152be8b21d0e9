import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { userClient } from '../applications/support.ts';
import { decisionsOn, expectMail, mailSubjects, underReview } from './bulk-support.ts';
import {
  expectNoViolations,
  noHorizontalScroll,
  refreshBrowserSession,
  serviceClient,
  signInStaff,
  submittedApplication,
  submittedByNewApplicant,
} from './support.ts';

// The reader pool is shared by the whole stack: these journeys run one after the other, and each
// takes its readers out of the pool again at the end.
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env['E2E_SCREENSHOTS'];

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A counsellor who also reads, signed in in `context`. */
async function signInReader(context: BrowserContext, baseURL: string | undefined) {
  const user = await signInStaff(context, baseURL, 'counsellor');
  const service = await serviceClient();
  const granted = await service.from('user_roles').insert({ user_id: user.id, role: 'reader' });
  if (granted.error) throw new Error(`reader role failed: ${granted.error.message}`);
  await refreshBrowserSession(context, baseURL ?? '');
  return user;
}

async function leavePool(ids: string[]) {
  const service = await serviceClient();
  await service.from('user_roles').delete().eq('role', 'reader').in('user_id', ids);
}

async function openRead(page: Page, reference: string) {
  await page.goto('/admin/reads');
  await page.getByTestId('open-reads').getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Read of ${reference}`);
}

async function score(page: Page, levels: Record<string, string>) {
  for (const [criterion, level] of Object.entries(levels))
    await page.getByTestId(`criterion-${criterion}`).getByRole('radio', { name: level }).check();
}

test('a scoresheet is defined and two readers score on it, one without JavaScript, each blind to the other until they send', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await signInStaff(page.context(), baseURL, 'admin');
  await page.goto('/admin/scoresheets');
  await expect(page.getByTestId('scoresheets')).toContainText('No scoresheet yet');
  const form = page.getByRole('region', { name: 'New scoresheet' });
  await form.getByLabel('Scoresheet name').fill('Reading applications');
  const first = form.getByRole('group', { name: 'Criterion 1' });
  await first.getByLabel('Criterion name').fill('Academic record');
  await first.getByLabel('Weight').fill('2');
  await first.getByLabel('What each level means').fill('Weak\nFair\nGood\nVery good\nExcellent');
  await first.getByLabel('Readers may comment').check();
  const second = form.getByRole('group', { name: 'Criterion 2' });
  await second.getByLabel('Criterion name').fill('Motivation');
  await second.getByLabel('What each level means').fill('None\nSome\nClear\nStrong\nExceptional');
  await expectNoViolations(page, 'new scoresheet');
  await form.getByRole('button', { name: 'Create scoresheet' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reading applications');
  await expect(page.getByText('Scoresheet created.')).toBeVisible();
  await expectNoViolations(page, 'scoresheet');

  const firstReader = await browser.newContext();
  // The second reader's browser runs no JavaScript: scoring and sending are plain forms.
  const secondReader = await browser.newContext({ javaScriptEnabled: false });
  const one = await signInReader(firstReader, baseURL);
  const two = await signInReader(secondReader, baseURL);
  try {
    const application = await submittedByNewApplicant(browser, baseURL);
    const pageOne = await firstReader.newPage();
    const pageTwo = await secondReader.newPage();

    // The first reader scores part of it and saves a draft, which survives a reload.
    await openRead(pageOne, application.reference);
    await expect(pageOne.getByTestId('other-reads')).toContainText('Hidden until you send your read');
    await score(pageOne, { academic_record: '5 · Excellent' });
    await pageOne.getByLabel('Comment on Academic record').fill('Top marks throughout.');
    await pageOne.getByRole('button', { name: 'Save draft' }).click();
    await expect(pageOne.getByText('Draft saved.')).toBeVisible();
    await pageOne.reload();
    await expect(
      pageOne.getByTestId('criterion-academic_record').getByRole('radio', { name: '5 · Excellent' }),
    ).toBeChecked();
    await expect(pageOne.getByLabel('Comment on Academic record')).toHaveValue('Top marks throughout.');
    await expectNoViolations(pageOne, 'read, draft');
    await shot(pageOne, 'read-draft');

    // A second tab of the same read, opened before a save in the first, is refused once as stale;
    // the form it keeps then saves.
    const tabTwo = await firstReader.newPage();
    await openRead(tabTwo, application.reference);
    await pageOne.getByRole('button', { name: 'Save draft' }).click();
    await expect(pageOne.getByText('Draft saved.')).toBeVisible();
    await tabTwo.getByRole('button', { name: 'Save draft' }).click();
    await expect(tabTwo.getByTestId('read-form').getByRole('alert')).toContainText(
      'This read changed in another tab',
    );
    await tabTwo.getByRole('button', { name: 'Save draft' }).click();
    await expect(tabTwo.getByText('Draft saved.')).toBeVisible();
    await tabTwo.close();
    await pageOne.reload();

    // The second reader sends first, and still sees no draft of the first.
    await openRead(pageTwo, application.reference);
    await score(pageTwo, { academic_record: '2 · Fair', motivation: '1 · None' });
    await pageTwo.getByRole('radio', { name: 'Do not recommend' }).check();
    await pageTwo.getByRole('button', { name: 'Send read' }).click();
    await expect(pageTwo.getByTestId('read-form').getByRole('alert')).toContainText(
      'Tick “I have finished this read”',
    );
    await pageTwo.getByLabel('I have finished this read').check();
    await pageTwo.getByRole('button', { name: 'Send read' }).click();
    await expect(pageTwo.getByRole('heading', { name: 'Your read' })).toBeVisible();
    await expect(pageTwo.getByTestId('read-form')).toHaveCount(0);
    await expect(pageTwo.getByTestId('other-reads')).toContainText('No other read has been sent yet.');
    await expect(pageTwo.getByTestId('read-card').first()).toContainText('total 16.7 of 100');

    // The first reader, their read still open, sees neither the second read nor the totals.
    await pageOne.reload();
    await expect(pageOne.getByTestId('other-reads')).toContainText('Hidden until you send your read');
    await expect(pageOne.getByTestId('read-results')).toContainText('hidden until you send your own read');
    await expect(pageOne.getByTestId('read-results')).toContainText('Reads complete 1/2');
    await score(pageOne, { motivation: '4 · Strong' });
    await pageOne.getByRole('radio', { name: 'Strongly recommend' }).check();
    await pageOne.getByLabel('I have finished this read').check();
    await pageOne.getByRole('button', { name: 'Send read' }).click();
    await expect(pageOne.getByText('Read sent.')).toBeVisible();
    const others = pageOne.getByTestId('other-reads');
    await expect(others.getByTestId('read-card')).toHaveCount(1);
    await expect(others).toContainText('total 16.7 of 100');
    await expect(pageOne.getByTestId('read-results')).toContainText('Reads complete 2/2');
    await expect(pageOne.getByTestId('read-results')).toContainText('Readers disagree');
    await shot(pageOne, 'read-sent');

    // The administrator sees both reads on the application, with the results.
    await page.goto(`/admin/applications/${application.applicationId}`);
    const panel = page.getByTestId('reads-panel');
    await expect(panel.getByTestId('read-card')).toHaveCount(2);
    await expect(panel.getByTestId('read-results')).toContainText('Mean total 54.2 of 100');
    await expectNoViolations(page, 'application with reads');

    // On a phone, the queue and the read fit the screen.
    await pageOne.setViewportSize({ width: 390, height: 844 });
    await pageOne.goto('/admin/reads');
    await expect(pageOne.getByRole('heading', { name: /Sent \(\d+\)/ })).toBeVisible();
    await noHorizontalScroll(pageOne);
    await expectNoViolations(pageOne, 'my reads');
    await shot(pageOne, 'my-reads-phone');
    void admin;
  } finally {
    await leavePool([one.id, two.id]);
    await firstReader.close();
    await secondReader.close();
  }
});

/** A read sent through the API by the reader signed in as `email`, every criterion at `level`. */
async function sendThroughApi(email: string, applicationId: string, level: number) {
  const client = await userClient(email);
  const { data: user } = await client.auth.getUser();
  const { data: read } = await client
    .from('application_reads')
    .select('id, version')
    .eq('application_id', applicationId)
    .eq('reader_id', user.user?.id ?? '')
    .single();
  const { error } = await client.rpc('save_read', {
    read_id: (read as { id: string }).id,
    expected_version: (read as { version: number }).version,
    scores: { academic_record: level, motivation: level },
    comments: {},
    recommendation: level >= 3 ? 'recommend' : 'do_not_recommend',
    overall_comment: '',
    send: true,
  });
  if (error) throw new Error(`sending the read failed: ${error.message}`);
}

test('assignment keeps to caps and conflicts; a disagreement gets a third read; the ranking feeds a bulk decision', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await signInStaff(page.context(), baseURL, 'admin');
  const contexts = [await browser.newContext(), await browser.newContext(), await browser.newContext()];
  const capped = await signInReader(contexts[0]!, baseURL);
  const free = await signInReader(contexts[1]!, baseURL);
  const other = await signInReader(contexts[2]!, baseURL);
  const conflicted = await signInReader(await browser.newContext(), baseURL);
  const service = await serviceClient();
  await service.from('reader_settings').insert({ reader_id: capped.id, max_open_reads: 0 });
  // Every e2e applicant went to this school: the conflicted reader is never given one.
  await service
    .from('reader_conflicts')
    .insert({ reader_id: conflicted.id, school: 'Kings College Lagos', reason: 'Former teacher' });
  const everyone = [capped.id, free.id, other.id, conflicted.id];
  try {
    const application = await underReview(browser, baseURL, 'Committee Candidate');
    await page.goto(`/admin/applications/${application.applicationId}`);
    const panel = page.getByTestId('reads-panel');
    await expect(panel.getByTestId('read-card')).toHaveCount(2);
    const readBy = (email: string) => panel.getByTestId('read-card').filter({ hasText: email });
    await expect(readBy(free.email)).toHaveCount(1);
    await expect(readBy(other.email)).toHaveCount(1);
    await expect(readBy(capped.email)).toHaveCount(0);
    await expect(readBy(conflicted.email)).toHaveCount(0);

    // The two readers disagree: 100 and 0.
    await sendThroughApi(free.email, application.applicationId, 5);
    await sendThroughApi(other.email, application.applicationId, 1);
    await page.reload();
    await expect(panel.getByTestId('read-results')).toContainText('Readers disagree');
    await panel.getByRole('button', { name: 'Ask for another read' }).click();
    await expect(panel.getByRole('alert')).toContainText('No reader is free to read this application');

    // The administrator raises the capped reader's cap; the third read goes to them.
    await page.goto('/admin/readers');
    const row = page.getByTestId('reader-row').filter({ hasText: capped.email });
    await row.getByRole('textbox', { name: /Cap on open reads/ }).fill('5');
    await row.getByRole('button', { name: /Save/ }).click();
    await expect(page.getByText('Reader saved.')).toBeVisible();
    await expectNoViolations(page, 'readers');
    await page.goto(`/admin/applications/${application.applicationId}`);
    await panel.getByRole('button', { name: 'Ask for another read' }).click();
    await expect(page.getByText('Another read was assigned.')).toBeVisible();
    await expect(panel.getByTestId('read-card')).toHaveCount(3);
    await expect(readBy(capped.email)).toHaveCount(1);
    await sendThroughApi(capped.email, application.applicationId, 3);
    await page.reload();
    await expect(panel.getByTestId('read-results')).toContainText('Reads complete 3/3');
    await expect(panel.getByTestId('read-results')).toContainText('Mean total 50 of 100');

    // The ranking of the intake lists it, and a waiting-list decision goes through the bulk flow.
    const { data: intake } = await service
      .from('applications')
      .select('intake_id')
      .eq('id', application.applicationId)
      .single();
    await page.goto(`/admin-intake/${(intake as { intake_id: string }).intake_id}/ranking`);
    await expect(page.getByTestId('committee-places')).toContainText('Places left');
    const ranked = page.getByTestId('ranked-row').filter({ hasText: application.reference });
    await expect(ranked).toContainText('3/3');
    await expect(ranked).toContainText('50');
    await expectNoViolations(page, 'ranking');
    await page
      .getByRole('checkbox', { name: `Select ${application.reference}, Committee Candidate` })
      .check();
    await page.getByLabel('Decision', { exact: true }).selectOption({ label: 'Waitlist' });
    await page.getByRole('button', { name: 'Preview the decision' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check before you confirm');
    await page.getByRole('button', { name: /Make 1 decision/ }).click();
    await expect(page.getByTestId('bulk-results-summary')).toHaveText('1 done, 0 refused.');
    expect((await decisionsOn([application.applicationId])).map((decision) => decision.outcome)).toEqual([
      'waitlisted',
    ]);

    // Submitted while every reader was paused, an application gets its readers in bulk from the queue.
    const pause = (paused: boolean) =>
      service.from('reader_settings').upsert(
        everyone.map((reader_id) => ({ reader_id, paused })),
        { onConflict: 'reader_id' },
      );
    await pause(true);
    const waiting = await underReview(browser, baseURL, 'Queue Readers Candidate');
    await pause(false);
    await page.goto('/admin/applications?q=Queue%20Readers%20Candidate');
    await page
      .getByRole('checkbox', { name: `Select ${waiting.reference}, Queue Readers Candidate` })
      .check();
    await page.getByRole('button', { name: 'Preview the reader assignment' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check before you confirm');
    await expect(page.getByTestId('bulk-row').filter({ hasText: waiting.reference })).toContainText(
      'Give it 2 readers.',
    );
    await page.getByRole('button', { name: 'Assign readers to 1 application' }).click();
    await expect(page.getByTestId('bulk-row').filter({ hasText: waiting.reference })).toContainText(
      '2 readers assigned.',
    );
  } finally {
    await leavePool(everyone);
    await Promise.all(contexts.map((context) => context.close()));
  }
});

test('an applicant is invited to interview, books on a phone, moves it, and the interviewer scores it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const interviewer = await signInStaff(page.context(), baseURL, 'admin');
  const admin = await userClient(interviewer.email);
  const sheet = await admin.rpc('save_scoresheet', {
    scoresheet_id: null,
    expected_version: 1,
    purpose: 'interview',
    course_id: null,
    intake_id: null,
    name: 'Interview',
    criteria: [
      {
        key: 'communication',
        label: 'Communication',
        weight: 1,
        min: 1,
        max: 5,
        levels: ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'],
      },
    ],
  });
  if (sheet.error) throw new Error(`interview scoresheet failed: ${sheet.error.message}`);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Tokyo' });
  const applicantPage = await phone.newPage();
  const application = await submittedApplication(phone, baseURL);
  const service = await serviceClient();
  const { data: row } = await service
    .from('applications')
    .select('intake_id')
    .eq('id', application.applicationId)
    .single();
  const intakeId = (row as { intake_id: string }).intake_id;

  // Staff offer two times and invite the applicant from the ranking.
  await page.goto(`/admin-intake/${intakeId}/interviews`);
  const day = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Day').fill(day);
  await page.getByLabel('Start times').fill('09:00, 10:00');
  await page.getByLabel('Time zone of these times').selectOption('Europe/London');
  await page.getByLabel('Place, or the online link').fill('Room 4, Main Building');
  await page.getByLabel('Interviewer').selectOption({ label: interviewer.email });
  await page.getByRole('button', { name: 'Add the times' }).click();
  await expect(page.getByText('2 interview times added.')).toBeVisible();
  await expectNoViolations(page, 'interview times');
  await page.goto(`/admin-intake/${intakeId}/ranking?reads=all`);
  await page.getByRole('checkbox', { name: new RegExp(`Select ${application.reference}`) }).check();
  await page.getByRole('button', { name: 'Invite the selected to interview' }).click();
  await expect(page.getByText('1 applicant invited to interview')).toBeVisible();
  await expectMail(
    application.email,
    'Book your interview for International Foundation Year in Architecture',
  );

  // On a phone, in Tokyo, the applicant books 09:00 London time, then moves to 10:00.
  await applicantPage.goto(`/applications/${application.applicationId}`);
  await applicantPage.getByTestId('interview-callout').getByRole('link', { name: 'Choose a time' }).click();
  await expect(applicantPage.getByRole('heading', { level: 1 })).toHaveText('Your interview');
  const times = applicantPage.getByTestId('interview-times');
  await expect(times.getByRole('listitem')).toHaveCount(2);
  await expect(times.getByRole('listitem').first()).toContainText('09:00 (Europe/London)');
  await expect(times.getByRole('listitem').first()).toContainText('(your time)');
  await noHorizontalScroll(applicantPage);
  await expectNoViolations(applicantPage, 'interview times, phone');
  await times.getByRole('listitem').first().getByRole('button', { name: /^Book/ }).click();
  await expect(applicantPage.getByText('Your interview is booked.')).toBeVisible();
  await expect(applicantPage.getByTestId('booked-interview')).toContainText('09:00');
  await shot(applicantPage, 'interview-booked-phone');
  await expect
    .poll(
      async () =>
        (await mailSubjects(application.email)).find((subject) => subject.startsWith('Your interview')),
      {
        timeout: 30_000,
      },
    )
    .toMatch(
      /^Your interview for International Foundation Year in Architecture: \w+ \d+ \w+ \d{4}, 09:00 \(Europe\/London\)$/,
    );
  const calendar = await applicantPage.request.get(
    `/applications/${application.applicationId}/interview.ics`,
  );
  expect(calendar.headers()['content-type']).toContain('text/calendar');
  const ics = await calendar.text();
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain('LOCATION:Room 4\\, Main Building');
  await applicantPage
    .getByTestId('interview-times')
    .getByRole('button', { name: /^Move here/ })
    .click();
  await expect(applicantPage.getByText('Your interview is booked.')).toBeVisible();
  await expect(applicantPage.getByTestId('booked-interview')).toContainText('10:00 (Europe/London)');

  // The interviewer scores it.
  await page.goto(`/admin-intake/${intakeId}/interviews`);
  await page.getByRole('link', { name: application.reference }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Interview of ${application.reference}`);
  await page.getByTestId('criterion-communication').getByRole('radio', { name: '4 · Very good' }).check();
  await page.getByRole('radio', { name: 'Recommend', exact: true }).check();
  await page.getByLabel('I have finished this interview score').check();
  await page.getByRole('button', { name: 'Send interview score' }).click();
  await expect(page.getByText('Interview score sent.')).toBeVisible();
  await expect(page.getByTestId('interview-score')).toContainText('total 75 of 100');
  await expectNoViolations(page, 'interview scored');
  await phone.close();
});
