import { existsSync } from 'node:fs';

/** Flags that keep a headless Chromium quiet on a machine with no outside network. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * The full browser, for measurements that need it (Lighthouse, the interaction bench): CHROMIUM_PATH
 * when set, else the system Chromium when present, else undefined so Playwright falls back to its own
 * downloaded browser.
 */
export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env['CHROMIUM_PATH'];
  if (fromEnv) return fromEnv;
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
}

/**
 * The browser the Playwright specs drive: Chromium's headless shell when the system has it (Debian's
 * `chromium-headless-shell`, the same build as `chromium`, and the binary Playwright itself uses for
 * headless runs). It renders the same pages with far less work per page than the full browser, which
 * on a two-core runner is most of what the browser tests cost. CHROMIUM_PATH still wins.
 */
export function testBrowserExecutable(): string | undefined {
  if (process.env['CHROMIUM_PATH']) return chromiumExecutable();
  const shell = '/usr/bin/chromium-headless-shell';
  return existsSync(shell) ? shell : chromiumExecutable();
}
