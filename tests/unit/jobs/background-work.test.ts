import { describe, expect, it } from 'vitest';
import { backgroundWorkFrom } from '../../../src/lib/jobs/background.server.ts';

describe('BACKGROUND_WORK', () => {
  it('runs the background work in the app server unless told otherwise', () => {
    expect(backgroundWorkFrom({})).toBe(true);
    expect(backgroundWorkFrom({ BACKGROUND_WORK: ' ON ' })).toBe(true);
  });

  it('leaves it to the worker when off', () => {
    expect(backgroundWorkFrom({ BACKGROUND_WORK: 'off' })).toBe(false);
  });

  it('refuses anything else instead of guessing', () => {
    expect(() => backgroundWorkFrom({ BACKGROUND_WORK: 'false' })).toThrow(
      'BACKGROUND_WORK must be "on" or "off", not "false".',
    );
  });
});
