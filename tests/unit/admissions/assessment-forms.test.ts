import { describe, expect, it } from 'vitest';
import { interviewCalendar } from '../../../src/features/applications/interview/calendar.ts';
import { wallClock } from '../../../src/features/applications/interview/interview-time.ts';
import {
  committeeHref,
  parseCommitteeFilters,
} from '../../../src/features/admissions/assessment/committee-filters.ts';
import { formatTotal, levelsOf, readCriteria } from '../../../src/features/admissions/assessment/criteria.ts';
import { parseSlotForm } from '../../../src/features/admissions/assessment/slot-form.ts';
import { parseReadForm } from '../../../src/features/admissions/assessment/read-form.ts';
import {
  keyFromLabel,
  parseScoresheetForm,
} from '../../../src/features/admissions/assessment/scoresheet-form.ts';

const CRITERIA = readCriteria([
  {
    key: 'academic',
    label: 'Academic record',
    weight: 2,
    min: 1,
    max: 5,
    levels: ['Weak', 'Fair', 'Good', 'Very good', 'Excellent'],
    comment: true,
  },
  { key: 'motivation', label: 'Motivation', weight: 1, min: 0, max: 2, levels: ['None', 'Some', 'Clear'] },
]);

describe('the read form', () => {
  it('keeps a partial draft, with comments only where a criterion takes them', () => {
    const parsed = parseReadForm(
      {
        version: '3',
        intent: 'save-read',
        'score.academic': '4',
        'comment.academic': ' Strong ',
        'comment.motivation': 'x',
      },
      CRITERIA,
    );
    expect(parsed).toEqual({
      ok: true,
      input: {
        scores: { academic: 4 },
        comments: { academic: 'Strong' },
        recommendation: null,
        overallComment: '',
        version: 3,
        send: false,
      },
    });
  });

  it('refuses a score off the scale, a send with a criterion unscored, and a send not confirmed', () => {
    expect(parseReadForm({ version: '1', 'score.academic': '9' }, CRITERIA)).toMatchObject({
      ok: false,
      message: '“Academic record” is scored from 1 to 5.',
    });
    expect(
      parseReadForm({ version: '1', intent: 'send-read', 'score.academic': '3' }, CRITERIA),
    ).toMatchObject({
      ok: false,
      message: 'Score “Motivation” before you send this read.',
    });
    const full = {
      version: '1',
      intent: 'send-read',
      'score.academic': '3',
      'score.motivation': '0',
      recommendation: 'recommend',
    };
    expect(parseReadForm(full, CRITERIA, 'interview score')).toMatchObject({
      ok: false,
      message:
        'Tick “I have finished this interview score” to send it: once sent it can no longer be changed.',
    });
    expect(parseReadForm({ ...full, confirm_send: 'yes' }, CRITERIA)).toMatchObject({
      ok: true,
      input: { send: true },
    });
    expect(parseReadForm({ version: 'x' }, CRITERIA)).toMatchObject({ ok: false });
  });

  it('lists each level with its words, lowest first', () => {
    expect(levelsOf(CRITERIA[1]!)).toEqual([
      { value: 0, words: 'None' },
      { value: 1, words: 'Some' },
      { value: 2, words: 'Clear' },
    ]);
    expect(formatTotal('72.456')).toBe('72.5');
    expect(formatTotal(null)).toBe('');
  });
});

