import { describe, expect, it } from 'vitest';
import { bulkCommandSchema, commandFields } from '../../../src/features/admissions/bulk/bulk-form.ts';
import { replyByVerdict } from '../../../src/features/admissions/bulk/bulk-reply-by.server.ts';

const TODAY = '2031-03-01';

describe('a new reply-by date for the selected offers', () => {
  it('extends or shortens an open offer, and says what it was', () => {
    expect(
      replyByVerdict({ status: 'offer_conditional', reply_by: '2031-04-01' }, '2031-05-01', TODAY),
    ).toEqual({
      kind: 'apply',
      plan: 'Extend to 1 May 2031 (was 1 Apr 2031); the applicant gets a letter.',
    });
    expect(
      replyByVerdict({ status: 'offer_unconditional', reply_by: '2031-04-01' }, '2031-03-20', TODAY),
    ).toEqual({
      kind: 'apply',
      plan: 'Shorten to 20 Mar 2031 (was 1 Apr 2031); the applicant gets a letter.',
    });
  });

  it('skips an offer already on that date and refuses anything else, or a day gone by', () => {
    expect(
      replyByVerdict({ status: 'offer_conditional', reply_by: '2031-04-01' }, '2031-04-01', TODAY).kind,
    ).toBe('skip');
    expect(replyByVerdict({ status: 'accepted', reply_by: '2031-04-01' }, '2031-05-01', TODAY)).toEqual({
      kind: 'refuse',
      reasons: ['Only an offer waiting for a reply has a reply-by date to change.'],
    });
    expect(replyByVerdict({ status: 'offer_conditional', reply_by: null }, '2031-02-01', TODAY).kind).toBe(
      'refuse',
    );
  });

  it('needs a date, and carries the date and note to the confirm form', () => {
    expect(bulkCommandSchema.safeParse({ action: 'reply_by', reply_by: '' }).success).toBe(false);
    const command = bulkCommandSchema.parse({
      action: 'reply_by',
      reply_by: '2031-05-01',
      reply_note: ' More time ',
    });
    expect(commandFields(command)).toEqual({
      action: 'reply_by',
      reply_by: '2031-05-01',
      reply_note: 'More time',
    });
  });
});
