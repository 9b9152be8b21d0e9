import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';

// The anon key the Supabase CLI prints for its local stack: public, so never an install's own.
const cliAnonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

/** Polls until something answers; each attempt must get a whole answer within its deadline. */
async function firstAnswer(url: string, stop: () => boolean): Promise<{ status: number; body: unknown }> {
  while (!stop()) {
    try {
      const response = await fetch(url, {
        headers: { apikey: cliAnonKey },
        signal: AbortSignal.timeout(5000),
      });
      return { status: response.status, body: await response.json() };
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') throw new Error('a request during start-up hung');
      await new Promise((done) => setTimeout(done, 2));
    }
  }
  throw new Error('the stack never answered');
}

describe('start-up', () => {
  it('answers the very first request that reaches the port in full', async () => {
    const port = await freePort();
    let stack: RunningStack | null = null;
    let failure: unknown = null;
    const starting = startTestStack({ port, smtpPort: 0, wellKnownKeys: true }).then(
      (s) => (stack = s),
      (error: unknown) => (failure = error),
    );
    const first = await firstAnswer(`http://127.0.0.1:${port}/rest/v1/`, () => failure !== null);
    await starting;
    expect(failure).toBeNull();
    try {
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ swagger: '2.0' });
    } finally {
      await (stack as RunningStack | null)?.stop();
    }
  }, 120_000);
});
