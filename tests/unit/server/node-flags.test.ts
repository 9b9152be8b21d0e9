import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../src/server/node-flags.ts';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
  .scripts;

describe('the app server’s Node flags', () => {
  it.each(['start', 'serve'])('are what `npm run %s` starts the server with', (name) => {
    expect(scripts[name]).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} `);
  });
});
