import type { StatusTone } from '../../../../lib/application-status.ts';
import type { RowResult, Verdict } from '../bulk-types.ts';

/** How one row of a preview or of the results reads: a badge and the sentences beside it. */
export interface RowLine {
  label: string;
  tone: StatusTone;
  lines: string[];
}

export function verdictLine(verdict: Verdict): RowLine {
  if (verdict.kind === 'apply') return { label: 'Will change', tone: 'good', lines: [verdict.plan] };
  if (verdict.kind === 'skip') return { label: 'No change needed', tone: 'neutral', lines: [verdict.note] };
  return { label: 'Will be refused', tone: 'attention', lines: verdict.reasons };
}

const RESULT_BADGES: Record<RowResult['kind'], { label: string; tone: StatusTone }> = {
  done: { label: 'Done', tone: 'good' },
  refused: { label: 'Refused', tone: 'attention' },
  skipped: { label: 'Not changed', tone: 'neutral' },
};

export function resultLine(result: RowResult): RowLine {
  return { ...RESULT_BADGES[result.kind], lines: [result.message] };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 of 3 applications will change; 1 will be refused and left as it is." */
export function previewSummary(verdicts: readonly Verdict[]): string {
  const ready = verdicts.filter((v) => v.kind === 'apply').length;
  const refused = verdicts.filter((v) => v.kind === 'refuse').length;
  const same = verdicts.length - ready - refused;
  const parts = [`${ready} of ${count(verdicts.length, 'application', 'applications')} will change`];
  if (refused > 0)
    parts.push(`${refused} will be refused and left as ${refused === 1 ? 'it is' : 'they are'}`);
  if (same > 0) parts.push(`${same} already ${same === 1 ? 'is' : 'are'} as asked`);
  return `${parts.join('; ')}.`;
}

/** "2 done, 1 refused." */
export function resultsSummary(results: readonly RowResult[]): string {
  const tally = (kind: RowResult['kind']) => results.filter((r) => r.kind === kind).length;
  const parts = [`${tally('done')} done`, `${tally('refused')} refused`];
  if (tally('skipped') > 0) parts.push(`${tally('skipped')} not changed`);
  return `${parts.join(', ')}.`;
}
