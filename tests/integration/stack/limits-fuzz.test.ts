import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../../supabase/local/limits.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { expectSafeAnswer, FUZZ, filterValue, query } from '../security/hostile.ts';

let stack: RunningStack;
let userToken: string;
const onPostgres = Boolean(process.env['TEST_DATABASE_URL']);

beforeAll(async () => {
  stack = await startTestStack();
  userToken = await stack.signToken({ sub: crypto.randomUUID() });
  await stack.db.exec(`
    create function public.lf_sleep(seconds float8) returns void language sql as $$ select pg_sleep(seconds) $$;
    create function public.lf_repeat(n int) returns text language sql immutable as $$ select repeat('x', n) $$;
    create function public.lf_settings() returns json language sql stable as $$
      select json_build_object('statement_timeout', current_setting('statement_timeout'),
                               'lock_timeout', current_setting('lock_timeout')) $$;
  `);
});
afterAll(() => stack.stop());

interface Answer {
  status: number;
  text: string;
  json: Record<string, unknown> | null;
}

async function send(path: string, init: RequestInit & { token?: string } = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  headers.set('apikey', stack.anonKey);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body !== undefined && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  const response = await fetch(`${stack.url}${path}`, { ...init, headers });
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = null;
  }
  return { status: response.status, text, json };
}

/** PostgREST's error body: exactly code, message, details and hint. */
function expectRestError(answer: Answer, status: number, code: string): void {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  expect(Object.keys(answer.json ?? {}).sort()).toEqual(['code', 'details', 'hint', 'message']);
  expect(answer.json?.['code']).toBe(code);
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('amplification through embedding', () => {
  it('refuses the seven-level universities → courses → intakes … request before running it', async () => {
    const select = '*,courses(*,intakes(*,courses(*,universities(*,courses(*,intakes(*,courses(*)))))))';
    const answer = await send(`/rest/v1/universities?select=${select}&limit=1000`);
    expectRestError(answer, 400, 'PGRSTX01');
    expect(answer.json?.['message']).toBe(
      `Resource embedding is nested deeper than ${limits.embedDepth} levels`,
    );
  });

  it(`still answers embedding ${limits.embedDepth} levels deep`, async () => {
    const select = 'id,courses(id,intakes(id,courses(id,universities(id,courses(id)))))';
    const answer = await send(`/rest/v1/universities?select=${select}&limit=1`);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.json).toHaveLength(1);
  });

  it('keeps a response over the size limit in the database and answers 400 PGRSTX02', async () => {
    // As service_role: building ten megabytes may outlast anon's 3s on a busy machine.
    const answer = await send('/rest/v1/rpc/lf_repeat', {
      method: 'POST',
      token: stack.serviceRoleKey,
      body: JSON.stringify({ n: limits.responseBytes + 1 }),
    });
    expectRestError(answer, 400, 'PGRSTX02');
    expect(answer.text.length).toBeLessThan(1000);
  });
});

