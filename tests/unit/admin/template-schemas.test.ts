import { describe, expect, it } from 'vitest';
import {
  mergeFieldProblem,
  mergeFieldsIn,
  previewReferenceSchema,
  templateEditSchema,
  templateName,
} from '../../../src/features/admin/templates/template-schemas.ts';

const ALLOWED = ['recipient_name', 'reference'];

describe('merge fields in template words', () => {
  it('lists each field once, spaces inside the braces allowed', () => {
    expect(mergeFieldsIn('Hi {{recipient_name}}, {{ reference }} / {{reference}}')).toEqual([
      'recipient_name',
      'reference',
    ]);
  });

  it('accepts words that use only the template’s fields', () => {
    expect(mergeFieldProblem('Hello {{recipient_name}}, about {{ reference }}.', ALLOWED)).toBeNull();
    expect(mergeFieldProblem('No fields at all.', ALLOWED)).toBeNull();
  });

  it('refuses an unknown field, naming it and the fields there are', () => {
    expect(mergeFieldProblem('Hi {{first_name}}', ALLOWED)).toBe(
      'Unknown merge field {{first_name}}. This message can use: {{recipient_name}}, {{reference}}.',
    );
    expect(mergeFieldProblem('{{a_b}} {{c_d}} {{reference}}', ALLOWED)).toBe(
      'Unknown merge fields {{a_b}}, {{c_d}}. This message can use: {{recipient_name}}, {{reference}}.',
    );
  });

  it('refuses a brace that does not make a field', () => {
    expect(mergeFieldProblem('Hi {{recipient name}}', ALLOWED)).toBe(
      'A merge field is broken: write each one as {{name}}.',
    );
    expect(mergeFieldProblem('Hi {{reference', ALLOWED)).toBe(
      'A merge field is broken: write each one as {{name}}.',
    );
  });
});

describe('the template form', () => {
  const valid = {
    key: 'document_rejected',
    version: '3',
    subject: ' Subject ',
    summary: 'Summary',
    body_text: 'Text',
    body_html: '<p>HTML</p>',
  };

  it('takes the words trimmed and the version as a number', () => {
    expect(templateEditSchema.parse(valid)).toEqual({ ...valid, version: 3, subject: 'Subject' });
  });

  it('refuses empty words, over-long words and a missing version, each on its field', () => {
    const result = templateEditSchema.safeParse({
      ...valid,
      version: '',
      subject: '  ',
      body_text: 'x'.repeat(10_001),
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual(['body_text', 'subject', 'version']);
  });

  it('reads a reference in any case and refuses anything else', () => {
    expect(previewReferenceSchema.parse(' up-2027-7f3k9q ')).toBe('UP-2027-7F3K9Q');
    expect(previewReferenceSchema.safeParse('<script>').success).toBe(false);
  });

  it('names a template in words', () => {
    expect(templateName('decision_offer_conditional')).toBe('Decision offer conditional');
  });
});
