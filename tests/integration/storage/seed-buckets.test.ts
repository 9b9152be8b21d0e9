import type { SupabaseClient } from '@supabase/supabase-js';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawConfig } from '../../../supabase/local/config.ts';
import { createKeys } from '../../../supabase/local/keys.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { createStorageService } from '../../../supabase/local/storage/index.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';

let stack: RunningStack;
let admin: SupabaseClient;
const dataDir = mkdtempSync(join(tmpdir(), 'unipath-seed-buckets-'));
const storageDir = join(dataDir, 'storage');
const objectsDir = join(dataDir, 'seed-files');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
const config: RawConfig = {
  storage: {
    buckets: {
      'seeded-files': {
        public: false,
        file_size_limit: '1MiB',
        allowed_mime_types: ['application/pdf', 'image/jpeg'],
        objects_path: objectsDir,
      },
    },
  },
};

const rows = async () =>
  (
    await stack.db.query<{ id: string; name: string; version: string; metadata: { mimetype: string } }>(
      `select id, name, version, metadata from storage.objects where bucket_id = 'seeded-files' order by name`,
    )
  ).rows;
const files = () => readdirSync(join(storageDir, 'seeded-files')).sort();

/** Starts the storage service again over the same database and folder, as a restart does. */
async function restartStorage(): Promise<void> {
  await createStorageService({
    db: stack.db,
    keys: await createKeys(),
    config,
    apiUrl: stack.url,
    dataDir,
    storageDir,
    mailbox: { deliver: async () => undefined },
    log: () => undefined,
    clock: Date.now,
  });
}

beforeAll(async () => {
  mkdirSync(join(objectsDir, 'scans', '2026'), { recursive: true });
  writeFileSync(join(objectsDir, 'letter.pdf'), pdf);
  writeFileSync(join(objectsDir, 'scans', '2026', 'photo.jpg'), jpeg);
  // A file the bucket's rules refuse is left out, as an upload of it would be refused.
  writeFileSync(join(objectsDir, 'notes.txt'), 'not allowed here');
  stack = await startTestStack({ dataDir, config });
  admin = clientFor(stack, stack.serviceRoleKey);
});
afterAll(async () => {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('bucket seeding from objects_path', () => {
  it('creates the bucket and uploads every file it allows, named by its path below the folder', async () => {
    const bucket = await admin.storage.getBucket('seeded-files');
    expect(bucket.data).toMatchObject({
      public: false,
      allowed_mime_types: ['application/pdf', 'image/jpeg'],
    });
    expect((await rows()).map((row) => [row.name, row.metadata.mimetype])).toEqual([
      ['letter.pdf', 'application/pdf'],
      ['scans/2026/photo.jpg', 'image/jpeg'],
    ]);
    const photo = await admin.storage.from('seeded-files').download('scans/2026/photo.jpg');
    expect(Buffer.from(await photo.data!.arrayBuffer())).toEqual(jpeg);
    const listed = await admin.storage.from('seeded-files').list('scans/2026');
    expect(listed.data?.map((item) => item.name)).toEqual(['photo.jpg']);
  });

  it('uploads nothing twice on a restart', async () => {
    const before = await rows();
    expect(files()).toHaveLength(2);
    await restartStorage();
    await restartStorage();
    expect(await rows()).toEqual(before);
    expect(files()).toHaveLength(2);
  });

  it('gives the file to a row the database seed wrote ahead of it, keeping the row', async () => {
    writeFileSync(join(objectsDir, 'recorded-first.pdf'), pdf);
    const inserted = await stack.db.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, metadata) values ('seeded-files', 'recorded-first.pdf',
        '{"size": 1, "mimetype": "application/pdf"}') returning id`,
    );
    const missing = await admin.storage.from('seeded-files').download('recorded-first.pdf');
    expect(missing.data).toBeNull();

    await restartStorage();

    const row = (await rows()).find((candidate) => candidate.name === 'recorded-first.pdf');
    expect(row?.id).toBe(inserted.rows[0]?.id);
    expect(row?.version).toMatch(/^[0-9a-f-]{36}$/);
    const info = await admin.storage.from('seeded-files').info('recorded-first.pdf');
    expect(info.data?.size).toBe(pdf.length);
    const download = await admin.storage.from('seeded-files').download('recorded-first.pdf');
    expect(Buffer.from(await download.data!.arrayBuffer())).toEqual(pdf);
    expect(await rows()).toHaveLength(3);
    expect(files()).toHaveLength(3);
  });
});
