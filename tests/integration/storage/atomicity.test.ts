import type { SupabaseClient } from '@supabase/supabase-js';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKeys } from '../../../supabase/local/keys.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { storageFaults } from '../../../supabase/local/storage/faults.ts';
import { createStorageService } from '../../../supabase/local/storage/index.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { samples } from './clients.ts';

let stack: RunningStack;
let admin: SupabaseClient;
const dataDir = mkdtempSync(join(tmpdir(), 'unipath-storage-atomic-'));
const storageDir = join(dataDir, 'storage');
const vaultFiles = () => readdirSync(join(storageDir, 'vault'));
const rowsNamed = async (name: string) =>
  (await stack.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', ['vault', name]))
    .rows.length;

/** Starts the storage service again over the same database and folder, as a restart does. */
async function restartStorage(): Promise<void> {
  await createStorageService({
    db: stack.db,
    keys: await createKeys(),
    config: {},
    apiUrl: stack.url,
    dataDir,
    storageDir,
    mailbox: { deliver: async () => undefined },
    log: () => undefined,
    clock: Date.now,
  });
}

beforeAll(async () => {
  stack = await startTestStack({ dataDir });
  admin = clientFor(stack, stack.serviceRoleKey);
  await admin.storage.createBucket('vault');
  expect((await admin.storage.from('vault').upload('keep.pdf', samples.pdf())).error).toBeNull();
});
afterEach(() => {
  storageFaults.beforeCommit = null;
});
afterAll(async () => {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('uploads are atomic', () => {
  it('a database failure before the commit leaves neither a row nor a file', async () => {
    storageFaults.beforeCommit = async () => {
      throw new Error('connection lost');
    };
    const { error } = await admin.storage.from('vault').upload('lost.pdf', samples.pdf());
    expect(error).toMatchObject({ status: 500, statusCode: '500', code: 'InternalError' });
    expect(await rowsNamed('lost.pdf')).toBe(0);
    expect(vaultFiles()).toHaveLength(1);
    expect(readdirSync(join(storageDir, '.tmp'))).toEqual([]);
  });

  it('after a crash mid-upload, the restart sweep removes the orphan file and keeps the rest', async () => {
    const crashed = join(dataDir, 'disk-at-crash');
    // The disk as it is at the crash point: new file in place, row not committed yet.
    storageFaults.beforeCommit = async () => {
      cpSync(storageDir, crashed, { recursive: true });
      throw new Error('process killed');
    };
    await admin.storage.from('vault').upload('crash.pdf', samples.pdf());
    rmSync(storageDir, { recursive: true });
    cpSync(crashed, storageDir, { recursive: true });
    mkdirSync(join(storageDir, '.tmp'), { recursive: true });
    writeFileSync(join(storageDir, '.tmp', 'half-written.part'), '%PDF-1.');
    expect(vaultFiles()).toHaveLength(2);

    await restartStorage();

    expect(vaultFiles()).toHaveLength(1);
    expect(existsSync(join(storageDir, '.tmp'))).toBe(false);
    expect(await rowsNamed('crash.pdf')).toBe(0);
    const kept = await admin.storage.from('vault').download('keep.pdf');
    expect(await kept.data?.text()).toBe(await samples.pdf().text());
  });

  it('an upsert replaces the file and leaves no trace of the old version', async () => {
    const replacement = new Blob(['%PDF-1.7 second'], { type: 'application/pdf' });
    expect(
      (await admin.storage.from('vault').upload('keep.pdf', replacement, { upsert: true })).error,
    ).toBeNull();
    expect(vaultFiles()).toHaveLength(1);
    expect(await (await admin.storage.from('vault').download('keep.pdf')).data?.text()).toBe(
      '%PDF-1.7 second',
    );
  });
});
