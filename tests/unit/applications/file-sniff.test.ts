import { describe, expect, it } from 'vitest';
import {
  BUCKET_RULE,
  inspectFile,
  preflight,
  sniffType,
} from '../../../src/features/applications/file-sniff.ts';

const PDF = new TextEncoder().encode('%PDF-1.7\n');
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const rule = { allowed_types: ['application/pdf', 'image/png', 'image/jpeg'], max_size_bytes: 1024 * 1024 };

describe('sniffType', () => {
  it('recognises PDF, PNG and JPEG by their first bytes', () => {
    expect(sniffType(PDF)).toBe('application/pdf');
    expect(sniffType(PNG)).toBe('image/png');
    expect(sniffType(JPEG)).toBe('image/jpeg');
  });

  it('recognises nothing in text, truncated headers or an empty file', () => {
    expect(sniffType(new TextEncoder().encode('hello world'))).toBeNull();
    expect(sniffType(new TextEncoder().encode('%PD'))).toBeNull();
    expect(sniffType(new Uint8Array())).toBeNull();
  });
});

describe('preflight', () => {
  it('accepts a real PDF named .pdf within the limit and uploads it as application/pdf', () => {
    expect(preflight({ name: 'passport.PDF', size: 2000, head: PDF }, rule)).toEqual({
      ok: true,
      type: 'application/pdf',
    });
  });

  it('reports PNG bytes named .pdf as PNG, so the server can refuse the name', () => {
    expect(preflight({ name: 'transcript.pdf', size: 2000, head: PNG }, rule)).toEqual({
      ok: true,
      type: 'image/png',
    });
  });

  it('refuses a type the requirement does not allow, naming the allowed ones', () => {
    const result = preflight(
      { name: 'photo.png', size: 10, head: PNG },
      { ...rule, allowed_types: ['application/pdf'] },
    );
    expect(result).toEqual({ ok: false, reason: 'the content is not PDF, whatever the file name says.' });
  });

  it('refuses files over the size limit and empty files', () => {
    expect(preflight({ name: 'a.pdf', size: 3 * 1024 * 1024, head: PDF }, rule)).toEqual({
      ok: false,
      reason: 'the file is 3 MB; the limit is 1 MB.',
    });
    expect(preflight({ name: 'a.pdf', size: 0, head: new Uint8Array() }, rule)).toMatchObject({ ok: false });
  });
});

const text = (body: string) => new TextEncoder().encode(body);
const HOSTILE = {
  HTML: text('<!doctype html><html><script>alert(1)</script></html>'),
  SVG: text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  script: text('alert(document.cookie)'),
  'HTML with a PDF header further in (polyglot)': text('<html><!-- %PDF-1.7 --><script>x()</script></html>'),
  'HTML behind a byte-order mark': text('\ufeff<html><script>x()</script>'),
  empty: new Uint8Array(),
};
const TRUNCATED = {
  'application/pdf': text('%PDF-'),
  'image/png': PNG.slice(0, 8),
  'image/jpeg': JPEG.slice(0, 3),
};
const declaredAs = (bytes: Uint8Array, type: string) =>
  new File([bytes as Uint8Array<ArrayBuffer>], `file.${type.split('/')[1]}`, { type });

describe('inspectFile, the check every upload path runs', () => {
  it.each([
    ['application/pdf', PDF],
    ['image/png', PNG],
    ['image/jpeg', JPEG],
  ])('accepts genuine %s bytes as that type', async (type, bytes) => {
    expect(await inspectFile(declaredAs(bytes, type), BUCKET_RULE)).toEqual({ ok: true, type });
  });

  describe.each(['application/pdf', 'image/png', 'image/jpeg'] as const)('declared as %s', (type) => {
    it.each(Object.entries(HOSTILE))('refuses %s', async (_, bytes) => {
      expect(await inspectFile(declaredAs(bytes, type), BUCKET_RULE)).toMatchObject({ ok: false });
    });

    it('refuses a header cut short', async () => {
      expect(await inspectFile(declaredAs(TRUNCATED[type], type), BUCKET_RULE)).toMatchObject({ ok: false });
    });
  });

  it('goes by the bytes, never the declared type', async () => {
    expect(await inspectFile(declaredAs(PNG, 'application/pdf'), BUCKET_RULE)).toEqual({
      ok: true,
      type: 'image/png',
    });
  });

  it('refuses a file over the bucket’s 10 MB, whatever it holds', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    expect(await inspectFile(declaredAs(big, 'application/pdf'), BUCKET_RULE)).toEqual({
      ok: false,
      reason: 'the file is 10.0 MB; the limit is 10 MB.',
    });
  });
});

describe('inspectFile on polyglots: files that start as a document and are also a page', () => {
  const join = (...parts: Array<Uint8Array | string>) =>
    new Uint8Array(
      parts.flatMap((part) => [...(typeof part === 'string' ? new TextEncoder().encode(part) : part)]),
    );

  it.each([
    [
      'a PDF that is also an HTML page',
      'application/pdf',
      join(PDF, '<html><body><script>alert(1)</script>'),
    ],
    ['a PNG with a script after its header', 'image/png', join(PNG, '\n<script src=//x.test/a.js></script>')],
    ['a JPEG with SVG in a comment segment', 'image/jpeg', join(JPEG, '<svg onload=alert(1)>')],
    ['a PDF with a doctype further in', 'application/pdf', join(PDF, 'x'.repeat(5000), '<!DOCTYPE html>')],
    ['a JPEG carrying a javascript: link', 'image/jpeg', join(JPEG, 'javascript:alert(1)')],
  ])('refuses %s', async (_, type, bytes) => {
    expect(await inspectFile(declaredAs(bytes, type), BUCKET_RULE)).toEqual({
      ok: false,
      reason: 'the file also holds web page code, so it cannot be kept.',
    });
  });

  it('refuses a PDF that runs a script or a program when opened', async () => {
    for (const action of ['/JavaScript', '/JS (app.alert(1))', '/Launch']) {
      const pdf = join(PDF, `1 0 obj << /OpenAction << /S ${action} >> >> endobj\n%%EOF\n`);
      expect(await inspectFile(declaredAs(pdf, 'application/pdf'), BUCKET_RULE)).toMatchObject({
        ok: false,
        reason: expect.stringContaining('runs scripts or programs') as unknown,
      });
    }
  });

  it('accepts the demo seed’s real PDF and JPEG documents', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join: joinPath } = await import('node:path');
    const root = new URL('../../../supabase/seed/documents/', import.meta.url).pathname;
    const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const entry of files) {
      const bytes = new Uint8Array(readFileSync(joinPath(entry.parentPath, entry.name)));
      const type = sniffType(bytes);
      expect(type, entry.name).not.toBeNull();
      expect(await inspectFile(declaredAs(bytes, type!), BUCKET_RULE), entry.name).toEqual({
        ok: true,
        type,
      });
    }
  });
});
