import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../src/lib/security/form-input.ts';
import {
  refereeFormSchema,
  refereeTokenSchema,
  referenceRequestSchema,
} from '../../../src/features/references/reference-schemas.ts';
import {
  letterParts,
  nextReminderAt,
  shownStatus,
} from '../../../src/features/references/reference-status.ts';

const REFEREE = {
  referee_name: 'Dr Ada Marsh',
  referee_email: ' Ada.Marsh@School.example.org ',
  relationship: 'Physics teacher',
  note: '',
  waived: 'yes',
};

const errorsOf = (schema: typeof referenceRequestSchema | typeof refereeFormSchema, input: object) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
};

describe('naming a referee', () => {
  it('keeps the address in lower case without spaces', () => {
    expect(referenceRequestSchema.parse(REFEREE).referee_email).toBe('ada.marsh@school.example.org');
  });

  it('asks for the waiver choice, a real address and a name', () => {
    expect(
      Object.keys(
        errorsOf(referenceRequestSchema, { ...REFEREE, waived: '', referee_email: 'ada', referee_name: 'A' }),
      ).sort(),
    ).toEqual(['referee_email', 'referee_name', 'waived']);
  });
});

describe('the referee’s short form', () => {
  const LETTER = {
    relationship: 'Their tutor for three years',
    general: 'A careful, curious student who finishes what they start and helps others.',
    circumstances: '',
    suitability: 'They draw and build models every week.',
  };

  it('takes the circumstances as optional and the other parts as required', () => {
    expect(refereeFormSchema.parse(LETTER).circumstances).toBe('');
    expect(errorsOf(refereeFormSchema, { ...LETTER, general: 'Good.' })).toHaveProperty('general');
  });

  it('shows only the parts that were written, in the form’s order', () => {
    expect(
      letterParts({ suitability: 'S', general: 'G', circumstances: null }).map((part) => part.text),
    ).toEqual(['G', 'S']);
    expect(letterParts(null)).toEqual([]);
  });
});

describe('a request’s state', () => {
  it('reads a request waiting past its last day as expired before the hourly sweep marks it', () => {
    expect(shownStatus('opened', '2026-12-01', '2026-12-02')).toBe('expired');
    expect(shownStatus('opened', '2026-12-02', '2026-12-02')).toBe('opened');
    expect(shownStatus('received', '2026-12-01', '2026-12-02')).toBe('received');
  });

  it('allows the next reminder a week after the request or the last reminder', () => {
    expect(nextReminderAt('2026-12-01T10:00:00Z', null).toISOString()).toBe('2026-12-08T10:00:00.000Z');
    expect(nextReminderAt('2026-12-01T10:00:00Z', '2026-12-09T08:00:00Z').toISOString()).toBe(
      '2026-12-16T08:00:00.000Z',
    );
  });

  it('accepts only a link token of 32 URL-safe characters', () => {
    expect(refereeTokenSchema.safeParse('a'.repeat(32)).success).toBe(true);
    expect(refereeTokenSchema.safeParse('a'.repeat(31)).success).toBe(false);
    expect(refereeTokenSchema.safeParse(`${'a'.repeat(31)}/`).success).toBe(false);
  });
});
