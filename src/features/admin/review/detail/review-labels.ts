/** Words the review screens use for the codes stored with an application. */

export const DOCUMENT_STATES = {
  uploaded: 'Not checked yet',
  verified: 'Verified',
  rejected: 'Rejected',
} as const;

/** How the timeline names who acted; staff see colleagues' e-mails where the team directory has them. */
export const ACTOR_KINDS = { applicant: 'Applicant', admissions: 'Admissions', system: 'Unipath' } as const;

export const NEXT_ACTORS: Record<string, string> = {
  applicant: 'The applicant',
  admissions: 'Admissions (us)',
  none: 'No one: the application is closed',
};

export function documentStateLabel(status: string): string {
  return status in DOCUMENT_STATES ? DOCUMENT_STATES[status as keyof typeof DOCUMENT_STATES] : status;
}

const regions = new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'code' });

/** "Nigeria (NG)" for an ISO country code; the code itself when it is not one. */
export function countryLabel(code: string | null | undefined): string {
  if (!code) return '';
  if (!/^[A-Z]{2}$/.test(code)) return code;
  const name = regions.of(code);
  return name && name !== code ? `${name} (${code})` : code;
}

/** "2.4 MB" / "830 KB" for a file size. */
export function fileSizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const matches = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/** What two applications share, in words: "name and date of birth, phone number and passport number". */
export function matchList(matchedOn: readonly string[]): string {
  return matches.format(matchedOn);
}
