import { describe, expect, it, vi } from 'vitest';

vi.mock('astro:middleware', () => ({ defineMiddleware: <T>(handler: T) => handler }));
const { outcomeOfError } = await import('../../../src/features/admin/admin-action.server.ts');

describe('outcomeOfError', () => {
  it('answers a stale write with 409 and the database’s words about who changed what, and when', () => {
    const message =
      'Priya Nair changed this application at 2026-11-25 10:42 UTC (status Under review → Waitlisted), after you opened it. Nothing was saved: check the current version, then make your change again.';
    expect(outcomeOfError({ code: 'PT409', message })).toEqual({ ok: false, status: 409, message });
  });

  it('answers a write that names no version with 409 too', () => {
    const message = 'This change does not say which version of the record it is based on.';
    expect(outcomeOfError({ code: 'PT428', message })).toEqual({ ok: false, status: 409, message });
  });

  it('keeps other database messages away from staff', () => {
    expect(outcomeOfError({ code: 'XX000', message: 'internal detail' }).message).not.toContain('internal');
  });
});
