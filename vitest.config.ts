import { defineConfig } from 'vitest/config';

/**
 * Integration files that test the app server or the stack's own HTTP behaviour (fuzzing, faults,
 * load bursts, headers, static serving, the auth API's validation), not SQL semantics, and those
 * that open PGlite whatever the engine (pgTAP, the generated types). They run once, on PGlite;
 * `npm run test:postgres` runs the rest again on a real Postgres server.
 */
const ENGINE_INDEPENDENT = [
  'tests/integration/catalogue-pages/**',
  'tests/integration/server/**',
  'tests/integration/security/!(schema-lints|shared-rate-limit).test.ts',
  'tests/integration/stack/**',
  'tests/integration/auth/!(access-token-hook|refresh-reuse|session).test.ts',
];

const integration = {
  include: ['tests/integration/**/*.test.ts'] as string[],
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // Two files at a time: most of a file's time is spent waiting on its stack and its servers.
  maxWorkers: Number(process.env['INTEGRATION_WORKERS'] ?? 2),
};

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'integration', ...integration } },
      // npm run test:postgres: the SQL-semantic integration files on a real Postgres server (TEST_DATABASE_URL).
      { test: { name: 'postgres', ...integration, exclude: ENGINE_INDEPENDENT } },
      {
        // npm run test:fleet: three app servers behind HAProxy against the stack on Postgres.
        test: {
          name: 'fleet',
          include: ['tests/fleet/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
