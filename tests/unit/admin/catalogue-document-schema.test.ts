import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../src/lib/security/form-input.ts';
import {
  documentRequirementSchema,
  megabytesOf,
} from '../../../src/features/admin/catalogue/document-schema.ts';

const errorsOf = (input: Record<string, string>) => {
  const result = documentRequirementSchema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
};

describe('document requirement form', () => {
  it('stores the ticked file types and the size in bytes', () => {
    expect(
      documentRequirementSchema.parse({
        kind: 'transcript',
        required: 'on',
        allow_pdf: 'on',
        allow_png: 'on',
        max_size_mb: '2.5',
        description: 'Certified copies of all your grades',
      }),
    ).toEqual({
      kind: 'transcript',
      required: true,
      allowed_types: ['application/pdf', 'image/png'],
      max_size_bytes: 2621440,
      description: 'Certified copies of all your grades',
    });
  });

  it('reads an unticked "required" box as optional', () => {
    expect(documentRequirementSchema.parse({ kind: 'cv', allow_pdf: 'on', max_size_mb: '5' })).toMatchObject({
      required: false,
      description: '',
    });
  });

  it('refuses a requirement that accepts no file type', () => {
    expect(errorsOf({ kind: 'cv', max_size_mb: '5' })).toEqual({
      allowed_types: 'Tick at least one file type.',
    });
  });

  it('reports a missing file type alongside other mistakes', () => {
    expect(Object.keys(errorsOf({ kind: 'diploma', max_size_mb: '5' })).sort()).toEqual([
      'allowed_types',
      'kind',
    ]);
  });

  it.each([
    ['0', 'Maximum size in MB must be a number from 0.1 to 50.'],
    ['50.1', 'Maximum size in MB must be a number from 0.1 to 50.'],
    ['1.25', 'Maximum size in MB must be a number from 0.1 to 50.'],
    ['', 'Enter the maximum size in mb.'],
  ])('refuses a size of %j MB', (size, message) => {
    expect(errorsOf({ kind: 'cv', allow_pdf: 'on', max_size_mb: size })).toEqual({ max_size_mb: message });
  });

  it('keeps 50 MB within the column limit of 52,428,800 bytes', () => {
    const parsed = documentRequirementSchema.parse({ kind: 'portfolio', allow_pdf: 'on', max_size_mb: '50' });
    expect(parsed.max_size_bytes).toBe(52428800);
  });

  it('shows stored sizes in megabytes', () => {
    expect(megabytesOf(10485760)).toBe('10');
    expect(megabytesOf(2621440)).toBe('2.5');
  });
});