describe('request bodies', () => {
  it(`answers JSON nested 5,000 levels deep with 400 PGRST102, to RPC and to tables`, async () => {
    for (const body of [
      `{"q":${nested(5000)}}`,
      nested(6000),
      `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    ]) {
      expectRestError(await send('/rest/v1/rpc/correct_query', { method: 'POST', body }), 400, 'PGRST102');
      expectRestError(await send('/rest/v1/leads', { method: 'POST', body }), 400, 'PGRST102');
    }
  });

  it(`answers a REST or RPC body over ${limits.restBodyBytes} bytes with 413 PGRSTX03`, async () => {
    const body = JSON.stringify({ q: 'x'.repeat(limits.restBodyBytes) });
    expectRestError(await send('/rest/v1/rpc/correct_query', { method: 'POST', body }), 413, 'PGRSTX03');
    expectRestError(await send('/rest/v1/leads', { method: 'POST', body }), 413, 'PGRSTX03');
  });

  it('counts the bytes of a body sent without a Content-Length', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > limits.restBodyBytes) controller.close();
        else controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const answer = await send('/rest/v1/rpc/correct_query', {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expectRestError(answer, 413, 'PGRSTX03');
  });

  it('answers an auth body over 1 MB with 413 in the auth error shape', async () => {
    const answer = await send('/auth/v1/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'big@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({
      code: 413,
      error_code: 'request_entity_too_large',
      msg: 'Request body too large',
    });
  });
});

describe('rpc/correct_query', () => {
  it('refuses 500 words with a clear 400 instead of searching each one', async () => {
    const q = Array.from({ length: 500 }, (_, i) => `wurd${i}`).join(' ');
    const answer = await send('/rest/v1/rpc/correct_query', { method: 'POST', body: JSON.stringify({ q }) });
    expectRestError(answer, 400, 'P0001');
    expect(answer.json?.['message']).toBe('correct_query takes at most 200 characters');
  });

  it('answers null, not an error, when there is nothing to correct', async () => {
    const answer = await send('/rest/v1/rpc/correct_query', {
      method: 'POST',
      body: JSON.stringify({ q: 'qqqqzzzz' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('null');
  });
});

describe('statement_timeout per role', () => {
  it('runs each API role under the settings hosted Supabase gives it', async () => {
    const settings = (token?: string) =>
      send('/rest/v1/rpc/lf_settings', { ...(token ? { token } : {}) }).then((a) => a.json);
    expect(await settings()).toEqual({ statement_timeout: '3s', lock_timeout: '8s' });
    expect(await settings(userToken)).toEqual({ statement_timeout: '8s', lock_timeout: '8s' });
    expect(await settings(stack.serviceRoleKey)).toEqual({ statement_timeout: '8s', lock_timeout: '8s' });
  });

  // PGlite runs Postgres single-threaded in WebAssembly and never fires statement_timeout, so the
  // cancellation is proven against a Postgres server (the second integration run of .ci/run).
  if (onPostgres)
    it('cancels a slow anonymous call with 57014, answered 500 as PostgREST does', async () => {
      const answer = await send('/rest/v1/rpc/lf_sleep', {
        method: 'POST',
        body: JSON.stringify({ seconds: 5 }),
      });
      expectRestError(answer, 500, '57014');
      expect(answer.json?.['message']).toBe('canceling statement due to statement timeout');
    }, 20_000);
});

/** Select lists built from real names, embeddings, spreads, hints, casts, JSON paths and junk. */
const selectText: fc.Arbitrary<string> = fc.letrec<{ item: string; list: string }>((tie) => ({
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(
      '*',
      'id',
      'name',
      'title',
      'slug',
      'x:id',
      'id::text',
      'meta->a->>b',
      'count()',
      '"a,b"',
      '',
    ),
    fc.string({ maxLength: 6 }),
    fc
      .tuple(
        fc.constantFrom('courses', 'intakes', 'universities', 'nope', '...courses', 'c:courses'),
        fc.constantFrom('', '!inner', '!left', '!courses_university_id_fkey', '!x!y'),
        tie('list'),
      )
      .map(([name, hint, list]) => `${name}${hint}(${list})`),
  ),
  list: fc.array(tie('item'), { maxLength: 4 }).map((items) => items.join(',')),
})).list;

describe('fuzzing select and filter strings', () => {
  it('answers random select and filter strings below 500, in PostgREST error shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('universities', 'courses', 'intakes', 'rpc/search_courses'),
        selectText,
        fc.array(fc.tuple(fc.constantFrom('id', 'name', 'courses.id', 'or', 'and', 'limit'), filterValue), {
          maxLength: 3,
        }),
        async (resource, select, filters) => {
          const path = `/rest/v1/${resource}?${query([['select', select], ...filters, ['limit', '5']])}`;
          const answer = await send(path);
          expectSafeAnswer(answer.status, answer.text, `GET ${path}`);
          if (answer.status >= 400) expect(Object.keys(answer.json ?? {}).sort()).toContain('code');
        },
      ),
      { ...FUZZ, numRuns: Math.min(FUZZ.numRuns, 100) },
    );
  }, 180_000);
});
