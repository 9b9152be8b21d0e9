import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../supabase/local/db/open.ts';
import { randomMomentAfter, seedDataFolder, startStackChild, type StackChild } from './fault-harness.ts';

const BATCH = 5;
const KILLS = 3;
let root: string;
let dataDir: string;

/** One multi-row insert of BATCH leads sharing a marker; resolves with its status (0 if cut off). */
async function writeBatch(stack: StackChild, marker: string): Promise<number> {
  const rows = Array.from({ length: BATCH }, (_, i) => ({
    name: `Fault ${i}`,
    email: `fault-${marker}-${i}@example.com`,
    source: 'contact',
    message: marker,
  }));
  try {
    const response = await fetch(`${stack.url}/rest/v1/leads`, {
      method: 'POST',
      headers: {
        apikey: stack.serviceRoleKey,
        authorization: `Bearer ${stack.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(rows),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** Writes batches back to back and kills the stack with SIGKILL while they are in flight. */
async function killDuringWrites(round: number): Promise<string[]> {
  const stack = await startStackChild(dataDir);
  const acknowledged: string[] = [];
  const writers = Array.from({ length: 4 }, async (_, writer) => {
    for (let n = 0; ; n += 1) {
      const marker = `fault-r${round}-w${writer}-${n}`;
      const status = await writeBatch(stack, marker);
      if (status === 0) return;
      expect(status).toBe(201);
      acknowledged.push(marker);
    }
  });
  await randomMomentAfter(() => acknowledged.length > 0, 300);
  await stack.kill();
  await Promise.all(writers);
  return acknowledged;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'unipath-faults-'));
  dataDir = join(root, 'db');
  await seedDataFolder(dataDir);
}, 300_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the stack killed with SIGKILL during writes', () => {
  it(`reopens its data folder after ${KILLS} kills mid-write, every acknowledged batch whole, no partial batch, still writable`, async () => {
    const acknowledged: string[] = [];
    for (let round = 0; round < KILLS; round += 1) acknowledged.push(...(await killDuringWrites(round)));
    expect(acknowledged.length).toBeGreaterThan(0);

    const { db } = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const { rows } = await db.query<{ message: string; n: number }>(
        `select message, count(*)::int as n from public.leads where message like 'fault-r%' group by message`,
      );
      const stored = new Map(rows.map((row) => [row.message, row.n]));
      expect([...stored.values()].filter((n) => n !== BATCH)).toEqual([]);
      expect(acknowledged.filter((marker) => stored.get(marker) !== BATCH)).toEqual([]);
      const written = await db.query(
        `insert into public.leads (name, email, source, message) values ('After', 'after@example.com', 'contact', 'after-restart') returning id`,
      );
      expect(written.rows).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 300_000);
});
