import { persistentAtom } from '@nanostores/persistent';

/** The most entries kept; older ones are dropped first. */
export const AUDIT_LOG_LIMIT = 1000;

export type AuditFields = Record<string, string | number | boolean | null>;

/** One recorded event: whatever the caller supplied plus when it happened. */
export type AuditEntry = AuditFields & { timestamp: string };

function decode(raw: string): AuditEntry[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as AuditEntry[]).slice(-AUDIT_LOG_LIMIT) : [];
  } catch {
    return [];
  }
}

/** This browser's own record of auth events and security errors, kept in localStorage. */
export const $auditLog = persistentAtom<AuditEntry[]>('unipath-audit-log', [], {
  encode: JSON.stringify,
  decode,
});

/** Appends an entry stamped with the current time, keeping only the newest AUDIT_LOG_LIMIT. */
export function recordAudit(fields: AuditFields, now: Date = new Date()): AuditEntry {
  const entry: AuditEntry = { ...fields, timestamp: now.toISOString() };
  $auditLog.set([...$auditLog.get(), entry].slice(-AUDIT_LOG_LIMIT));
  return entry;
}

export function clearAuditLog(): void {
  $auditLog.set([]);
}
