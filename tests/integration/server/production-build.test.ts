import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, ROOT } from './support/build.ts';

const PROBE = join(ROOT, 'tests/integration/server/support/react-build-probe.ts');

interface Probe {
  status: number;
  form: boolean;
  files: string[];
}

/** A production server process started with NODE_ENV as given (unset when undefined). */
function probe(nodeEnv: string | undefined): Probe {
  const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_ANON_KEY: 'probe-anon-key' };
  delete env['NODE_ENV'];
  if (nodeEnv !== undefined) env['NODE_ENV'] = nodeEnv;
  const out = execFileSync(process.execPath, [PROBE], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Probe;
}

// The build is made here under the test runner's NODE_ENV=test, as a developer's or CI's may be.
beforeAll(() => ensureBuild(), 600_000);

describe('the production server', () => {
  for (const nodeEnv of [undefined, 'development']) {
    it(`renders React pages with React's production build when NODE_ENV is ${nodeEnv ?? 'unset'}`, () => {
      const { status, form, files } = probe(nodeEnv);
      expect({ status, form }).toEqual({ status: 200, form: true });
      expect(files).toContain('react-dom/cjs/react-dom-server.node.production.js');
      expect(files).toContain('react/cjs/react-jsx-runtime.production.js');
      expect(files.filter((file) => file.includes('.development.'))).toEqual([]);
    });
  }
});
