import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { hydrated, signInWithCookies, userClient } from '../applications/support.ts';
import {
  approve,
  decide,
  fact,
  openIntake,
  quietCourse,
  removeIntake,
  reviewedApplication,
  staffMember,
  type ReviewedApplication,
} from './intake-support.ts';
import { fillDecision, mailOfKind, mailTo } from './decision-support.ts';
import { expectNoViolations, serviceClient, signInStaff } from './support.ts';

/** What the applicant sees on their applications page, signed in in a browser of their own. */
async function applicantSees(browser: Browser, baseURL: string, applicant: ReviewedApplication) {
  const context = await browser.newContext({ baseURL });
  try {
    await signInWithCookies(context, baseURL, applicant.email);
    const page = await context.newPage();
    await page.goto('/applications');
    const card = page.getByTestId('application');
    return {
      status: (await card.getByTestId('status-badge').textContent())?.trim() ?? '',
      accept: await card.getByRole('button', { name: /Accept/ }).count(),
    };
  } finally {
    await context.close();
  }
}

/** The applicant declines their offer on their applications page. */
async function declineInBrowser(browser: Browser, baseURL: string, applicant: ReviewedApplication) {
  const context = await browser.newContext({ baseURL });
  try {
    await signInWithCookies(context, baseURL, applicant.email);
    const page = await context.newPage();
    await page.goto('/applications');
    await hydrated(page);
    await page.getByTestId('application').getByRole('button', { name: 'Decline offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline this offer?' });
    await dialog.getByRole('button', { name: 'Decline offer' }).click();
    await expect(page.getByTestId('status-badge')).toHaveText('Offer declined');
  } finally {
    await context.close();
  }
}

/** What the applicant's own token can read of their application and its decisions. */
async function applicantApi(applicant: ReviewedApplication) {
  const client = await userClient(applicant.email);
  const app = await client.from('applications').select('status').eq('id', applicant.id).single();
  const decisions = await client
    .from('application_decisions')
    .select('id')
    .eq('application_id', applicant.id);
  return { status: (app.data as { status: string }).status, decisions: decisions.data ?? [] };
}

async function decisionLetters(service: SupabaseClient, applicationIds: string[]) {
  const { data } = await service
    .from('notification_events')
    .select('template_key')
    .in('application_id', applicationIds)
    .like('template_key', 'decision_%');
  return data ?? [];
}

const statusOf = (row: Locator) => row.locator('td').nth(4);

async function intakeRow(page: Page, term: string, id: string) {
  await page.goto(`/admin-intake?q=${encodeURIComponent(term)}`);
  const row = page.locator(`tr[data-intake-id="${id}"]`);
  await expect(row).toBeVisible();
  return row;
}

