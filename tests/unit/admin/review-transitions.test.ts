import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '../../../src/lib/application-status.ts';
import {
  nextStaffStatuses,
  STAFF_TARGETS,
  staffMayMove,
} from '../../../src/features/admin/review/detail/transitions.ts';

const MIGRATION = 'supabase/migrations/20261201000400_applications.sql';

/** The database's own rule, taken from its migration and run in a bare Postgres. */
function allowedFunctionSql(): string {
  const text = readFileSync(MIGRATION, 'utf8');
  const match = /create or replace function public\.application_transition_allowed[\s\S]*?\$\$;/.exec(text);
  if (!match) throw new Error(`application_transition_allowed() not found in ${MIGRATION}`);
  return match[0];
}

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create();
  await db.exec(allowedFunctionSql());
}, 60_000);

afterAll(async () => {
  await db.close();
});

describe('the status form offers exactly the moves the database allows', () => {
  it('agrees with application_transition_allowed() on every pair of statuses', async () => {
    const { rows } = await db.query<{ from_status: string; to_status: string; allowed: boolean }>(
      `select f as from_status, t as to_status, public.application_transition_allowed(f, t) as allowed
       from unnest($1::text[]) f cross join unnest($1::text[]) t`,
      [[...APPLICATION_STATUSES]],
    );
    expect(rows).toHaveLength(APPLICATION_STATUSES.length ** 2);
    const disagreements = rows.filter((row) => row.allowed !== staffMayMove(row.from_status, row.to_status));
    expect(disagreements).toEqual([]);
  });

  it('offers nothing from a final status or where the applicant acts next', () => {
    for (const status of ['draft', 'offer_unconditional', 'enrolled', 'rejected', 'withdrawn', 'expired'])
      expect(nextStaffStatuses(status)).toEqual([]);
    expect(nextStaffStatuses('submitted')).toEqual(['under_review']);
  });

  it('leaves offers, the waiting list and negative outcomes to the decision form', () => {
    expect(nextStaffStatuses('under_review')).toEqual(['action_required']);
    for (const status of ['waitlisted', 'offer_conditional', 'conditions_pending'])
      expect(nextStaffStatuses(status)).toEqual([]);
    expect(nextStaffStatuses('accepted')).toEqual(['enrolled']);
  });

  it('lists every status staff can move to among the schema targets', () => {
    const reachable = new Set(APPLICATION_STATUSES.flatMap((status) => nextStaffStatuses(status)));
    expect([...reachable].sort()).toEqual([...STAFF_TARGETS].sort());
  });
});
