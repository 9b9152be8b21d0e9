import { beforeEach, describe, expect, it } from 'vitest';
import { $auditLog, AUDIT_LOG_LIMIT, clearAuditLog, recordAudit } from '../../../src/stores/audit-log.ts';

describe('the local audit log', () => {
  beforeEach(() => clearAuditLog());

  it('keeps the caller fields and adds an ISO timestamp', () => {
    const entry = recordAudit(
      { type: 'auth_event', event: 'SIGNED_IN' },
      new Date('2026-01-02T03:04:05.000Z'),
    );
    expect(entry).toEqual({ type: 'auth_event', event: 'SIGNED_IN', timestamp: '2026-01-02T03:04:05.000Z' });
    expect($auditLog.get()).toEqual([entry]);
  });

  it('holds at most 1000 entries and drops the oldest first', () => {
    for (let index = 0; index < AUDIT_LOG_LIMIT + 250; index += 1) recordAudit({ index });
    const log = $auditLog.get();
    expect(AUDIT_LOG_LIMIT).toBe(1000);
    expect(log).toHaveLength(1000);
    expect(log[0]?.['index']).toBe(250);
    expect(log.at(-1)?.['index']).toBe(1249);
  });
});
