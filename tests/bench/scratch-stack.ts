import type { RunningStack } from '../../supabase/local/server.ts';
import { startTestStack } from '../helpers/stack.ts';

/** Runs `work` on a test stack over a scratch database of its own on the Postgres server `postgres`. */
export async function onScratchStack<T>(
  postgres: string,
  work: (stack: RunningStack) => Promise<T>,
): Promise<T> {
  const previous = process.env['TEST_DATABASE_URL'];
  process.env['TEST_DATABASE_URL'] = postgres;
  const stack = await startTestStack();
  try {
    return await work(stack);
  } finally {
    await stack.stop();
    if (previous === undefined) delete process.env['TEST_DATABASE_URL'];
    else process.env['TEST_DATABASE_URL'] = previous;
  }
}
