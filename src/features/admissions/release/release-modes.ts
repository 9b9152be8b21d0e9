/**
 * How an intake's decisions reach applicants (the release_mode column of intakes), with the words
 * staff read for each: the catalogue form that sets it and the intakes screens that show it.
 */
export const RELEASE_MODES = ['rolling', 'batch'] as const;
export type ReleaseMode = (typeof RELEASE_MODES)[number];

export const RELEASE_MODE_LABELS: Readonly<Record<ReleaseMode, string>> = {
  rolling: 'Rolling',
  batch: 'Batch',
};

export const RELEASE_MODE_DESCRIPTIONS: Readonly<Record<ReleaseMode, string>> = {
  rolling: 'Each decision goes out when staff release it.',
  batch: 'Decisions are held until “Publish decisions”, then every applicant hears at once.',
};

export function isReleaseMode(value: unknown): value is ReleaseMode {
  return RELEASE_MODES.includes(value as ReleaseMode);
}

export function releaseModeLabel(mode: string): string {
  return isReleaseMode(mode) ? RELEASE_MODE_LABELS[mode] : mode;
}
