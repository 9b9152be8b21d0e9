import { parseArgs } from 'node:util';
import { ROUTES } from './routes.ts';
import { SECTIONS, type SectionName } from './types.ts';

export interface BenchOptions {
  sections: SectionName[];
  quick: boolean;
  strict: boolean;
  /** Rebuild the app before measuring. */
  build: boolean;
  /** A Postgres URL for the search section's second database; PGlite only when absent. */
  postgres: string | undefined;
  /** Route labels to measure (as in the report, e.g. `/`, `/blog/{slug}`); every route when absent. */
  routes: string[] | undefined;
}

export const USAGE = `npm run bench [-- options]
  --only js,lighthouse,throughput,search,interaction,memory,fleet,assessment,reports   run only these sections (default: all)
  --quick        fewer runs and shorter loads, for development (figures are rougher)
  --strict       also fail when a budgeted figure could not be measured (e.g. a page not built yet)
  --build        build first (otherwise only when the build folder has no server build)
  --postgres URL measure search and the fleet (1 vs 3 app servers behind HAProxy) on this Postgres
                 database (or set BENCH_POSTGRES_URL); the large seed is loaded into it. The assessment
                 and reports sections make scratch databases of their own on the same server
  --routes LIST  only these routes, as the report labels them: --routes /,/courses,/blog/{slug}
Environment: BENCH_BUILD_DIR measures another build folder than dist/ (an \`astro build --outDir\`);
  BENCH_OUT_DIR gives the run its own folder for the report, database and snapshot (default .bench).`;

function knownRoutes(labels: string[]): string[] {
  const known = ROUTES.map((route) => route.label);
  const unknown = labels.filter((label) => !known.includes(label));
  if (unknown.length > 0)
    throw new Error(`unknown route(s) ${unknown.join(', ')}; choose from ${known.join(', ')}`);
  return labels;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      quick: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
      postgres: { type: 'string' },
      routes: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.info(USAGE);
    process.exit(0);
  }
  const list = (text: string) =>
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const requested = values.only ? list(values.only) : [...SECTIONS];
  const unknown = requested.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown.length > 0)
    throw new Error(`unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
  return {
    sections: SECTIONS.filter((s) => requested.includes(s)),
    quick: values.quick,
    strict: values.strict,
    build: values.build,
    postgres: values.postgres ?? process.env['BENCH_POSTGRES_URL'],
    routes: values.routes ? knownRoutes(list(values.routes)) : undefined,
  };
}
