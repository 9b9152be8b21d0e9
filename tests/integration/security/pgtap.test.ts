import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgtapDatabase, runTapFile } from '../../helpers/pgtap.ts';

const DIR = join(import.meta.dirname, '../../../supabase/tests/database');
const FILES = readdirSync(DIR)
  .filter((name) => name.endsWith('.test.sql'))
  .sort();

let pg: PGlite;

beforeAll(async () => {
  pg = await openPgtapDatabase(join(DIR, 'helpers.sql'));
});
afterAll(() => pg.close());

describe('pgTAP row-level security suites', () => {
  it('finds the suites', () => {
    expect(FILES.length).toBeGreaterThan(0);
  });

  it('notices a failed assertion, a short run and a broken file', async () => {
    const failing = await runTapFile(
      pg,
      `begin; select plan(3); select ok(true, 'fine');
      select is(tests.row_count('select 1 from public.universities where false'), 1, 'wrong count');
      select * from finish(); rollback;`,
    );
    expect(failing).toMatchObject({ planned: 3, passed: 1, error: null });
    expect(failing.failures).toContain('not ok 2 - wrong count');
    const broken = await runTapFile(pg, `begin; select plan(1); select * from no_such_table; rollback;`);
    expect(broken.error).toMatch(/no_such_table/);
    const after = await runTapFile(pg, `begin; select plan(1); select ok(true, 'still usable'); rollback;`);
    expect(after).toMatchObject({ planned: 1, passed: 1, failures: [], error: null });
  });

  it('covers every table and view the API exposes', async () => {
    const suites = FILES.map((file) => readFileSync(join(DIR, file), 'utf8')).join('\n');
    const { rows } = await pg.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') order by 1`,
    );
    const untested = rows
      .map((row) => row.name)
      .filter((name) => !new RegExp(`\\bpublic\\.${name}\\b`).test(suites));
    expect(untested).toEqual([]);
  });

  for (const file of FILES) {
    it(file, async () => {
      const report = await runTapFile(pg, readFileSync(join(DIR, file), 'utf8'));
      expect(report.error).toBeNull();
      expect(report.failures).toEqual([]);
      expect(report.planned).toBeGreaterThan(0);
      expect(report.passed).toBe(report.planned);
    });
  }
});
