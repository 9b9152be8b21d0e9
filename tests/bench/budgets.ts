import { LIGHTHOUSE_ROUTES, ROUTES, type PageKind } from './routes.ts';
import { ANY_SUBJECT, APP_SUBJECT, STACK_SUBJECT, type SectionName, type SectionResult } from './types.ts';

export interface Budget {
  id: string;
  text: string;
  section: SectionName;
  subjects: string[];
  metrics: string[];
  op: '<=' | '>=';
  limit: number;
}

export interface Check {
  budget: string;
  subject: string;
  metric: string;
  status: 'pass' | 'fail' | 'unmeasured';
  actual: number | undefined;
  limit: string;
  reason?: string;
}

const labels = (kinds: PageKind[], only?: Set<string>) =>
  ROUTES.filter((r) => kinds.includes(r.kind) && (!only || only.has(r.label))).map((r) => r.label);
const presets = (names: string[]) => ['mobile', 'desktop'].flatMap((p) => names.map((n) => `${p}:${n}`));

export const BUDGETS: Budget[] = [
  {
    id: 'content-js',
    text: 'No JavaScript on content pages apart from the public islands, which load without blocking',
    section: 'js',
    subjects: labels(['content']),
    metrics: ['js-files-outside-public-islands', 'render-blocking-scripts'],
    op: '<=',
    limit: 0,
  },
  {
    id: 'public-js-at-load',
    text: 'At most 15 KiB of JavaScript (gzip) at load on every public page; what an island needs only on interaction is not counted',
    section: 'js',
    subjects: labels(['content', 'catalogue', 'auth']),
    metrics: ['js-at-load-gzip'],
    op: '<=',
    limit: 15 * 1024,
  },
  {
    id: 'content-performance',
    text: 'Lighthouse performance 100 on content pages (mobile and desktop)',
    section: 'lighthouse',
    subjects: labels(['content'], LIGHTHOUSE_ROUTES),
    metrics: presets(['performance']),
    op: '>=',
    limit: 100,
  },
  {
    id: 'catalogue-performance',
    text: 'Lighthouse performance ≥ 95 on catalogue pages (mobile)',
    section: 'lighthouse',
    subjects: labels(['catalogue'], LIGHTHOUSE_ROUTES),
    metrics: ['mobile:performance'],
    op: '>=',
    limit: 95,
  },
  {
    id: 'quality-100',
    text: 'Lighthouse accessibility, best practices and SEO 100 everywhere',
    section: 'lighthouse',
    subjects: [...LIGHTHOUSE_ROUTES],
    metrics: presets(['accessibility', 'best-practices', 'seo']),
    op: '>=',
    limit: 100,
  },
  {
    id: 'assessment-requests',
    text: 'A reader’s queue, an application’s reads and a committee ranking p95 ≤ 200 ms each (REST, Postgres, 10,000 applications, 20 readers)',
    section: 'assessment',
    subjects: ['Postgres'],
    metrics: ['reader-queue-p95', 'application-reads-p95', 'committee-ranking-p95'],
    op: '<=',
    limit: 200,
  },
  {
    id: 'assessment-assignment',
    text: 'Assigning a day’s 500 new submissions takes under 5 s (Postgres, 20 readers)',
    section: 'assessment',
    subjects: ['Postgres'],
    metrics: ['assign-500-ms'],
    op: '<=',
    limit: 5000,
  },
  {
    id: 'reports-requests',
    // The page's single call for every report at once is measured beside these (report-all-p95 and
    // its narrowed forms) without a budget of its own: it computes all four at once.
    text: 'Each report answers within 300 ms p95 (REST, Postgres, 100,000 applications this cycle and 20,000 the last)',
    section: 'reports',
    subjects: ['Postgres'],
    metrics: [
      'report-funnel-p95',
      'report-time_to_decision-p95',
      'report-applicants-p95',
      'report-staff-p95',
    ],
    op: '<=',
    limit: 300,
  },
  {
    id: 'search-pglite',
    text: 'Search p95 ≤ 25 ms database time on PGlite (100,000 courses)',
    section: 'search',
    subjects: ['PGlite'],
    metrics: ['db-p95'],
    op: '<=',
    limit: 25,
  },
  {
    id: 'search-postgres-db',
    text: 'Search p95 ≤ 25 ms database time on Postgres (100,000 courses)',
    section: 'search',
    subjects: ['Postgres'],
    metrics: ['db-p95'],
    op: '<=',
    limit: 25,
  },
  {
    id: 'search-postgres-e2e',
    text: 'Search p95 ≤ 50 ms end to end (REST API) on Postgres (100,000 courses)',
    section: 'search',
    subjects: ['Postgres'],
    metrics: ['e2e-p95'],
    op: '<=',
    limit: 50,
  },
  {
    id: 'search-page-app-cpu',
    text: 'App CPU per uncached /courses?q=… page ≤ 8 ms (Postgres, 100,000 courses, app alone)',
    section: 'search',
    subjects: ['Postgres uncached page'],
    metrics: ['app-cpu-ms'],
    op: '<=',
    limit: 8,
  },
  {
    id: 'search-api-app-cpu',
    text: 'App CPU per search-API answer ≤ 3 ms (Postgres, 100,000 courses, app alone)',
    section: 'search',
    subjects: ['Postgres search API'],
    metrics: ['app-cpu-ms'],
    op: '<=',
    limit: 3,
  },
  {
    id: 'search-postgres-cpu',
    text: 'Postgres CPU per search ≤ 8 ms (the search API, 100,000 courses)',
    section: 'search',
    subjects: ['Postgres search API'],
    metrics: ['postgres-cpu-ms'],
    op: '<=',
    limit: 8,
  },
  {
    id: 'search-page-throughput',
    text: 'Uncached /courses?q=… throughput ≥ 5 % of the prerendered page’s with 10 connections of unique queries',
    section: 'search',
    subjects: ['Postgres uncached page'],
    metrics: ['rps-ratio'],
    op: '>=',
    limit: 0.05,
  },
  {
    id: 'search-page-p99',
    text: 'Uncached /courses?q=… p99 ≤ 250 ms with 10 connections of unique queries',
    section: 'search',
    subjects: ['Postgres uncached page'],
    metrics: ['p99'],
    op: '<=',
    limit: 250,
  },
  {
    id: 'search-api-throughput',
    text: 'Search-API throughput ≥ 10 % of the prerendered page’s with 10 connections of unique queries',
    section: 'search',
    subjects: ['Postgres search API'],
    metrics: ['rps-ratio'],
    op: '>=',
    limit: 0.1,
  },
  {
    id: 'search-api-p99',
    text: 'Search-API p99 ≤ 100 ms with 10 connections of unique queries',
    section: 'search',
    subjects: ['Postgres search API'],
    metrics: ['p99'],
    op: '<=',
    limit: 100,
  },
  {
    id: 'app-memory-rest',
    text: 'App server alone ≤ 200 MiB at rest',
    section: 'memory',
    subjects: [APP_SUBJECT],
    metrics: ['rss-rest'],
    op: '<=',
    limit: 200,
  },
  {
    id: 'app-memory-load',
    text: 'App server alone ≤ 300 MiB under the bench’s load',
    section: 'memory',
    subjects: [APP_SUBJECT],
    metrics: ['rss-peak'],
    op: '<=',
    limit: 300,
  },
  {
    id: 'stack-memory',
    text: 'Local stack on PGlite with the demo data ≤ 400 MiB (at rest and under load)',
    section: 'memory',
    subjects: [STACK_SUBJECT],
    metrics: ['rss-rest', 'rss-peak'],
    op: '<=',
    limit: 400,
  },
  {
    id: 'cached-throughput',
    text: 'Cached catalogue page throughput ≥ 50 % of the prerendered page’s',
    section: 'throughput',
    subjects: ['cached catalogue page'],
    metrics: ['rps-ratio'],
    op: '>=',
    limit: 0.5,
  },
];

