import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../src/server/precompress.ts';
import { ROOT } from './support/build.ts';

let root: string;

const text = (words: number) =>
  Array.from({ length: words }, (_, i) => `word${i % 37} course${i % 11} university`).join(' ');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'unipath-precompress-'));
  mkdirSync(join(root, '_astro'));
  mkdirSync(join(root, 'blog', 'post'), { recursive: true });
  writeFileSync(join(root, 'blog', 'post', 'index.html'), `<!doctype html><p>${text(400)}</p>`);
  writeFileSync(join(root, '_astro', 'app.Ab12.js'), `console.log(${JSON.stringify(text(300))});`);
  writeFileSync(join(root, '_astro', 'app.Ab12.js.map'), JSON.stringify({ sources: [text(300)] }));
  writeFileSync(join(root, 'sitemap-0.xml'), `<urlset>${text(200)}</urlset>`);
  writeFileSync(join(root, 'tiny.css'), 'a{color:red}');
  writeFileSync(join(root, 'photo.png'), Buffer.alloc(8192, 1));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes brotli and gzip copies of text files that decode to the original', async () => {
    const summary = await precompressDirectory(root);
    expect(summary).toEqual({ files: 3, written: 3, upToDate: 0 });
    for (const file of ['blog/post/index.html', '_astro/app.Ab12.js', 'sitemap-0.xml']) {
      const original = readFileSync(join(root, file));
      expect(brotliDecompressSync(readFileSync(join(root, `${file}.br`))).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(join(root, `${file}.gz`))).equals(original)).toBe(true);
    }
  });

  it('skips tiny files, binary formats and source maps', async () => {
    await precompressDirectory(root);
    for (const file of ['tiny.css', 'photo.png', '_astro/app.Ab12.js.map']) {
      expect(existsSync(join(root, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(root, `${file}.gz`)), file).toBe(false);
    }
  });

  it('is idempotent: a second run rewrites nothing', async () => {
    await precompressDirectory(root);
    const before = statSync(join(root, 'sitemap-0.xml.br')).mtimeMs;
    expect(await precompressDirectory(root)).toEqual({ files: 3, written: 0, upToDate: 3 });
    expect(statSync(join(root, 'sitemap-0.xml.br')).mtimeMs).toBe(before);
    expect(existsSync(join(root, 'sitemap-0.xml.br.br'))).toBe(false);
  });

  it('recompresses a file that changed since its copies were written', async () => {
    await precompressDirectory(root);
    const page = join(root, 'blog', 'post', 'index.html');
    writeFileSync(page, `<!doctype html><p>${text(500)} changed</p>`);
    utimesSync(page, new Date(), new Date(Date.now() + 5000));
    expect(await precompressDirectory(root)).toMatchObject({ written: 1, upToDate: 2 });
    expect(brotliDecompressSync(readFileSync(`${page}.br`)).toString()).toContain('changed');
  });

  it('runs as the build step on a folder given on the command line', () => {
    const output = execFileSync(process.execPath, [join(ROOT, 'src/server/precompress.ts'), root], {
      encoding: 'utf8',
    });
    expect(output).toMatch(/3 files .* \(3 compressed, 0 up to date\)/);
    expect(existsSync(join(root, '_astro', 'app.Ab12.js.br'))).toBe(true);
  });
});
