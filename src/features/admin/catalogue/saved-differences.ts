import type { FormValues } from './row-values.ts';
import { choiceLabel } from './options.ts';

/** One field whose saved value is not what the form holds, in words for the person who typed it. */
export interface SavedDifference {
  name: string;
  label: string;
  /** The saved value as the form would show it: a choice's label, "Yes"/"No" for a tick box. */
  saved: string;
}

const TICK_BOXES: Readonly<Record<string, string>> = {
  published: 'Published',
  is_partner: 'Partner university',
  required: 'Required to submit',
  allow_pdf: 'PDF accepted',
  allow_jpeg: 'JPEG image accepted',
  allow_png: 'PNG image accepted',
};
const CHOICES = new Set([
  'level',
  'study_mode',
  'tuition_period',
  'type',
  'kind',
  'required_prior_level',
  'release_mode',
]);

function shown(name: string, value: string): string {
  if (name in TICK_BOXES) return value ? 'Yes' : 'No';
  if (!value) return 'empty';
  return CHOICES.has(name) ? choiceLabel(value) : value;
}

/**
 * After a save was refused as stale: the fields where the saved record differs from what the form
 * holds, so the person sees what a colleague changed before deciding to save their own values.
 */
export function savedDifferences(
  saved: FormValues,
  typed: FormValues,
  labels: Readonly<Record<string, string>>,
): SavedDifference[] {
  const names = { ...labels, ...TICK_BOXES };
  return Object.entries(names)
    .filter(([name]) => name in saved && (saved[name] ?? '').trim() !== (typed[name] ?? '').trim())
    .map(([name, label]) => ({ name, label, saved: shown(name, saved[name] ?? '') }));
}
