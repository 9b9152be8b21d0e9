import type { $ZodError } from 'zod/v4/core';
import type { FieldErrors } from './form-outcome.ts';

/**
 * Text as the database can store it: without NUL characters or lone surrogates, which nobody
 * types and Postgres refuses (an error, not a message, for whoever sent them).
 */
export function storableText(value: string): string {
  return value.replace(/\0|\p{Cs}/gu, '');
}

/** The text fields of a submitted form; files and repeated names beyond the first are ignored. */
export function formFields(data: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of data) {
    if (typeof value === 'string' && !(name in fields)) fields[name] = storableText(value);
  }
  return fields;
}

/**
 * The text fields of a request's form body; a body that is not a form (JSON, plain text, broken
 * multipart) reads as an empty form, which the form's schema then refuses like any missing input.
 */
export async function submittedFields(request: Request): Promise<Record<string, string>> {
  return formFields(await request.formData().catch(() => new FormData()));
}

/**
 * The first message per field, keyed by the field's name, nested paths joined with dots as the form
 * names its fields (`education.0.institution`; z.flattenError would keep only `education`); a
 * message about the whole form under `form`. Works for zod and zod/mini errors alike.
 */
export function fieldErrorsOf(error: $ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
