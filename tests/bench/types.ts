/** One measured figure: what was measured (subject), which quantity, its value and unit. */
export interface Metric {
  section: SectionName;
  subject: string;
  name: string;
  value: number;
  unit: string;
}

/** Something the bench meant to measure but could not, with the plain reason. */
export interface Unmeasured {
  section: SectionName;
  subject: string;
  reason: string;
}

export interface Table {
  title: string;
  columns: string[];
  rows: string[][];
}

export interface SectionResult {
  section: SectionName;
  metrics: Metric[];
  unmeasured: Unmeasured[];
  tables: Table[];
  notes: string[];
  seconds: number;
}

/** The memory section's subjects: the app server alone, and the local stack alone. */
export const APP_SUBJECT = 'app server';
export const STACK_SUBJECT = 'local stack (PGlite, demo data)';

/** The subject of an Unmeasured entry that covers everything the section measures. */
export const ANY_SUBJECT = '*';

export const SECTIONS = [
  'js',
  'lighthouse',
  'throughput',
  'search',
  'interaction',
  'memory',
  'fleet',
  'assessment',
  'reports',
] as const;
export type SectionName = (typeof SECTIONS)[number];

/** What every section records into while it runs. */
export class SectionRecorder {
  readonly result: SectionResult;

  constructor(section: SectionName) {
    this.result = { section, metrics: [], unmeasured: [], tables: [], notes: [], seconds: 0 };
  }

  metric(subject: string, name: string, value: number, unit = ''): void {
    this.result.metrics.push({ section: this.result.section, subject, name, value, unit });
  }

  unmeasured(subject: string, reason: string): void {
    this.result.unmeasured.push({ section: this.result.section, subject, reason });
  }

  table(title: string, columns: string[], rows: string[][]): void {
    this.result.tables.push({ title, columns, rows });
  }

  note(text: string): void {
    this.result.notes.push(text);
  }
}
