import { parseArgs } from 'node:util';
import { SECTIONS, type SectionName } from './types.ts';

export interface BenchOptions {
  sections: SectionName[];
  quick: boolean;
  strict: boolean;
  /** Rebuild the app before measuring. */
  build: boolean;
  /** A Postgres URL for the search section's second database; PGlite only when absent. */
  postgres: string | undefined;
}

export const USAGE = `npm run bench [-- options]
  --only js,lighthouse,throughput,search,interaction   run only these sections (default: all)
  --quick        fewer runs and shorter loads, for development (figures are rougher)
  --strict       also fail when a budgeted figure could not be measured (e.g. a page not built yet)
  --build        run npm run build first (otherwise only when dist/ is missing)
  --postgres URL also measure search on this Postgres database (or set BENCH_POSTGRES_URL)`;

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      quick: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
      postgres: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.info(USAGE);
    process.exit(0);
  }
  const requested = values.only
    ? values.only
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [...SECTIONS];
  const unknown = requested.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown.length > 0)
    throw new Error(`unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
  return {
    sections: SECTIONS.filter((s) => requested.includes(s)),
    quick: values.quick,
    strict: values.strict,
    build: values.build,
    postgres: values.postgres ?? process.env['BENCH_POSTGRES_URL'],
  };
}
