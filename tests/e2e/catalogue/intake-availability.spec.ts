import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoViolations, serviceClient } from '../admin/support.ts';
import { signInNewApplicant } from '../applications/support.ts';
import { quietPopup } from './support.ts';

test.beforeEach(({ page }) => quietPopup(page));

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const formatted = (isoDay: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDay}T00:00:00Z`));

/**
 * A published university and course of their own with one intake in each state a visitor can meet:
 * open, full (its only place offered), past its deadline, opening later, and closed by staff.
 */
async function courseWithEveryIntakeState() {
  const service = await serviceClient();
  const suffix = randomBytes(3).toString('hex');
  const university = await service
    .from('universities')
    .insert({
      name: `Lindenmoor University ${suffix}`,
      slug: `lindenmoor-university-${suffix}`,
      country_code: 'DE',
      country_name: 'Germany',
      city: 'Bremen',
      currency: 'EUR',
      published: true,
    })
    .select('id, slug, name')
    .single();
  if (university.error) throw new Error(`university failed: ${university.error.message}`);
  const course = await service
    .from('courses')
    .insert({
      university_id: university.data.id,
      slug: `lindenmoor-university-${suffix}-msc-coastal-ecology`,
      title: 'MSc Coastal Ecology',
      level: 'master',
      field: 'Ecology',
      duration_months: 24,
      tuition_amount: 3000,
      tuition_currency: 'EUR',
      published: true,
    })
    .select('id, slug')
    .single();
  if (course.error) throw new Error(`course failed: ${course.error.message}`);
  const intake = (term: string, fields: Record<string, unknown>) => ({
    course_id: course.data.id,
    term,
    start_date: day(200),
    status: 'open',
    ...fields,
  });
  const intakes = await service
    .from('intakes')
    .insert([
      intake('Open intake', { opens_at: day(-10), deadline: day(60) }),
      intake('Full intake', { opens_at: day(-10), deadline: day(90), capacity: 1 }),
      intake('Past intake', { opens_at: day(-60), deadline: day(-1) }),
      intake('Later intake', { opens_at: day(30), deadline: day(120) }),
      intake('Closed intake', { opens_at: day(-10), deadline: day(100), status: 'closed' }),
    ])
    .select('id, term');
  if (intakes.error) throw new Error(`intakes failed: ${intakes.error.message}`);
  const full = (intakes.data as { id: string; term: string }[]).find((row) => row.term === 'Full intake');
  // The intake's one place goes to an offer: under review first, then offered, as staff would.
  const applicant = await service.auth.admin.createUser({
    email: `availability-${suffix}@example.com`,
    email_confirm: true,
  });
  const app = await service
    .from('applications')
    .insert({
      applicant_id: applicant.data.user?.id,
      course_id: course.data.id,
      intake_id: full?.id,
      status: 'under_review',
      reference: `UP-2031-${suffix.toUpperCase()}`,
      submitted_at: new Date().toISOString(),
    })
    .select('id')
    .single();
  if (app.error) throw new Error(`application failed: ${app.error.message}`);
  const offered = await service
    .from('applications')
    .update({ status: 'offer_unconditional' })
    .eq('id', (app.data as { id: string }).id);
  if (offered.error) throw new Error(`offer failed: ${offered.error.message}`);
  return { courseSlug: course.data.slug as string, universitySlug: university.data.slug as string };
}

test('every page showing an intake says whether a visitor can apply: open, full with a waiting list, closed or opening later', async ({
  page,
}) => {
  const { courseSlug, universitySlug } = await courseWithEveryIntakeState();

  await page.goto(`/courses/${courseSlug}`);
  const table = page.getByRole('table', { name: 'Intakes of MSc Coastal Ecology' });
  const stateOf = (term: string) =>
    table
      .getByRole('row', { name: new RegExp(`^${term}`) })
      .locator('td')
      .last();
  await expect(table.getByRole('columnheader', { name: 'Can I apply?' })).toBeVisible();
  await expect(stateOf('Open intake')).toHaveText(`Open — apply by ${formatted(day(60))}`);
  await expect(stateOf('Full intake')).toHaveText(
    `Full — you can still apply to join the waiting list (deadline ${formatted(day(90))})`,
  );
  await expect(stateOf('Past intake')).toHaveText('Closed');
  await expect(stateOf('Later intake')).toHaveText(`Opens on ${formatted(day(30))}`);
  await expect(stateOf('Closed intake')).toHaveText('Closed');
  await expectNoViolations(page, 'course page with every intake state');

  await page.goto(`/universities/${universitySlug}`);
  const deadlines = page.getByRole('region', { name: 'Intakes and deadlines' });
  await expect(deadlines.getByRole('listitem')).toHaveText([
    new RegExp(`Open intake.*Open — apply by ${formatted(day(60))}`),
    new RegExp('Full intake.*Full — you can still apply to join the waiting list'),
    new RegExp(`Later intake.*Opens on ${formatted(day(30))}`),
  ]);
  const courses = page.getByRole('region', { name: 'Courses offered' });
  await expect(courses.getByRole('row', { name: /MSc Coastal Ecology/ })).toContainText(formatted(day(60)));
  await expectNoViolations(page, 'university page with intake states');

  // The application's first step says so too, before the applicant picks the full intake.
  await signInNewApplicant(page.context(), new URL(page.url()).origin);
  await page.goto(`/admission-application?course=${courseSlug}`);
  const choice = page.getByRole('group', { name: 'When do you want to start?' });
  await expect(choice.getByRole('radio', { name: /^Full intake/ })).toHaveAccessibleName(
    /Full: every place is held\. You can still apply, and join the waiting list\.$/,
  );
  await expect(choice.getByRole('radio', { name: /^Open intake/ })).not.toHaveAccessibleName(/Full:/);
});
