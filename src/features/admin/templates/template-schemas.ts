import { z } from 'zod';

/** The database's limits on a template's words (public.message_templates). */
export const TEMPLATE_LIMITS = {
  subject: 200,
  summary: 300,
  body_text: 10_000,
  body_html: 20_000,
} as const;

export type TemplatePart = keyof typeof TEMPLATE_LIMITS;
export const TEMPLATE_PARTS = ['subject', 'summary', 'body_text', 'body_html'] as const;

export const TEMPLATE_PART_LABELS: Record<TemplatePart, string> = {
  subject: 'Subject',
  summary: 'One-line summary',
  body_text: 'Plain-text body',
  body_html: 'HTML body',
};

const words = (part: TemplatePart, what: string) =>
  z
    .string(`Write the ${what}.`)
    .trim()
    .min(1, `Write the ${what}.`)
    .max(
      TEMPLATE_LIMITS[part],
      `Keep the ${what} to ${TEMPLATE_LIMITS[part].toLocaleString('en-GB')} characters at most.`,
    );

export const templateKeySchema = z
  .string()
  .regex(/^[a-z][a-z_]{2,60}$/, 'This message template is not recognised. Reload the page.');

export const templateEditSchema = z.object({
  key: templateKeySchema,
  version: z.coerce
    .number('This form does not say which version of the template it is based on. Reload the page.')
    .int('This form does not say which version of the template it is based on. Reload the page.')
    .positive('This form does not say which version of the template it is based on. Reload the page.'),
  subject: words('subject', 'subject'),
  summary: words('summary', 'one-line summary'),
  body_text: words('body_text', 'plain-text body'),
  body_html: words('body_html', 'HTML body'),
});
export type TemplateEditInput = z.infer<typeof templateEditSchema>;

/** A reference such as UP-2027-7F3K9Q, typed in any case. */
export const previewReferenceSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^UP-\d{4}-[0-9A-Z]{6}$/, 'Give a reference such as UP-2027-7F3K9Q.');

const MERGE_FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The merge fields the words use, each once, in order of appearance. */
export function mergeFieldsIn(text: string): string[] {
  return [...new Set([...text.matchAll(MERGE_FIELD)].map((match) => match[1] ?? ''))];
}

/**
 * Why the words cannot be sent, as the database would refuse them: a broken brace, or merge fields
 * this template does not have (named, with the ones it does have).
 */
export function mergeFieldProblem(text: string, allowed: readonly string[]): string | null {
  if (/\{\{|\}\}/.test(text.replace(/\{\{\s*[a-z_]+\s*\}\}/g, ''))) {
    return 'A merge field is broken: write each one as {{name}}.';
  }
  const unknown = mergeFieldsIn(text).filter((field) => !allowed.includes(field));
  if (unknown.length === 0) return null;
  const names = unknown.map((field) => `{{${field}}}`).join(', ');
  return `${unknown.length === 1 ? 'Unknown merge field' : 'Unknown merge fields'} ${names}. This message can use: ${
    allowed.map((field) => `{{${field}}}`).join(', ') || 'none'
  }.`;
}

/** A template's name for people: its key in words ("document_rejected" → "Document rejected"). */
export function templateName(key: string): string {
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
