import { z } from 'zod';
import { checkboxRule, optionalText, requiredNumber } from './field-rules.ts';
import { DOCUMENT_KINDS, FILE_TYPES } from './options.ts';

const MEGABYTE = 1024 * 1024;
/** The column allows up to 52,428,800 bytes: 50 MB. */
export const MAX_UPLOAD_MB = 50;

/**
 * One document a course asks for. File types arrive as one checkbox each; at least one must be
 * ticked, as the column refuses an empty list. The size is typed in megabytes and stored in bytes.
 */
export const documentRequirementSchema = z
  .object({
    kind: z.enum(DOCUMENT_KINDS, { error: 'Choose which document this is.' }),
    required: checkboxRule,
    allow_pdf: checkboxRule,
    allow_jpeg: checkboxRule,
    allow_png: checkboxRule,
    max_size_mb: requiredNumber('Maximum size in MB', { min: 0.1, max: MAX_UPLOAD_MB, places: 1 }),
    description: optionalText('Notes for applicants', 500),
  })
  .refine((input) => FILE_TYPES.some((type) => input[type.field] === true), {
    path: ['allowed_types'],
    message: 'Tick at least one file type.',
    // Checked even when another field is wrong, so every mistake is reported at once.
    when: () => true,
  })
  .transform((input) => ({
    kind: input.kind,
    required: input.required,
    allowed_types: FILE_TYPES.filter((type) => input[type.field]).map((type) => type.value),
    max_size_bytes: Math.round(input.max_size_mb * MEGABYTE),
    description: input.description,
  }));
export type DocumentRequirementInput = z.infer<typeof documentRequirementSchema>;

export function megabytesOf(bytes: number): string {
  return String(Math.round((bytes / MEGABYTE) * 10) / 10);
}
