import type { BulkTarget } from './bulk-targets.server.ts';
import type { Stamp } from './bulk-form.ts';

/** What the preview says will happen to one application. */
export type Verdict =
  | { kind: 'apply'; plan: string }
  | { kind: 'refuse'; reasons: string[] }
  /** Nothing to do: the application already is as asked. */
  | { kind: 'skip'; note: string };

/** What happened to one application when the change was confirmed. */
export interface RowResult {
  kind: 'done' | 'refused' | 'skipped';
  message: string;
}

/** One line of the preview or of the results: the application (absent when not found) and its fate. */
export interface BulkRow<T> {
  id: string;
  target: BulkTarget | null;
  outcome: T;
}

/** A term and its description, for the "what you asked for" summary above the preview. */
export interface SummaryItem {
  term: string;
  detail: string;
}

/** One kind of bulk change: how it is described, previewed row by row, and applied to one row. */
export interface BulkAction {
  /** "Unsuccessful for the selected applications", the preview's heading. */
  title: string;
  summary: SummaryItem[];
  /** The confirm button, given how many rows will change: "Make 2 decisions". */
  confirmLabel: (count: number) => string;
  preview: (targets: readonly BulkTarget[]) => Promise<Verdict[]>;
  apply: (target: BulkTarget, stamp: Stamp) => Promise<RowResult>;
}
