import { describe, expect, it } from 'vitest';
import { parseOptions } from '../../bench/options.ts';
import { PUBLIC_SCRIPTS, scriptSource } from '../../bench/routes.ts';

describe('bench options', () => {
  it('measures every route unless some are named', () => {
    expect(parseOptions([]).routes).toBeUndefined();
    expect(parseOptions(['--routes', '/, /courses,/blog/{slug}']).routes).toEqual([
      '/',
      '/courses',
      '/blog/{slug}',
    ]);
  });

  it('refuses a route the bench does not know, naming the ones it does', () => {
    expect(() => parseOptions(['--routes', '/nowhere'])).toThrow(
      /unknown route\(s\) \/nowhere; choose from \//,
    );
  });
});

describe('public scripts', () => {
  it('are recognised by the source file their built module comes from', () => {
    expect(scriptSource('/_astro/LeadLoader.astro_astro_type_script_index_0_lang.B5xGTBuH.js')).toBe(
      'LeadLoader',
    );
    expect(
      PUBLIC_SCRIPTS.has(scriptSource('/_astro/ToastRegion.astro_astro_type_script_index_0_lang.x.js')),
    ).toBe(true);
    expect(PUBLIC_SCRIPTS.has(scriptSource('/_astro/CourseSearch.qfaJGkW8.js'))).toBe(false);
  });
});
