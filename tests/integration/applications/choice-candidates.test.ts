import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChoices } from '../../../src/features/choices/choices.server.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { course, draft, intake, person, type Person } from './fixtures.ts';

let stack: RunningStack;
let applicant: Person;
let title = '';
let first = '';
const intakes: Record<'open' | 'notYetOpen' | 'withFee', string> = { open: '', notYetOpen: '', withFee: '' };

beforeAll(async () => {
  stack = await startTestStack();
  applicant = await person(stack);
  const courseId = await course(stack);
  title = `Choice Search ${randomUUID().slice(0, 8)}`;
  await stack.db.query('update public.courses set title = $2 where id = $1', [courseId, title]);
  const mine = await intake(stack, courseId);
  intakes.open = await intake(stack, courseId);
  intakes.notYetOpen = await intake(stack, courseId, { opensDays: 20, deadlineDays: 90 });
  intakes.withFee = await intake(stack, courseId);
  await stack.db.query(
    `update public.intakes set application_fee_minor = 3500, application_fee_currency = 'GBP' where id = $1`,
    [intakes.withFee],
  );
  first = (await draft(applicant, courseId, mine)).id;
});
afterAll(() => stack.stop());

describe('the intakes an applicant may add as a choice', () => {
  it('lists the open ones of the course searched for, without the one already chosen', async () => {
    const page = await loadChoices(applicant.client, first, title);
    const found = page?.candidates.map((candidate) => candidate.intakeId).sort();
    expect(found).toEqual([intakes.open, intakes.withFee].sort());
  });

  it('leaves out an intake that does not take applications yet, which could never be submitted', async () => {
    const page = await loadChoices(applicant.client, first, title);
    expect(page?.candidates.some((candidate) => candidate.intakeId === intakes.notYetOpen)).toBe(false);
  });

  it("says what an intake's own application fee is before the applicant adds it", async () => {
    const page = await loadChoices(applicant.client, first, title);
    const byIntake = new Map(page?.candidates.map((candidate) => [candidate.intakeId, candidate.fee]));
    expect(byIntake.get(intakes.withFee)).toEqual({ minor: 3500, currency: 'GBP' });
    expect(byIntake.get(intakes.open)).toBeNull();
  });
});
