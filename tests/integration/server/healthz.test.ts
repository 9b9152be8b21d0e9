import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { createAppServer, type AppServer } from '../../../src/server/serve.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { DIST, ensureBuild } from './support/build.ts';

let stack: RunningStack;
let app: AppServer;
beforeAll(async () => {
  ensureBuild();
  stack = await startTestStack();
  Object.assign(process.env, { SUPABASE_URL: stack.url, SUPABASE_ANON_KEY: stack.anonKey });
  app = await createAppServer({ host: '127.0.0.1', port: 0, distDir: DIST, supabaseUrl: stack.url });
}, 120_000);
afterAll(() => app.close());

const health = async () => {
  const response = await fetch(new URL('/healthz', app.url));
  return {
    status: response.status,
    cache: response.headers.get('cache-control'),
    body: await response.json(),
  };
};

describe('/healthz, for load balancers', () => {
  it('answers 200 while the app and its backend answer', async () => {
    expect(await health()).toEqual({
      status: 200,
      cache: 'no-store',
      body: { ok: true, auth: true, database: true },
    });
  });

  it('answers 503 once the backend is gone, so the balancer sends no one here', async () => {
    await stack.stop();
    const answer = await health();
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ ok: false });
  });
});
