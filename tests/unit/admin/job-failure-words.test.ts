import { describe, expect, it } from 'vitest';
import { explainJobError, JOB_WORDS } from '../../../src/features/admin/mail/mail-status.server.ts';

describe('background work that failed, in words', () => {
  it('says what a too-long message means, and nothing it cannot explain', () => {
    expect(
      explainJobError(
        'new row for relation "notification_outbox" violates check constraint "notification_outbox_body_check"',
      ),
    ).toMatch(/^The message would be longer than an e-mail may be/);
    expect(explainJobError('deadlock detected')).toBeNull();
  });

  it('names every job the database records, with what retrying does', () => {
    for (const job of ['compose', 'digest', 'reminder', 'search_alert', 'offer_expiry'] as const) {
      expect(JOB_WORDS[job].what.length).toBeGreaterThan(10);
      expect(['Compose again', 'Clear']).toContain(JOB_WORDS[job].retry);
    }
  });
});
