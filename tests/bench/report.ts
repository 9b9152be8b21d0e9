import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUDGETS, type Check } from './budgets.ts';
import type { SectionResult, Table } from './types.ts';

export interface Environment {
  date: string;
  commit: string;
  node: string;
  cpus: string;
  chromium?: string;
  lighthouse?: string;
  options: string;
  build?: string;
  warnings: string[];
}

export interface Report {
  environment: Environment;
  sections: SectionResult[];
  checks: Check[];
  exitCode: number;
}

const escapeCell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function markdownTable(table: Pick<Table, 'columns' | 'rows'>): string {
  const head = `| ${table.columns.map(escapeCell).join(' | ')} |`;
  const rule = `|${table.columns.map(() => '---').join('|')}|`;
  return [head, rule, ...table.rows.map((row) => `| ${row.map(escapeCell).join(' | ')} |`)].join('\n');
}

const SECTION_TITLES: Record<string, string> = {
  js: 'JavaScript shipped per route',
  lighthouse: 'Lighthouse',
  throughput: 'Server throughput',
  search: 'Search latency',
  interaction: 'Interaction latency',
  memory: 'Memory per process',
  fleet: 'Several app servers',
};

function sectionMarkdown(result: SectionResult): string {
  const parts = [`## ${SECTION_TITLES[result.section] ?? result.section} (${result.seconds.toFixed(0)} s)`];
  for (const table of result.tables) parts.push(`**${table.title}**\n\n${markdownTable(table)}`);
  if (result.unmeasured.length > 0)
    parts.push(result.unmeasured.map((u) => `- **Not measured** — ${u.subject}: ${u.reason}`).join('\n'));
  if (result.notes.length > 0) parts.push(result.notes.map((n) => `- ${n}`).join('\n'));
  return parts.join('\n\n');
}

const shown = (value: number | undefined) =>
  value === undefined ? '—' : Number.isInteger(value) ? String(value) : value.toFixed(2);

const RANK = { fail: 2, unmeasured: 1, pass: 0 } as const;
const MARK = { pass: 'pass', fail: '**MISSED**', unmeasured: 'not measured' } as const;

/** One row per budget and subject: the figures side by side, the worst result wins. */
export function budgetRows(checks: Check[]): string[][] {
  const groups = new Map<string, Check[]>();
  for (const check of checks) {
    const key = `${check.budget}\u0000${check.subject}`;
    groups.set(key, [...(groups.get(key) ?? []), check]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0] as Check;
    const worst = group.reduce((a, b) => (RANK[b.status] > RANK[a.status] ? b : a));
    const figures = group.map((c) => `${c.metric} ${shown(c.actual)}`).join(', ');
    const reason = worst.reason ? ` (${worst.reason})` : '';
    return [
      first.budget,
      first.subject,
      worst.status === 'unmeasured' ? '—' : figures,
      first.limit,
      MARK[worst.status] + reason,
    ];
  });
}

function budgetsMarkdown(checks: Check[]): string {
  if (checks.length === 0) return '## Budgets\n\nNo budgeted section ran.';
  const count = (s: Check['status']) => checks.filter((c) => c.status === s).length;
  const legend = BUDGETS.map((b) => `- \`${b.id}\`: ${b.text}`).join('\n');
  return [
    '## Budgets',
    `${count('pass')} figures within budget, ${count('fail')} missed, ${count('unmeasured')} not measured (not measured is never a pass).`,
    legend,
    markdownTable({ columns: ['budget', 'subject', 'figures', 'limit', 'result'], rows: budgetRows(checks) }),
  ].join('\n\n');
}

export function renderMarkdown(report: Report): string {
  const env = report.environment;
  const header = [
    '# Unipath bench',
    [
      `- Date: ${env.date}; commit ${env.commit}`,
      `- Node ${env.node}; ${env.cpus}`,
      env.chromium ? `- Chromium: ${env.chromium}` : '',
      env.lighthouse ? `- Lighthouse: ${env.lighthouse}` : '',
      env.build ? `- Build: ${env.build}` : '',
      `- Options: ${env.options}`,
      `- Exit code: ${report.exitCode}`,
      ...env.warnings.map((w) => `- **Warning:** ${w}`),
    ]
      .filter(Boolean)
      .join('\n'),
  ];
  return (
    [...header, budgetsMarkdown(report.checks), ...report.sections.map(sectionMarkdown)].join('\n\n') + '\n'
  );
}

/** Writes report.md and report.json into the bench folder and returns the markdown. */
export function writeReport(dir: string, report: Report): string {
  mkdirSync(dir, { recursive: true });
  const markdown = renderMarkdown(report);
  writeFileSync(join(dir, 'report.md'), markdown);
  writeFileSync(join(dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  return markdown;
}