function checkOne(budget: Budget, result: SectionResult, subject: string, metric: string): Check {
  const base = { budget: budget.id, subject, metric, limit: `${budget.op} ${budget.limit}` };
  const found = result.metrics.find((m) => m.subject === subject && m.name === metric);
  if (found && Number.isFinite(found.value)) {
    const ok = budget.op === '<=' ? found.value <= budget.limit : found.value >= budget.limit;
    return { ...base, status: ok ? 'pass' : 'fail', actual: found.value };
  }
  const why =
    (
      result.unmeasured.find((u) => u.subject === subject) ??
      result.unmeasured.find((u) => u.subject === ANY_SUBJECT)
    )?.reason ?? 'no figure was recorded';
  return { ...base, status: 'unmeasured', actual: undefined, reason: why };
}

/** Checks every budget whose section ran; a missing figure is "unmeasured", never a pass. */
export function evaluateBudgets(results: SectionResult[], budgets: Budget[] = BUDGETS): Check[] {
  const checks: Check[] = [];
  for (const budget of budgets) {
    const result = results.find((r) => r.section === budget.section);
    if (!result) continue;
    for (const subject of budget.subjects)
      for (const metric of budget.metrics) checks.push(checkOne(budget, result, subject, metric));
  }
  return checks;
}

/** 1 when a measured figure misses its budget, or (strict) when anything budgeted went unmeasured. */
export function exitCode(checks: Check[], strict: boolean): number {
  if (checks.some((c) => c.status === 'fail')) return 1;
  return strict && checks.some((c) => c.status === 'unmeasured') ? 1 : 0;
}
