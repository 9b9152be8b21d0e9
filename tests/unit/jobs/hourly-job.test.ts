import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { queueHourlyMessages } from '../../../src/lib/jobs/admissions-jobs.server.ts';
import type { Database } from '../../../src/lib/supabase/database.types.ts';

/** A service client whose functions answer as given; records which were called. */
function serviceAnswering(answers: Record<string, { data?: unknown; error?: { message: string } }>) {
  const called: string[] = [];
  const client = {
    rpc: (name: string) => {
      called.push(name);
      return Promise.resolve({ data: answers[name]?.data ?? 0, error: answers[name]?.error ?? null });
    },
  } as unknown as SupabaseClient<Database>;
  return { client, called };
}

describe('the hourly job', () => {
  it('still runs the alerts, drops old rate-limit windows and erases old reader comments when the reminders fail', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client, called } = serviceAnswering({ queue_reminders: { error: { message: 'boom' } } });
    expect(await queueHourlyMessages(client)).toBe(1);
    expect(called).toEqual([
      'queue_reminders',
      'queue_search_alerts',
      'settle_due_invoices',
      'compose_weekly_summaries',
      'forget_rate_limits',
      'erase_old_read_comments',
    ]);
    expect(logged).toHaveBeenCalledWith('reminders: could not queue the reminders due: boom');
    logged.mockRestore();
  });

  it('still drops old rate-limit windows when the alerts fail', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client, called } = serviceAnswering({ queue_search_alerts: { error: { message: 'bad row' } } });
    expect(await queueHourlyMessages(client)).toBe(1);
    expect(called.slice(-2)).toEqual(['forget_rate_limits', 'erase_old_read_comments']);
    logged.mockRestore();
  });

  it('still lapses unpaid deposits when the alerts fail, and goes on when the money part fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client, called } = serviceAnswering({ settle_due_invoices: { error: { message: 'deadlock' } } });
    expect(await queueHourlyMessages(client)).toBe(1);
    expect(called.slice(-4)).toEqual([
      'settle_due_invoices',
      'compose_weekly_summaries',
      'forget_rate_limits',
      'erase_old_read_comments',
    ]);
    expect(logged).toHaveBeenCalledWith('payments: could not settle the invoices due: deadlock');
    logged.mockRestore();
  });

  it('runs every other part when erasing old reader comments fails, and logs why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client, called } = serviceAnswering({
      erase_old_read_comments: { error: { message: 'locked' } },
    });
    expect(await queueHourlyMessages(client)).toBe(1);
    expect(called).toHaveLength(6);
    expect(logged).toHaveBeenCalledWith('retention: could not erase old reader comments: locked');
    logged.mockRestore();
  });

  it('goes on to the rest when the weekly summaries fail, and logs why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client, called } = serviceAnswering({
      compose_weekly_summaries: { error: { message: 'timeout' } },
    });
    expect(await queueHourlyMessages(client)).toBe(1);
    expect(called.slice(-2)).toEqual(['forget_rate_limits', 'erase_old_read_comments']);
    expect(logged).toHaveBeenCalledWith('reports: could not compose the weekly summaries: timeout');
    logged.mockRestore();
  });

  it('answers 0 when every part ran', async () => {
    const { client } = serviceAnswering({});
    expect(await queueHourlyMessages(client)).toBe(0);
  });
});
