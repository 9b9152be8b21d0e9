import type { z } from 'zod';
import { fieldErrorsOf } from './form-input.ts';
import { failure, type FormOutcome } from './form-outcome.ts';

export type Parsed<S extends z.ZodType> =
  { ok: true; value: z.infer<S> } | { ok: false; outcome: FormOutcome };

/** Validates a post against its form's schema; a refusal names the fields to correct. */
export function parse<S extends z.ZodType>(schema: S, fields: Record<string, string>): Parsed<S> {
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, outcome: failure(422, 'Please correct the form.', fieldErrorsOf(result.error)) };
}
