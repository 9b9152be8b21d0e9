import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKeys, type Keys } from '../../supabase/local/keys.ts';

/** The folder where the e2e server keeps the files (keys, storage) of its stack on `port`. */
export const e2eStackDir = (port: number | string): string => join(tmpdir(), `unipath-e2e-stack-${port}`);

/** The keys of the e2e stack at `stackUrl`, as its server made them at start (tests/e2e/server.ts). */
export function stackKeys(stackUrl: string): Promise<Keys> {
  const file = join(e2eStackDir(new URL(stackUrl).port), 'keys.json');
  if (!existsSync(file)) throw new Error(`no e2e stack has started at ${stackUrl} (no ${file})`);
  return createKeys({ file });
}
