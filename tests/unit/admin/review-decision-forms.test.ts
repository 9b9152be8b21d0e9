import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../src/lib/security/form-input.ts';
import {
  decisionSchema,
  decisionStepSchema,
} from '../../../src/features/admissions/decide/decision-schemas.ts';
import { versionFor } from '../../../src/features/admin/forms/form-state.ts';
import {
  assignSchema,
  documentReviewSchema,
  transitionSchema,
} from '../../../src/features/admin/review/detail/review-schemas.ts';

const REASON = '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const DECISION = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

function errors(schema: z.ZodType, fields: Record<string, string>): Record<string, string> {
  const result = schema.safeParse(fields);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe('every review form names the version it was opened with', () => {
  const missing = 'This form does not say which version of the application it is based on. Reload the page.';

  it('refuses a post without a version, or with one that is not a version', () => {
    expect(errors(transitionSchema, { to_status: 'under_review' })).toEqual({ version: missing });
    expect(errors(assignSchema, { assignee: '', version: '0' })).toEqual({ version: missing });
    expect(errors(documentReviewSchema, { document_id: REASON, status: 'verified', version: 'x' })).toEqual({
      version: missing,
    });
    expect(errors(decisionSchema, { outcome: 'waitlisted' })).toEqual({ version: missing });
    expect(errors(decisionStepSchema, { decision_id: DECISION })).toEqual({ version: missing });
  });

  it('reads the version as a number', () => {
    expect(assignSchema.parse({ assignee: '', version: '7' })).toEqual({ assignee: '', version: 7 });
  });
});

describe('the status form', () => {
  it('moves through the review process only, with a note for a request for action', () => {
    expect(transitionSchema.parse({ version: '2', to_status: 'enrolled' })).toEqual({
      version: 2,
      to_status: 'enrolled',
      note: '',
    });
    expect(errors(transitionSchema, { version: '2', to_status: 'action_required', note: ' ' })).toEqual({
      note: 'Say what the applicant must do: a request for action needs a note.',
    });
    for (const to_status of [
      'offer_conditional',
      'offer_unconditional',
      'waitlisted',
      'rejected',
      'accepted',
    ])
      expect(errors(transitionSchema, { version: '2', to_status })).toHaveProperty('to_status');
  });
});

describe('the decision form', () => {
  it('needs conditions for a conditional offer', () => {
    expect(errors(decisionSchema, { version: '3', outcome: 'offer_conditional', conditions: '  ' })).toEqual({
      conditions: 'List the conditions the applicant must meet for a conditional offer.',
    });
  });

  it('needs a reason from the list for each negative outcome', () => {
    expect(errors(decisionSchema, { version: '3', outcome: 'rejected' })).toEqual({
      reason_id: 'Choose the reason for “Unsuccessful” from the list.',
    });
    expect(errors(decisionSchema, { version: '3', outcome: 'offer_withdrawn' })).toEqual({
      reason_id: 'Choose the reason for “Offer withdrawn” from the list.',
    });
    expect(
      errors(decisionSchema, { version: '3', outcome: 'conditions_not_met', reason_id: 'low grades' }),
    ).toHaveProperty('reason_id');
  });

  it('refuses an outcome that is not a decision', () => {
    for (const outcome of ['', 'enrolled', 'accepted', 'under_review'])
      expect(errors(decisionSchema, { version: '3', outcome })).toEqual({ outcome: 'Choose a decision.' });
  });

  it('keeps only the fields of the chosen outcome, so an abandoned reason is never sent', () => {
    expect(
      decisionSchema.parse({
        version: '3',
        outcome: 'waitlisted',
        conditions: 'IELTS 7',
        conditions_deadline: '2031-08-01',
        reply_by: '2031-07-01',
        reason_id: REASON,
        reason_detail: 'Weak interview',
        release: 'yes',
      }),
    ).toEqual({
      version: 3,
      outcome: 'waitlisted',
      conditions: '',
      conditions_deadline: '',
      reply_by: '',
      reason_id: '',
      reason_detail: '',
      override_reason: '',
      release: true,
      confirmation: '',
    });
    expect(
      decisionSchema.parse({
        version: '3',
        outcome: 'rejected',
        reason_id: REASON,
        reason_detail: ' Weak interview ',
        override_reason: ' ',
        confirmation: 'confirmed',
      }),
    ).toMatchObject({
      reason_id: REASON,
      reason_detail: 'Weak interview',
      release: false,
      confirmation: 'confirmed',
    });
  });

  it('keeps the days an offer was given: conditions due for a conditional one, reply-by for either', () => {
    const offer = { version: '3', conditions_deadline: '2031-08-01', reply_by: '2031-07-01' };
    expect(
      decisionSchema.parse({ ...offer, outcome: 'offer_conditional', conditions: 'IELTS 7' }),
    ).toMatchObject({ conditions_deadline: '2031-08-01', reply_by: '2031-07-01' });
    expect(decisionSchema.parse({ ...offer, outcome: 'offer_unconditional' })).toMatchObject({
      conditions_deadline: '',
      reply_by: '2031-07-01',
    });
    expect(
      errors(decisionSchema, { ...offer, outcome: 'offer_unconditional', reply_by: '1 July' }),
    ).toHaveProperty('reply_by');
  });

  it('limits the private detail and the override reason as the database does', () => {
    const long = { version: '3', outcome: 'rejected', reason_id: REASON };
    expect(errors(decisionSchema, { ...long, reason_detail: 'x'.repeat(2001) })).toHaveProperty(
      'reason_detail',
    );
    expect(errors(decisionSchema, { ...long, override_reason: 'x'.repeat(1001) })).toHaveProperty(
      'override_reason',
    );
  });

  it('approves, releases or cancels a decision by id, with an optional note', () => {
    expect(decisionStepSchema.parse({ version: '4', decision_id: DECISION, release: 'yes' })).toEqual({
      version: 4,
      decision_id: DECISION,
      release: true,
      note: '',
    });
    expect(errors(decisionStepSchema, { version: '4', decision_id: 'latest' })).toHaveProperty('decision_id');
    expect(
      errors(decisionStepSchema, { version: '4', decision_id: DECISION, note: 'x'.repeat(1001) }),
    ).toHaveProperty('note');
  });
});

describe('the version a form is rendered with', () => {
  const state = (step: 'refused' | 'conflict' | 'confirm' | 'back', version = '3') => ({
    step,
    message: '',
    errors: {},
    values: { version },
  });

  it('is the current one for a fresh form and after a conflict, so a second submit can succeed', () => {
    expect(versionFor(null, 5)).toBe('5');
    expect(versionFor(state('conflict'), 5)).toBe('5');
  });

  it('stays the one the form was opened with through a refusal or the confirmation step', () => {
    expect(versionFor(state('refused'), 5)).toBe('3');
    expect(versionFor(state('confirm'), 5)).toBe('3');
    expect(versionFor(state('back'), 5)).toBe('3');
    expect(versionFor(state('back', ''), 5)).toBe('5');
  });
});
