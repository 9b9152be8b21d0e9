import { describe, expect, it } from 'vitest';
import { describeEducation, readAnswers } from '../../../src/features/admin/review/detail/answers-view.ts';
import { countryLabel, fileSizeLabel } from '../../../src/features/admin/review/detail/review-labels.ts';
import { documentKindLabel } from '../../../src/lib/document-kinds.ts';

describe('application answers on the review screen', () => {
  it('reads the wizard’s answers', () => {
    const view = readAnswers({
      personal: { full_name: ' Amara Okafor ', nationality: 'NG', phone: '' },
      academic: [
        { institution: 'Kings College Lagos', qualification: 'WAEC', start_year: '2017', end_year: 2023 },
      ],
      english_test: { test: 'ielts', score: 7, taken_on: '2025-05-01' },
      statement: '  I want to study architecture.  ',
    });
    expect(view).toEqual({
      personal: { full_name: 'Amara Okafor', nationality: 'NG' },
      academic: [
        { institution: 'Kings College Lagos', qualification: 'WAEC', start_year: '2017', end_year: '2023' },
      ],
      english: { test: 'ielts', score: '7', taken_on: '2025-05-01' },
      statement: 'I want to study architecture.',
    });
    expect(describeEducation(view.academic[0] ?? {})).toBe('Kings College Lagos: WAEC, 2017–2023');
  });

  it('names the field after the qualification unless the qualification already names it', () => {
    const row = {
      institution: 'University of Ibadan',
      qualification: 'BSc Mathematics',
      field: 'Mathematics',
    };
    expect(describeEducation(row)).toBe('University of Ibadan: BSc Mathematics');
    expect(describeEducation({ ...row, qualification: 'BSc Mathématiques', field: 'mathematiques' })).toBe(
      'University of Ibadan: BSc Mathématiques',
    );
    expect(describeEducation({ ...row, qualification: 'WAEC', field: 'Sciences' })).toBe(
      'University of Ibadan: WAEC in Sciences',
    );
  });

  it('shows nothing rather than failing on answers of an unexpected shape', () => {
    expect(readAnswers(null)).toEqual({ personal: {}, academic: [], english: null, statement: '' });
    expect(
      readAnswers({
        personal: ['x'],
        academic: 'none',
        english_test: { score: 7 },
        statement: { text: 'x' },
      }),
    ).toEqual({ personal: {}, academic: [], english: null, statement: '' });
    expect(readAnswers({ academic: [null, 3, { grade: { a: 1 } }, { institution: 'X' }] }).academic).toEqual([
      { institution: 'X' },
    ]);
  });

  it('names countries, document kinds and file sizes', () => {
    expect(countryLabel('NG')).toBe('Nigeria (NG)');
    expect(countryLabel('Lagos')).toBe('Lagos');
    expect(countryLabel(null)).toBe('');
    expect(documentKindLabel('english_test')).toBe('English test certificate');
    expect(documentKindLabel('birth_certificate')).toBe('birth certificate');
    expect(fileSizeLabel(2_516_582)).toBe('2.4 MB');
    expect(fileSizeLabel(120)).toBe('1 KB');
  });
});
