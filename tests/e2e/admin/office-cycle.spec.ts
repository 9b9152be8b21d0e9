import { expect, test } from '@playwright/test';
import { signInWithCookies, userClient } from '../applications/support.ts';
import {
  decide,
  fact,
  openIntake,
  quietCourse,
  removeIntake,
  reviewedApplication,
  staffMember,
} from './intake-support.ts';
import { fillDecision, mailOfKind, mailTo } from './decision-support.ts';
import { expectNoViolations, serviceClient, signInStaff } from './support.ts';

test('places add up: a decline the over-offers still cover frees nothing, the next real place raises one alert, and its offer letter comes on its own', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const service = await serviceClient();
  const course = await quietCourse(service, 5);
  const intake = await openIntake(service, course, { capacity: 2, overOffer: 1, releaseMode: 'rolling' });
  try {
    const office = await staffMember('admin');
    const [a, b, c, d, e] = await Promise.all(
      ['Ada Offer', 'Ben Decline', 'Cleo Withdraw', 'Dev Override', 'Eve Waiting'].map((name) =>
        reviewedApplication(service, office.client, course, intake, name),
      ),
    );
    if (!a || !b || !c || !d || !e) throw new Error('applications missing');
    for (const held of [a, b, c])
      await decide(service, office.client, held.id, 'offer_unconditional', { release: true });
    const version = (await service.from('applications').select('version').eq('id', d.id).single()).data as {
      version: number;
    };
    const override = await office.client.rpc('decide_application', {
      application_id: d.id,
      expected_version: version.version,
      outcome: 'offer_unconditional',
      override_reason: 'Scholarship holder',
      release: true,
    });
    expect(override.error).toBeNull();
    await decide(service, office.client, e.id, 'waitlisted', { release: true });
    // The applicant on the waiting list sees where they stand.
    const eve = await browser.newContext({ baseURL: baseURL ?? '' });
    await signInWithCookies(eve, baseURL ?? '', e.email);
    const evePage = await eve.newPage();
    await evePage.goto(`/applications/${e.id}`);
    await expect(evePage.getByTestId('waitlist-place')).toHaveText('1 of 1');
    await eve.close();

    // The holder of the second offer declines: the override still holds what it freed.
    const declined = await (
      await userClient(b.email)
    ).rpc('respond_to_offer', { application_id: b.id, accept: false });
    expect(declined.error).toBeNull();
    const admin = await signInStaff(context, baseURL ?? '');
    await page.goto(`/admin-intake/${intake.id}`);
    await expect(fact(page, 'Places left')).toHaveText('0');
    await expect(fact(page, 'More offers allowed')).toHaveText('0');
    await expect(page.getByTestId('place-alert')).toHaveCount(0);
    await expect(
      page.getByText('No place has been freed since the waiting list was last handled.'),
    ).toBeVisible();
    expect((await mailTo(admin.email)).filter((message) => message.kind === 'place_freed')).toEqual([]);

    // A withdrawal frees a real place: one alert, one e-mail, and the offer it leads to.
    const withdrawn = await (
      await userClient(c.email)
    ).rpc('withdraw_application', {
      application_id: c.id,
      reason: 'Going elsewhere',
    });
    expect(withdrawn.error).toBeNull();
    await page.reload();
    await expect(fact(page, 'More offers allowed')).toHaveText('1');
    await expect(page.getByTestId('place-alert')).toHaveCount(1);
    await expect(page.getByTestId('place-alert')).toContainText(`${c.reference} (Cleo Withdraw)`);
    expect((await mailOfKind(admin.email, 'place_freed')).text).toContain(`Application ${c.reference}`);
    expect((await mailOfKind(c.email, 'application_withdrawn')).subject).toBe(
      `You withdrew your application ${c.reference}`,
    );
    await expectNoViolations(page, 'intake page with one real freed place');

    await page
      .getByTestId('place-alert')
      .getByRole('link', { name: `Offer the place to Eve Waiting (${e.reference})` })
      .click();
    await fillDecision(page, 'Unconditional offer', { release: true });
    await page.getByRole('button', { name: 'Save decision' }).click();
    await expect(page.getByTestId('status-badge').first()).toHaveText('Unconditional offer');
    const letter = await mailOfKind(e.email, 'decision_offer_unconditional');
    expect(letter.subject).toBe(`Your offer: ${e.reference}`);
    expect((await mailTo(e.email)).map((message) => message.kind)).not.toContain('application_updates');
    await page.goto(`/admin-intake/${intake.id}`);
    await expect(page.getByTestId('place-alert')).toHaveCount(0);
    await expect(fact(page, 'More offers allowed')).toHaveText('0');
  } finally {
    await removeIntake(service, intake.id);
  }
});

