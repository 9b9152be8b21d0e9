import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '../../../src/lib/application-status.ts';
import {
  DECISION_OUTCOMES,
  decisionAllowed,
  decisionLabel,
  decisionTarget,
  isNegativeOutcome,
  outcomesFrom,
} from '../../../src/features/admissions/outcomes/decision-outcomes.ts';
import { releasesOneByOne } from '../../../src/features/admissions/release/decision-release.ts';

const MIGRATIONS = ['supabase/migrations/20261201000500_decisions.sql'];

/** The database's own functions, taken from their migrations and run in a bare Postgres. */
function functionSql(name: string): string {
  for (const file of MIGRATIONS) {
    const pattern = new RegExp(`create or replace function public\\.${name}\\([\\s\\S]*?\\$\\$;`);
    const match = pattern.exec(readFileSync(file, 'utf8'));
    if (match) return match[0];
  }
  throw new Error(`${name}() not found in ${MIGRATIONS.join(', ')}`);
}

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create();
  for (const name of ['decision_allowed', 'decision_target', 'decision_label'])
    await db.exec(functionSql(name));
}, 60_000);

afterAll(async () => {
  await db.close();
});

describe('the decision form offers exactly the decisions the database allows', () => {
  it('agrees with decision_allowed() for every status and outcome', async () => {
    const { rows } = await db.query<{ status: string; outcome: string; allowed: boolean }>(
      `select s as status, o as outcome, public.decision_allowed(s, o) as allowed
       from unnest($1::text[]) s cross join unnest($2::text[]) o`,
      [[...APPLICATION_STATUSES], [...DECISION_OUTCOMES]],
    );
    expect(rows).toHaveLength(APPLICATION_STATUSES.length * DECISION_OUTCOMES.length);
    expect(rows.filter((row) => row.allowed !== decisionAllowed(row.status, row.outcome))).toEqual([]);
  });

  it('names each outcome and its resulting status as the database does', async () => {
    const { rows } = await db.query<{ status: string; outcome: string; target: string; label: string }>(
      `select s as status, o as outcome, public.decision_target(s, o) as target, public.decision_label(o) as label
       from unnest($1::text[]) s cross join unnest($2::text[]) o where public.decision_allowed(s, o)`,
      [[...APPLICATION_STATUSES], [...DECISION_OUTCOMES]],
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(decisionTarget(row.status, row.outcome as never), `${row.status} ${row.outcome}`).toBe(
        row.target,
      );
      expect(decisionLabel(row.outcome)).toBe(row.label);
    }
  });

  it('offers the conditions outcomes only on a conditional offer, accepted or not', () => {
    expect(outcomesFrom('under_review')).toEqual([
      'offer_conditional',
      'offer_unconditional',
      'waitlisted',
      'rejected',
    ]);
    expect(outcomesFrom('conditions_pending')).toEqual([
      'conditions_met',
      'conditions_not_met',
      'offer_withdrawn',
    ]);
    expect(outcomesFrom('accepted')).toEqual(['offer_withdrawn']);
    for (const status of ['submitted', 'action_required', 'rejected', 'enrolled', 'draft'])
      expect(outcomesFrom(status)).toEqual([]);
  });

  it('treats unsuccessful, offer withdrawn and conditions not met as the negative outcomes', () => {
    expect(DECISION_OUTCOMES.filter(isNegativeOutcome)).toEqual([
      'rejected',
      'conditions_not_met',
      'offer_withdrawn',
    ]);
  });

  it('releases one by one on a rolling intake, or on a batch intake once decisions are published', () => {
    expect(releasesOneByOne({ release_mode: 'rolling', status: 'open' })).toBe(true);
    expect(releasesOneByOne({ release_mode: 'batch', status: 'open' })).toBe(false);
    expect(releasesOneByOne({ release_mode: 'batch', status: 'closed' })).toBe(false);
    expect(releasesOneByOne({ release_mode: 'batch', status: 'decisions_published' })).toBe(true);
  });
});
