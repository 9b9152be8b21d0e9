/**
 * `npm test`: every check, in order, each timed. Lint and the type check read the same sources and
 * run side by side; everything else runs one after the other, and the first failure stops the gate
 * (its output is above the line that names it). The build runs once, before the integration tests,
 * which serve it, and the browser tests.
 */
import { spawn } from 'node:child_process';

type Step = { name: string; script: string } | { name: string; together: string[] };

const STEPS: Step[] = [
  { name: 'format', script: 'format:check' },
  { name: 'lint and types', together: ['lint', 'check'] },
  { name: 'unit', script: 'test:unit' },
  { name: 'build', script: 'build' },
  { name: 'integration', script: 'test:integration' },
  { name: 'e2e', script: 'test:e2e' },
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: 'inherit' });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms: number) => {
  const total = Math.round(ms / 1000);
  return total >= 60 ? `${Math.floor(total / 60)}m${String(total % 60).padStart(2, '0')}s` : `${total}s`;
};

const timings: string[] = [];
const started = Date.now();
for (const step of STEPS) {
  const at = Date.now();
  const codes = await Promise.all('script' in step ? [run(step.script)] : step.together.map(run));
  const failed = codes.some((code) => code !== 0);
  timings.push(`${failed ? '✗' : '✓'} ${step.name.padEnd(16)} ${seconds(Date.now() - at)}`);
  console.info(`\n── ${timings.at(-1)}\n`);
  if (failed) {
    console.error(`npm test stopped at "${step.name}".\n${timings.join('\n')}`);
    process.exit(1);
  }
}
console.info(`npm test passed in ${seconds(Date.now() - started)}:\n${timings.join('\n')}`);