test('a batch intake holds its decisions until the administrator publishes them, then every letter goes out', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const service = await serviceClient();
  const course = await quietCourse(service, 2);
  const intake = await openIntake(service, course, { capacity: 2, releaseMode: 'batch' });
  try {
    const counsellor = await staffMember('counsellor');
    const admin = await staffMember('admin');
    const applicants = [
      await reviewedApplication(service, counsellor.client, course, intake, 'Ngozi Batch'),
      await reviewedApplication(service, counsellor.client, course, intake, 'Kwame Batch'),
      await reviewedApplication(service, counsellor.client, course, intake, 'Lena Batch'),
    ];
    const [first, second, third] = applicants as [
      ReviewedApplication,
      ReviewedApplication,
      ReviewedApplication,
    ];
    // Counsellors recommend; an administrator approves. Nothing is released on a batch intake.
    const outcomes: [ReviewedApplication, string, string | undefined][] = [
      [first, 'offer_conditional', 'A final grade of 65% or more.'],
      [second, 'offer_unconditional', undefined],
      [third, 'waitlisted', undefined],
    ];
    for (const [applicant, outcome, conditions] of outcomes) {
      const recommended = await decide(service, counsellor.client, applicant.id, outcome, {
        release: true,
        ...(conditions ? { conditions } : {}),
      });
      expect(recommended.state).toBe('recommended');
      await approve(service, admin.client, recommended.id, applicant.id);
    }
    const refusedRelease = await admin.client.rpc('release_decision', {
      decision_id: (
        await service.from('application_decisions').select('id').eq('application_id', first.id).single()
      ).data?.id,
      expected_version: (await service.from('applications').select('version').eq('id', first.id).single())
        .data?.version,
    });
    expect(refusedRelease.error?.message).toContain('Decisions on this intake go out together');

    for (const applicant of applicants) {
      expect(await applicantSees(browser, baseURL ?? '', applicant)).toEqual({
        status: 'Under review',
        accept: 0,
      });
      expect(await applicantApi(applicant)).toEqual({ status: 'under_review', decisions: [] });
      expect((await mailTo(applicant.email)).filter((mail) => mail.kind.startsWith('decision_'))).toEqual([]);
    }
    expect(
      await decisionLetters(
        service,
        applicants.map((a) => a.id),
      ),
    ).toEqual([]);

    await signInStaff(context, baseURL ?? '');
    let row = await intakeRow(page, intake.term, intake.id);
    await expect(row).toContainText('3 decisions held until published');
    await expect(row).toContainText('2 offers decided, not released');
    await expect(row).toContainText('2 of 2 places used');
    await expect(row).toContainText('Full');
    await expect(row).toContainText('Batch');
    await page.goto(`/admin-intake/${intake.id}`);
    await expect(page.getByTestId('held-decisions')).toContainText('3 decisions held.');

    await page.goto(`/admin-intake?q=${encodeURIComponent(intake.term)}`);
    row = page.locator(`tr[data-intake-id="${intake.id}"]`);
    await row.getByRole('link', { name: new RegExp(`^Close… ${intake.term}`) }).click();
    await page.getByRole('button', { name: 'Yes, close the intake' }).click();
    await expect(statusOf(row)).toHaveText('Closed');

    await row.getByRole('link', { name: new RegExp(`^Publish decisions… ${intake.term}`) }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Publish the decisions of this intake?' }),
    ).toBeVisible();
    await expect(page.getByTestId('publish-summary')).toHaveText(
      '3 held decisions will be released at once: each applicant sees their decision and gets their letter.',
    );
    await expectNoViolations(page, 'publish confirmation');
    await page.getByRole('button', { name: 'Yes, publish decisions' }).click();
    await expect(page).toHaveURL(/\/admin-intake\?q=E2E/);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `${intake.term} · ${course.title} has its decisions published.` }),
    ).toBeVisible();
    await expect(statusOf(row)).toHaveText('Decisions published');

    const letters: [ReviewedApplication, string, string][] = [
      [first, 'decision_offer_conditional', 'A final grade of 65% or more.'],
      [second, 'decision_offer_unconditional', 'The offer is unconditional.'],
      [third, 'decision_waitlisted', 'we have put you on the waiting list'],
    ];
    for (const [applicant, kind, words] of letters) {
      const letter = await mailOfKind(applicant.email, kind);
      expect(letter.text).toContain(words);
      expect(letter.text).toContain(applicant.reference);
    }
    expect(await applicantSees(browser, baseURL ?? '', first)).toEqual({
      status: 'Conditional offer',
      accept: 1,
    });
    expect(await applicantSees(browser, baseURL ?? '', second)).toEqual({
      status: 'Unconditional offer',
      accept: 1,
    });
    expect(await applicantSees(browser, baseURL ?? '', third)).toEqual({ status: 'Waitlisted', accept: 0 });
  } finally {
    await removeIntake(service, intake.id);
  }
});

