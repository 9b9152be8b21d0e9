import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Object files on disk: `<root>/<bucket>/<version>`, where the bucket folder name is encoded and the
 * version is a uuid the stack chooses, so a client's key never becomes a filesystem path. Uploads are
 * written under `<root>/.tmp` first.
 */
export class Disk {
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  folderName(bucket: string): string {
    return encodeURIComponent(bucket).replace(/\./g, '%2E');
  }

  bucketDir(bucket: string): string {
    return join(this.root, this.folderName(bucket));
  }

  file(bucket: string, version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error('unexpected object version');
    return join(this.bucketDir(bucket), version);
  }

  /** Writes bytes to a fresh temp file and flushes them to disk. */
  async writeTemp(bytes: Buffer): Promise<string> {
    const dir = join(this.root, '.tmp');
    await mkdir(dir, { recursive: true });
    const path = join(dir, `${randomUUID()}.part`);
    const handle = await open(path, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return path;
  }

  /** Moves a flushed temp file to its final name and flushes the folder entry. */
  async place(temp: string, bucket: string, version: string): Promise<string> {
    const dir = this.bucketDir(bucket);
    await mkdir(dir, { recursive: true });
    const target = this.file(bucket, version);
    await rename(temp, target);
    await syncDir(dir);
    return target;
  }

  /** A second name for an existing object file (a hard link, or a copy across devices). */
  async duplicate(
    fromBucket: string,
    fromVersion: string,
    toBucket: string,
    toVersion: string,
  ): Promise<string> {
    await mkdir(this.bucketDir(toBucket), { recursive: true });
    const target = this.file(toBucket, toVersion);
    await link(this.file(fromBucket, fromVersion), target).catch(() =>
      copyFile(this.file(fromBucket, fromVersion), target, constants.COPYFILE_EXCL),
    );
    await syncDir(this.bucketDir(toBucket));
    return target;
  }

  async remove(path: string): Promise<void> {
    await unlink(path).catch(() => undefined);
  }

  async removeBucket(bucket: string): Promise<void> {
    await rm(this.bucketDir(bucket), { recursive: true, force: true });
  }

  /**
   * Deletes what a crash can leave behind: temp files, and object files no row points at.
   * `known` holds `<bucket folder>/<version>` for every object row.
   */
  async sweep(known: Set<string>): Promise<number> {
    await rm(join(this.root, '.tmp'), { recursive: true, force: true });
    let removed = 0;
    for (const dir of await readdir(this.root, { withFileTypes: true }).catch(() => [])) {
      if (!dir.isDirectory()) continue;
      for (const name of await readdir(join(this.root, dir.name))) {
        if (known.has(`${dir.name}/${name}`)) continue;
        await rm(join(this.root, dir.name, name), { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
