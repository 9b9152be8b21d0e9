import { join, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basePolicy,
  extractMetaPolicy,
  mergePolicies,
  parsePolicy,
  serializePolicy,
} from '../../../src/server/csp.ts';
import { negotiateEncoding, varyWithAcceptEncoding } from '../../../src/server/encoding.ts';
import { classifyStaticTarget } from '../../../src/server/request-path.ts';

const BOTH = new Set(['br', 'gzip'] as const);

describe('Accept-Encoding negotiation', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['identity', undefined],
    ['gzip;q=0, br;q=0', undefined],
    ['BR', 'br'],
    ['gzip;q=nonsense', undefined],
  ])('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header, BOTH)).toBe(expected);
  });

  it('offers only what exists', () => {
    expect(negotiateEncoding('br, gzip', new Set(['gzip'] as const))).toBe('gzip');
    expect(negotiateEncoding('br', new Set(['gzip'] as const))).toBeUndefined();
  });

  it('adds Accept-Encoding to Vary exactly once', () => {
    expect(varyWithAcceptEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyWithAcceptEncoding('Cookie')).toBe('Cookie, Accept-Encoding');
    expect(varyWithAcceptEncoding('accept-encoding')).toBe('accept-encoding');
    expect(varyWithAcceptEncoding('*')).toBe('*');
  });
});

describe('content security policy', () => {
  const base = basePolicy({ connectOrigins: ['http://127.0.0.1:54321'] });

  it('takes the page’s script and style sources and keeps every server directive', () => {
    const page = parsePolicy(
      "script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def='; frame-ancestors *;",
    );
    const merged = mergePolicies(base, page);
    expect(merged.get('script-src')).toEqual(["'self'", "'sha256-abc='"]);
    expect(merged.get('style-src')).toEqual(["'self'", "'sha256-def='"]);
    expect(merged.get('frame-ancestors')).toEqual(["'none'"]);
    expect(merged.get('object-src')).toEqual(["'none'"]);
  });

  it('strips inline and eval permissions from script directives', () => {
    const page = parsePolicy(
      "script-src 'self' 'unsafe-inline' 'UNSAFE-EVAL'; script-src-attr 'unsafe-inline'",
    );
    const merged = mergePolicies(base, page);
    expect(merged.get('script-src')).toEqual(["'self'"]);
    expect(merged.get('script-src-attr')).toEqual(["'none'"]);
  });

  it('adds page directives the server does not set, such as style attributes', () => {
    const merged = mergePolicies(base, parsePolicy("style-src-attr 'unsafe-inline'; worker-src 'self'"));
    expect(merged.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(merged.get('worker-src')).toEqual(["'self'"]);
  });

  it('round-trips through text', () => {
    expect(serializePolicy(parsePolicy(serializePolicy(base)))).toBe(serializePolicy(base));
  });

  it('reads the policy from a page’s meta element whatever the attribute order or quoting', () => {
    const html = `<html><head><meta charset="utf-8"><meta content='script-src &#39;self&#39; &#39;sha256-x=&#39;' HTTP-EQUIV="Content-Security-Policy"></head><body><meta http-equiv="content-security-policy" content="script-src *"></body></html>`;
    expect(extractMetaPolicy(html)?.get('script-src')).toEqual(["'self'", "'sha256-x='"]);
    expect(extractMetaPolicy('<html><head><title>x</title></head></html>')).toBeUndefined();
  });
});

describe('static path classification', () => {
  it('rejects traversal, encoded separators and malformed escapes', () => {
    for (const url of ['/../a', '/%2e%2e/a', '/a/%2E%2E/b', '/a%2fb', '/a%5cb', '/a%00', '/%E0%A4%A']) {
      expect(classifyStaticTarget(url).kind, url).toBe('reject');
    }
  });

  it('leaves dotfiles, source maps and stored variants to the app', () => {
    for (const url of ['/.env', '/.git/config', '/a/.hidden/b.txt', '/x.js.map', '/x.js.br', '/x.css.GZ']) {
      expect(classifyStaticTarget(url).kind, url).toBe('skip');
    }
  });

  it('never yields a file path outside the client folder, whatever the URL', () => {
    const root = join(sep, 'srv', 'client');
    const segment = fc.oneof(
      fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '%2E.',
        '%252e',
        '%2f',
        '%5c',
        '',
        'a',
        '_astro',
        '.git',
        'index.html',
      ),
      fc.string({ unit: 'binary', maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        const target = classifyStaticTarget(`/${segments.join('/')}`);
        if (target.kind !== 'file') return;
        const resolved = join(root, ...target.segments);
        expect(resolved === root || resolved.startsWith(root + sep)).toBe(true);
      }),
      { numRuns: 2000, seed: 20260522 },
    );
  });
});
