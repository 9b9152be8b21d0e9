import { expect, test } from '@playwright/test';
import { hydrated, pdfBytes, signInWithCookies } from '../applications/support.ts';
import { openIntake, quietCourse, removeIntake, reviewedApplication, staffMember } from './intake-support.ts';
import { fillDecision, letterDate, mailOfKind } from './decision-support.ts';
import { expectNoViolations, serviceClient, signInStaff } from './support.ts';
import { pdfText } from '../../helpers/pdf-text.ts';

const TRANSCRIPT = 'Final transcript showing AAB';
const ENGLISH = 'IELTS 6.5 overall, no band below 6.0';

/** A calendar day `days` from today, as a date input takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('conditions as a checklist: each line of a conditional offer gets its deadline, the applicant sends evidence against one, staff mark them, and the last one met confirms the offer', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const service = await serviceClient();
  const course = await quietCourse(service, 7);
  const intake = await openIntake(service, course, { capacity: null, releaseMode: 'rolling' });
  try {
    const office = await staffMember('admin');
    const app = await reviewedApplication(service, office.client, course, intake, 'Ngozi Conditions');
    await signInStaff(context, baseURL);
    await page.goto(`/admin/applications/${app.id}`);
    // The days an offer would take by default, as the database will set them.
    const form = page.getByTestId('decision-form');
    await expect(form).toContainText("Leave empty for the intake's date: 31 Jul 2031.");
    await expect(form).toContainText('Leave empty for 1 Sept 2031, two weeks before the intake starts.');
    await fillDecision(page, 'Conditional offer', {
      conditions: `- ${TRANSCRIPT}\n- ${ENGLISH}`,
      conditionsDeadline: inDays(40),
      replyBy: inDays(21),
      release: true,
    });
    await page.getByTestId('decision-form').getByRole('button', { name: 'Save decision' }).click();
    const checklist = page.getByTestId('conditions-checklist');
    await expect(checklist).toContainText('0 of 2 met.');
    await expect(page.getByTestId('condition-1')).toContainText(`1. ${TRANSCRIPT}`);
    await expect(page.getByTestId('condition-2')).toContainText(
      `Due ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${inDays(40)}T00:00:00Z`))}`,
    );
    await expect(page.getByTestId('reply-by-now')).toContainText(
      new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${inDays(21)}T00:00:00Z`)),
    );
    const staffCopy = page.getByTestId('history').getByRole('link', { name: 'The decision letter (PDF)' });
    const staffPdf = await page.request.get((await staffCopy.getAttribute('href')) ?? '');
    expect(staffPdf.headers()['content-type']).toBe('application/pdf');
    const letter = await mailOfKind(app.email, 'decision_offer_conditional');
    expect(letter.text).toContain(`1. ${TRANSCRIPT} (by ${letterDate(inDays(40))})`);
    expect(letter.text).toContain(`2. ${ENGLISH} (by ${letterDate(inDays(40))})`);
    expect(letter.attachments).toEqual([
      {
        filename: expect.stringMatching(/^decision-letter-[A-Z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf$/),
        content_type: 'application/pdf',
        size: expect.any(Number),
      },
    ]);

    // The applicant uploads the transcript against the first condition.
    const applicantContext = await browser.newContext({ baseURL: baseURL ?? '' });
    const applicant = await applicantContext.newPage();
    await signInWithCookies(applicantContext, baseURL ?? '', app.email);
    await applicant.goto(`/applications/${app.id}`);
    // The offer letter as a PDF, to keep or forward: the same words, the conditions and their dates.
    const download = applicant
      .getByTestId('decision-letters')
      .getByRole('link', { name: /^Conditional offer, .* \(PDF\)$/ });
    const pdf = await applicantContext.request.get((await download.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const { text } = await pdfText(await pdf.body());
    expect(text.replace(/\s+/g, ' ')).toContain(`1. ${TRANSCRIPT} (by ${letterDate(inDays(40))})`);
    expect(text).toContain(app.reference);
    const conditions = applicant.getByTestId('offer-conditions');
    await expect(conditions).toContainText('The conditions you must meet');
    await expect(applicant.getByTestId('offer-condition-1')).toContainText('Waiting for your evidence');
    await conditions.scrollIntoViewIfNeeded();
    await hydrated(applicant);
    await applicant.getByLabel('Upload evidence for condition 1').setInputFiles({
      name: 'final-transcript.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBytes('transcript AAB'),
    });
    await expect(applicant.getByTestId('offer-condition-1')).toContainText(
      'Evidence received, being checked',
    );
    await expect(applicant.getByTestId('offer-condition-1')).toContainText('final-transcript.pdf');
    await expectNoViolations(applicant, 'applicant conditions checklist');

    // Staff see the evidence, mark the first met and the second not met with a reason.
    await page.reload();
    await expect(
      page.getByTestId('condition-1').getByRole('link', { name: 'final-transcript.pdf' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Mark condition 1 met' }).click();
    await expect(checklist).toContainText('1 of 2 met.');
    await page.getByTestId('condition-2').getByText('Not met…').click();
    await page
      .getByLabel('Why condition 2 is not met (the applicant reads this)')
      .fill('The certificate shows 5.5 in writing.');
    await page.getByRole('button', { name: 'Mark condition 2 not met' }).click();
    await expect(page.getByTestId('condition-2')).toContainText('Not met');
    await expectNoViolations(page, 'staff conditions checklist');

    await applicant.reload();
    await expect(applicant.getByTestId('offer-condition-1')).toContainText('Met');
    await expect(applicant.getByTestId('offer-condition-2')).toContainText(
      'Not met: The certificate shows 5.5 in writing.',
    );

    // A new certificate meets it: the last mark confirms the offer and the letter stands alone.
    await page.getByRole('button', { name: 'Mark condition 2 met' }).click();
    await expect(page.getByText('Every condition is met: the offer is confirmed')).toBeVisible();
    await expect(page.getByTestId('status-badge')).toHaveText('Unconditional offer');
    expect((await mailOfKind(app.email, 'decision_conditions_met')).subject).toContain(app.reference);
    await applicant.reload();
    await expect(applicant.getByTestId('offer-conditions')).toContainText(/^Conditions met on/);
    await expect(applicant.getByLabel('Upload evidence for condition 1')).toHaveCount(0);
    await applicantContext.close();
  } finally {
    await removeIntake(service, intake.id);
  }
});