test('a declined offer frees the place: staff are alerted and offer it to the next on the waiting list', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const service = await serviceClient();
  const course = await quietCourse(service, 3);
  const intake = await openIntake(service, course, { capacity: 1, releaseMode: 'rolling' });
  try {
    const reviewer = await staffMember('admin');
    const a = await reviewedApplication(service, reviewer.client, course, intake, 'Amara Decline');
    const b = await reviewedApplication(service, reviewer.client, course, intake, 'Bruno Waiting');
    const offered = await decide(service, reviewer.client, a.id, 'offer_unconditional', { release: true });
    expect(offered.state).toBe('released');
    const waitlisted = await decide(service, reviewer.client, b.id, 'waitlisted', { release: true });
    expect(waitlisted.state).toBe('released');

    const visitor = await browser.newPage({ baseURL: baseURL ?? '' });
    const intakeOnCoursePage = visitor.getByRole('row', { name: new RegExp(intake.term) });
    // The catalogue notices the intake filling up on its next check of the catalogue version.
    await expect(async () => {
      await visitor.goto(`/courses/${course.slug}`);
      await expect(intakeOnCoursePage).toContainText('Full — you can still apply to join the waiting list', {
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });
    await visitor.close();

    const admin = await signInStaff(context, baseURL ?? '');
    await declineInBrowser(browser, baseURL ?? '', a);

    const row = await intakeRow(page, intake.term, intake.id);
    await expect(row).toContainText('1 freed place to handle');
    await row.getByRole('link', { name: /1 freed place to handle/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin-intake/${intake.id}#alerts-title$`));
    const alert = page.getByTestId('place-alert');
    await expect(alert).toContainText(`A place is free. ${a.reference} (Amara Decline) declined the offer`);
    await expect(fact(page, 'Places left')).toHaveText('1');
    await expect(fact(page, 'Waitlisted')).toHaveText('1');
    await expect(page.getByTestId('waitlist').getByRole('listitem')).toHaveCount(1);
    await expectNoViolations(page, 'intake page with a freed place and a waiting list');

    const notice = await mailOfKind(admin.email, 'place_freed');
    expect(notice.subject).toContain(`A place is free on ${course.title} at `);
    expect(notice.subject).toContain(intake.term);
    expect(notice.text).toContain(`Application ${a.reference}`);

    await alert.getByRole('link', { name: `Offer the place to Bruno Waiting (${b.reference})` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/applications/${b.id}#decision$`));
    await fillDecision(page, 'Unconditional offer', { release: true });
    await page.getByRole('button', { name: 'Save decision' }).click();
    await expect(page.getByTestId('status-badge').first()).toHaveText('Unconditional offer');
    const letter = await mailOfKind(b.email, 'decision_offer_unconditional');
    expect(letter.text).toContain(b.reference);

    await page.goto(`/admin-intake/${intake.id}`);
    await expect(page.getByTestId('place-alert')).toHaveCount(0);
    await expect(page.getByText('Nobody is on the waiting list.')).toBeVisible();
    expect(await applicantSees(browser, baseURL ?? '', b)).toEqual({
      status: 'Unconditional offer',
      accept: 1,
    });
  } finally {
    await removeIntake(service, intake.id);
  }
});

/** An intake with three applications released to its waiting list, in this order. */
async function waitingList(service: SupabaseClient, offset: number) {
  const course = await quietCourse(service, offset);
  const intake = await openIntake(service, course, { capacity: 5, releaseMode: 'rolling' });
  const reviewer = await staffMember('admin');
  const waiting: ReviewedApplication[] = [];
  for (const name of ['Ada First', 'Ben Second', 'Cleo Third']) {
    const applicant = await reviewedApplication(service, reviewer.client, course, intake, name);
    await decide(service, reviewer.client, applicant.id, 'waitlisted', { release: true });
    waiting.push(applicant);
  }
  return {
    course,
    intake,
    reviewer,
    waiting: waiting as [ReviewedApplication, ReviewedApplication, ReviewedApplication],
  };
}

test('the waiting list is reordered by keyboard, and a move made on a stale list is refused', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const service = await serviceClient();
  const { intake, waiting } = await waitingList(service, 4);
  const [ada] = waiting;
  try {
    await signInStaff(context, baseURL ?? '', 'counsellor');
    await page.goto(`/admin-intake/${intake.id}`);
    const list = page.getByTestId('waitlist').getByRole('listitem');
    await expect(list).toHaveText([/Ada First/, /Ben Second/, /Cleo Third/]);
    await expect(list.first().getByRole('button', { name: /^Move up/ })).toHaveCount(0);

    await page.getByRole('button', { name: `Move down ${ada.reference}` }).focus();
    await page.keyboard.press('Enter');
    await expect(list).toHaveText([/Ben Second/, /Ada First/, /Cleo Third/]);
    await expect(page.getByRole('button', { name: `Move down ${ada.reference}` })).toBeFocused();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `${ada.reference} is now number 2 of 3 on the waiting list.` }),
    ).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(list).toHaveText([/Ben Second/, /Cleo Third/, /Ada First/]);
    // At the bottom there is no "Move down": the focus stays on the row, on "Move up".
    await expect(page.getByRole('button', { name: `Move up ${ada.reference}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(list).toHaveText([/Ben Second/, /Ada First/, /Cleo Third/]);

    const ranks = await service
      .from('applications')
      .select('name:answers->personal->>full_name')
      .eq('intake_id', intake.id)
      .order('waitlist_rank');
    expect((ranks.data as { name: string }[]).map((row) => row.name)).toEqual([
      'Ben Second',
      'Ada First',
      'Cleo Third',
    ]);

    // A colleague moves Ada up in another window; this page still shows the old list.
    const colleague = await staffMember('admin');
    const current = await service.from('applications').select('version').eq('id', ada.id).single();
    const moved = await colleague.client.rpc('move_on_waitlist', {
      application_id: ada.id,
      expected_version: (current.data as { version: number }).version,
      direction: 'up',
    });
    expect(moved.error).toBeNull();
    await page.getByRole('button', { name: `Move down ${ada.reference}` }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The waiting list did not change' });
    await expect(refusal).toContainText(`${colleague.email} changed this application`);
    await expect(refusal).toContainText('moved it on the waiting list');
    await expect(refusal).toBeFocused();
    await expect(list).toHaveText([/Ada First/, /Ben Second/, /Cleo Third/]);
    await expectNoViolations(page, 'intake page with a refused move');
  } finally {
    await removeIntake(service, intake.id);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('waiting-list moves and alert dismissals are plain form posts; the moved row keeps the focus', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const service = await serviceClient();
    const { course, intake, reviewer, waiting } = await waitingList(service, 5);
    const [, , cleo] = waiting;
    try {
      // Someone holding an offer withdraws, freeing a place while the others wait.
      const leaver = await reviewedApplication(service, reviewer.client, course, intake, 'Dara Leaving');
      await decide(service, reviewer.client, leaver.id, 'offer_conditional', {
        release: true,
        conditions: 'A final grade of 60% or more.',
      });
      const withdrawn = await (
        await userClient(leaver.email)
      ).rpc('withdraw_application', { application_id: leaver.id });
      expect(withdrawn.error).toBeNull();
      await signInStaff(context, baseURL ?? '');
      await page.goto(`/admin-intake/${intake.id}`);
      await page.getByRole('button', { name: `Move up ${cleo.reference}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin-intake/${intake.id}\\?focus=${cleo.id}%3Aup$`));
      const list = page.getByTestId('waitlist').getByRole('listitem');
      await expect(list).toHaveText([/Ada First/, /Cleo Third/, /Ben Second/]);
      await expect(page.getByRole('button', { name: `Move up ${cleo.reference}` })).toHaveAttribute(
        'autofocus',
        '',
      );

      const alert = page.getByTestId('place-alert');
      await expect(alert).toContainText(`${leaver.reference} (Dara Leaving) withdrew the application`);
      await expect(alert.getByRole('link', { name: /^Offer the place to Ada First/ })).toBeVisible();
      await alert.getByRole('button', { name: `Dismiss the alert about ${leaver.reference}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin-intake/${intake.id}#alerts-title$`));
      await expect(page.getByTestId('place-alert')).toHaveCount(0);
      await expect(
        page.getByText('No place has been freed since the waiting list was last handled.'),
      ).toBeVisible();
      await expect(list).toHaveText([/Ada First/, /Cleo Third/, /Ben Second/]);
      const alerts = await service.from('place_alerts').select('resolution').eq('intake_id', intake.id);
      expect(alerts.data).toEqual([{ resolution: 'dismissed' }]);
    } finally {
      await removeIntake(service, intake.id);
    }
  });
});
