import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { EXPECTED_OFFENDERS, OFFENDING_SCHEMA } from './schema-lint-fixtures.ts';
import { SCHEMA_LINT_RULES, type SchemaLintRule } from './schema-lint-rules.ts';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

class RolledBack extends Error {}

/** What every rule reports while the offending schema exists; the transaction is then undone. */
async function offendersWithBadSchema(): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  await stack.db
    .transaction(async (tx) => {
      await tx.exec(OFFENDING_SCHEMA);
      for (const rule of SCHEMA_LINT_RULES) {
        const { rows } = await tx.query<{ offender: string }>(rule.sql);
        found.set(
          rule.name,
          rows.map((row) => row.offender),
        );
      }
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return found;
}

async function offenders(rule: SchemaLintRule): Promise<string[]> {
  const { rows } = await stack.db.query<{ offender: string }>(rule.sql);
  return rows.map((row) => row.offender);
}

describe('schema lints on the migrated database', () => {
  for (const rule of SCHEMA_LINT_RULES) {
    it(`${rule.name}: none, because ${rule.why}`, async () => {
      expect(await offenders(rule)).toEqual([]);
    });
  }
});

describe('schema lints catch what they describe', () => {
  it('reports every deliberate offence and nothing of the real schema', async () => {
    const found = await offendersWithBadSchema();
    for (const rule of SCHEMA_LINT_RULES) {
      expect(found.get(rule.name), rule.name).toEqual(EXPECTED_OFFENDERS[rule.name]);
    }
    const leftovers = await stack.db.query(`select 1 from pg_class where relname like 'lint\\_%'`);
    expect(leftovers.rows).toEqual([]);
  });
});
