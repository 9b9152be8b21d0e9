import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseBytes, pgliteSettings } from '../../../supabase/local/db/pglite-settings.ts';

const MiB = 1024 * 1024;

describe('PGlite’s shared buffers', () => {
  it.each([
    [0, '16MB'],
    [35 * MiB, '16MB'],
    [200 * MiB, '50MB'],
    [504 * MiB, '126MB'],
    [2048 * MiB, '128MB'],
  ])('for %d bytes of tables and indexes: %s', (bytes, buffers) => {
    expect(pgliteSettings(bytes)).toEqual([`shared_buffers = ${buffers}`]);
  });
});

describe('databaseBytes', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-size-'));
    dirs.push(dir);
    return dir;
  };

  it('adds up the files under base/, in every database folder, and nothing outside it', () => {
    const dir = folder();
    mkdirSync(join(dir, 'base', '1'), { recursive: true });
    mkdirSync(join(dir, 'base', '5'), { recursive: true });
    mkdirSync(join(dir, 'pg_wal'));
    writeFileSync(join(dir, 'base', '1', '1259'), Buffer.alloc(8192));
    writeFileSync(join(dir, 'base', '5', '16384'), Buffer.alloc(3 * 8192));
    writeFileSync(join(dir, 'pg_wal', '000000010000000000000001'), Buffer.alloc(16 * 8192));
    expect(databaseBytes(dir)).toBe(4 * 8192);
  });

  it('is 0 for a folder initdb has not filled yet', () => {
    expect(databaseBytes(folder())).toBe(0);
    expect(databaseBytes(join(folder(), 'missing'))).toBe(0);
  });
});