describe('the scoresheet editor', () => {
  it('builds criteria from its rows, keeping stored keys and making new ones from the names', () => {
    const parsed = parseScoresheetForm({
      name: ' Reading ',
      'c0.label': 'Academic record',
      'c0.key': 'academic',
      'c0.weight': '2',
      'c0.min': '1',
      'c0.max': '3',
      'c0.levels': 'Weak\nGood\nExcellent',
      'c0.comment': 'yes',
      'c1.label': 'Café culture',
      'c1.weight': '1',
      'c1.min': '0',
      'c1.max': '1',
      'c2.label': '',
    });
    expect(parsed).toEqual({
      ok: true,
      input: {
        name: 'Reading',
        version: null,
        criteria: [
          {
            key: 'academic',
            label: 'Academic record',
            weight: 2,
            min: 1,
            max: 3,
            levels: ['Weak', 'Good', 'Excellent'],
            comment: true,
          },
          {
            key: 'cafe_culture',
            label: 'Café culture',
            weight: 1,
            min: 0,
            max: 1,
            levels: ['', ''],
            comment: false,
          },
        ],
      },
    });
    expect(keyFromLabel('2nd look!', new Set())).toBe('nd_look');
    expect(keyFromLabel('Fit', new Set(['fit']))).toBe('fit_2');
  });

  it('refuses a sheet without criteria, a bad weight and a scale of one level', () => {
    expect(parseScoresheetForm({ name: 'X' })).toMatchObject({ ok: false, field: 'c0.label' });
    expect(
      parseScoresheetForm({ name: 'X', 'c0.label': 'A', 'c0.weight': '0', 'c0.min': '1', 'c0.max': '5' }),
    ).toMatchObject({
      ok: false,
      field: 'c0.weight',
    });
    expect(
      parseScoresheetForm({ name: 'X', 'c0.label': 'A', 'c0.weight': '1', 'c0.min': '3', 'c0.max': '3' }),
    ).toMatchObject({
      ok: false,
      field: 'c0.min',
    });
    expect(parseScoresheetForm({ name: '', 'c0.label': 'A' })).toMatchObject({ ok: false, field: 'name' });
  });
});

describe('the committee ranking address', () => {
  it('reads its filters from the query and writes them back', () => {
    const filters = parseCommitteeFilters(new URLSearchParams('reads=all&min=62.5&flag=disagree'));
    expect(filters).toEqual({ complete: false, minScore: 62.5, disagreementOnly: true });
    expect(committeeHref('i-1', filters)).toBe('/admin-intake/i-1/ranking?reads=all&min=62.5&flag=disagree');
    expect(parseCommitteeFilters(new URLSearchParams('min=abc'))).toEqual({
      complete: true,
      minScore: null,
      disagreementOnly: false,
    });
    expect(committeeHref('i-1', parseCommitteeFilters(new URLSearchParams()))).toBe(
      '/admin-intake/i-1/ranking',
    );
  });
});

describe('interview times', () => {
  it('reads the slot form: a day, times, and what every slot shares', () => {
    const parsed = parseSlotForm({
      day: '2027-01-12',
      times: '09:00, 09:30;10:00',
      time_zone: 'Europe/London',
      location: 'Room 4',
    });
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        starts: ['2027-01-12T09:00:00', '2027-01-12T09:30:00', '2027-01-12T10:00:00'],
        duration: 30,
        seats: 1,
        cutoff: 24,
      },
    });
    expect(parseSlotForm({ day: '2027-01-12', times: '9am' })).toEqual({
      ok: false,
      message: '“9am” is not a time: write it as 14:30.',
    });
    expect(parseSlotForm({ day: '', times: '09:00' })).toMatchObject({ ok: false });
  });

  it('shows a moment in the office’s zone and writes a calendar file in UTC', () => {
    expect(wallClock('2027-01-12T09:00:00Z', 'Asia/Tokyo')).toBe('Tuesday, 12 January 2027 at 18:00');
    expect(wallClock('2027-01-12T09:00:00Z', 'Not/AZone')).toContain('UTC');
    const ics = interviewCalendar({
      bookingId: 'b-1',
      startsAt: '2027-01-12T09:00:00Z',
      durationMinutes: 30,
      location: 'Room 4, Main Building',
      online: false,
      course: 'Computing',
      reference: 'UP-2027-ABC123',
      pageUrl: 'https://unipath.example/applications/a/interview',
    });
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('UID:interview-b-1@unipath');
    expect(ics).toContain('DTSTART:20270112T090000Z');
    expect(ics).toContain('LOCATION:Room 4\\, Main Building');
  });
});