test('a possible duplicate is flagged in the queue and on the review screen until staff say otherwise, and its documents open through links that never expire', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const service = await serviceClient();
  const course = await quietCourse(service, 6);
  const intake = await openIntake(service, course, { capacity: null, releaseMode: 'rolling' });
  try {
    const office = await staffMember('admin');
    const first = await reviewedApplication(service, office.client, course, intake, 'Zoë Müller');
    const second = await reviewedApplication(service, office.client, course, intake, 'Zoe  Muller');
    const personal = { date_of_birth: '2004-05-06', nationality: 'NG', phone: '+234 803 123 4567' };
    await service
      .from('applications')
      .update({
        answers: { personal: { full_name: 'Zoë Müller', ...personal, passport_number: 'A12345678' } },
      })
      .eq('id', first.id);
    await service
      .from('applications')
      .update({
        answers: { personal: { full_name: 'Zoe  Muller', ...personal, passport_number: 'a1234 5678' } },
      })
      .eq('id', second.id);

    await signInStaff(context, baseURL ?? '');
    await page.goto(`/admin/applications?q=${encodeURIComponent(second.reference)}`);
    await expect(page.getByTestId('possible-duplicate')).toHaveText('Possible duplicate');
    await page.goto(`/admin/applications/${second.id}`);
    const flag = page.getByTestId('possible-duplicates');
    await expect(flag).toContainText(
      `${first.reference} (Zoë Müller, under review): same name and date of birth, phone number and passport number`,
    );
    await expectNoViolations(page, 'review screen with a possible duplicate');

    // The link on the page carries no token that could expire: it is the app's own address, which
    // records the opening and signs a storage link at that moment, however long the page was open.
    const link = page.getByTestId('review-doc-passport').getByRole('link', { name: /Open file/ });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/admin\/documents\/[0-9a-f-]{36}$/);
    const hop = await page.request.get(href, { maxRedirects: 0 });
    expect(hop.status()).toBe(303);
    expect(hop.headers()['location']).toContain('/storage/v1/object/sign/application-documents/');
    const file = await page.request.get(hop.headers()['location'] ?? '');
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const gone = await page.request.get('/admin/documents/00000000-0000-4000-8000-000000000000');
    expect(gone.status()).toBe(404);
    expect(await gone.text()).toContain('This document could not be opened');
    await page.reload();
    await expect(page.getByTestId('review-doc-passport').getByTestId('document-openings')).toContainText(
      'Opened once, last by',
    );

    await flag.getByRole('button', { name: `Not a duplicate of ${first.reference}` }).click();
    await expect(page.getByTestId('possible-duplicates')).toHaveCount(0);
    await page.goto(`/admin/applications/${first.id}`);
    await expect(page.getByTestId('possible-duplicates')).toHaveCount(0);
    const record = await service.from('duplicate_dismissals').select('dismissed_by');
    expect(record.data?.length).toBe(1);
  } finally {
    await service.from('duplicate_dismissals').delete().neq('id', 0);
    await removeIntake(service, intake.id);
  }
});

test('a batch intake publishes the decisions approved so far in a round while it stays open, and lists its rounds', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const service = await serviceClient();
  const course = await quietCourse(service, 7);
  const intake = await openIntake(service, course, { capacity: 10, releaseMode: 'batch' });
  try {
    const office = await staffMember('admin');
    const a = await reviewedApplication(service, office.client, course, intake, 'Ana Round');
    const b = await reviewedApplication(service, office.client, course, intake, 'Bo Round');
    await decide(service, office.client, a.id, 'offer_unconditional');
    await decide(service, office.client, b.id, 'waitlisted');

    await signInStaff(context, baseURL ?? '');
    await page.goto(`/admin-intake/${intake.id}`);
    const rounds = page.getByTestId('decision-rounds');
    await expect(rounds).toContainText('No round has been published yet.');
    await rounds.getByText('Publish a round now: 2 approved decisions').click();
    await expectNoViolations(page, 'intake page with a round ready to publish');
    await rounds.getByRole('button', { name: 'Yes, publish 2 decisions now' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Round 1 published: 2 decisions' }),
    ).toBeVisible();
    await expect(page.getByTestId('decision-round')).toHaveCount(1);
    await expect(page.getByTestId('decision-round')).toContainText('Round 1');
    await expect(page.getByTestId('decision-round')).toContainText('2 decisions released');
    await expect(rounds).toContainText('No approved decision is waiting for a round.');
    expect((await mailOfKind(a.email, 'decision_offer_unconditional')).subject).toBe(
      `Your offer: ${a.reference}`,
    );
    const still = await service.from('intakes').select('status').eq('id', intake.id).single();
    expect((still.data as { status: string }).status).toBe('open');
  } finally {
    await removeIntake(service, intake.id);
  }
});
