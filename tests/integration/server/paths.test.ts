import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../../../src/server/serve.ts';
import { startApp } from './support/app.ts';
import { DIST, ensureBuild } from './support/build.ts';
import { findAsset } from './support/html.ts';
import { rawRequest } from './support/http.ts';

/** Text that must never reach a browser: pieces of files that live outside the client build. */
const SECRETS = ['"name": "unipath"', 'createAppServer', 'repositoryformatversion', 'PLANTED-SECRET'];

let app: AppServer;
let planted: AppServer;
let plantedDist: string;
let notFoundPage: Buffer;
let asset: string;

beforeAll(async () => {
  ensureBuild();
  app = await startApp();
  notFoundPage = readFileSync(join(DIST, 'client', '404.html'));
  asset = findAsset(readFileSync(join(DIST, 'client', 'index.html'), 'utf8'), 'js');
  // A copy of the build with files a careless deploy might leave in it.
  plantedDist = mkdtempSync(join(tmpdir(), 'unipath-planted-'));
  const client = join(plantedDist, 'client');
  cpSync(join(DIST, 'client'), client, { recursive: true });
  cpSync(join(DIST, 'server'), join(plantedDist, 'server'), { recursive: true });
  mkdirSync(join(client, '.git'));
  writeFileSync(join(client, '.git', 'config'), '[core]\nrepositoryformatversion = 0 PLANTED-SECRET\n');
  writeFileSync(join(client, '.env'), 'SUPABASE_SERVICE_ROLE_KEY=PLANTED-SECRET\n');
  writeFileSync(join(client, `${asset.slice(1)}.map`), '{"sources":["PLANTED-SECRET"]}');
  planted = await startApp({ distDir: plantedDist });
});

afterAll(async () => {
  await Promise.all([app.close(), planted.close()]);
  rmSync(plantedDist, { recursive: true, force: true });
});

const ATTACKS = [
  '/../package.json',
  '/../../package.json',
  '/_astro/../../package.json',
  '/%2e%2e/package.json',
  '/%2E%2E/%2E%2E/package.json',
  '/%2e%2e%2fpackage.json',
  '/..%2fpackage.json',
  '/..%5cpackage.json',
  '/%252e%252e/package.json',
  '/%252e%252e%252fpackage.json',
  '/%c0%ae%c0%ae/package.json',
  '//../package.json',
  '/src/server/serve.ts',
  '/../src/server/serve.ts',
  '/%2e%2e/src/server/serve.ts',
  '/.git/config',
  '/%2egit/config',
  '/.git/',
  '/.env',
  '/foo.js.map',
  '/_astro/',
  '/_astro',
  '/_astro/%2e%2e/index.html',
];

describe.each([
  { label: 'the real build', server: () => app },
  { label: 'a build with planted secrets', server: () => planted },
])('requests for files outside the site, on $label', ({ server }) => {
  it.each(ATTACKS)('%s answers 404 with the not-found page', async (path) => {
    const response = await rawRequest(server().url, path, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(404);
    expect(response.body.equals(notFoundPage)).toBe(true);
    const text = response.body.toString('utf8');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});

describe.each([
  { label: 'the real build', server: () => app },
  { label: 'a build with planted secrets', server: () => planted },
])('an address holding a control character, on $label', ({ server }) => {
  it.each(['/..%00/package.json', '/.env%00', '/%00/../.git/config'])(
    '%s is refused with 400 before any file is looked for',
    async (path) => {
      const response = await rawRequest(server().url, path, { headers: { 'accept-encoding': 'identity' } });
      expect(response.status).toBe(400);
      const text = response.body.toString('utf8');
      expect(text).toContain('This address cannot be read');
      for (const secret of SECRETS) expect(text).not.toContain(secret);
    },
  );
});

describe('files the build holds but never serves', () => {
  it('does not serve a source map even when one sits next to its script', async () => {
    expect(readdirSync(join(plantedDist, 'client', '_astro')).some((name) => name.endsWith('.map'))).toBe(
      true,
    );
    const response = await rawRequest(planted.url, `${asset}.map`);
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain('PLANTED-SECRET');
  });

  it('does not serve stored compressed variants directly', async () => {
    for (const suffix of ['.br', '.gz']) {
      expect((await rawRequest(app.url, `${asset}${suffix}`)).status).toBe(404);
    }
  });

  it('keeps serving the real files of the copy', async () => {
    expect((await rawRequest(planted.url, asset)).status).toBe(200);
  });
});
