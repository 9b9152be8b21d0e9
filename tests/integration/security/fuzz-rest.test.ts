import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { expectSafeAnswer, FUZZ, fieldName, filterValue, hostileText, query } from './hostile.ts';
import { call, exposedColumns, fingerprint } from './rest-client.ts';

let stack: RunningStack;
let tables: string[];
let columns: Map<string, string[]>;
let tokens: string[];

beforeAll(async () => {
  stack = await startTestStack();
  columns = await exposedColumns(stack);
  tables = [...columns.keys()];
  const applicant = await stack.signToken({ sub: crypto.randomUUID(), role: 'authenticated' });
  tokens = [stack.anonKey, applicant];
});
afterAll(() => stack.stop());

/** A table (sometimes an unknown name), one of the callers, and random filters over its columns. */
const request = () =>
  fc
    .tuple(fc.constantFrom(...tables, 'no_such_table', '%2e%2e'), fc.nat({ max: tokens.length - 1 }))
    .chain(([table, caller]) =>
      fc.record({
        table: fc.constant(table),
        token: fc.constant(tokens[caller] ?? ''),
        filters: fc.array(fc.tuple(fieldName(columns.get(table) ?? ['id']), filterValue), { maxLength: 4 }),
      }),
    );

describe('fuzzing the REST API', () => {
  it('answers hostile reads without a server error or leaked internals', async () => {
    const headers = fc.record(
      {
        prefer: fc.constantFrom('count=exact', 'count=planned', 'return=representation', 'x'),
        range: fc.constantFrom('0-9', '5-1', 'a-b', '0-'),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(request(), headers, async ({ table, token, filters }, extra) => {
        const path = `${table}?${query(filters)}`;
        const answer = await call(stack, token, 'GET', path, undefined, extra);
        expectSafeAnswer(answer.status, answer.body, `GET ${path}`);
      }),
      FUZZ,
    );
  }, 180_000);

  it('refuses hostile writes without a server error and without storing anything', async () => {
    const body = fc.oneof(fc.json({ maxDepth: 2 }), hostileText);
    await fc.assert(
      fc.asyncProperty(
        request(),
        fc.constantFrom('POST', 'PATCH', 'DELETE'),
        body,
        async (target, method, json) => {
          const before = await fingerprint(stack);
          const path = `${target.table}?${query(target.filters)}`;
          const answer = await call(stack, target.token, method, path, json);
          expectSafeAnswer(answer.status, answer.body, `${method} ${path} ${json.slice(0, 100)}`);
          if (answer.status >= 400) expect(await fingerprint(stack)).toBe(before);
        },
      ),
      FUZZ,
    );
  }, 240_000);
});

describe('counterexamples the fuzzing found, replayed', () => {
  it('answers them as client errors, never a server error', async () => {
    const admin = stack.serviceRoleKey;
    const cases: Array<[string, string, string, string | undefined, number]> = [
      [stack.anonKey, 'DELETE', 'latest_currency_rates', undefined, 401],
      [tokens[1] ?? '', 'PATCH', 'application_status_guide?status=eq.draft', '{"label":"x"}', 403],
      [stack.anonKey, 'GET', `courses?${query([['title\u0000', 'eq.x']])}`, undefined, 400],
      [stack.anonKey, 'GET', `rpc/search_courses?${query([['\u0000', 'cs.(']])}`, undefined, 400],
      [admin, 'POST', `search_terms?${query([['term', 'sr.x']])}`, '[]', 201],
      [admin, 'POST', 'search_terms', '{}', 400],
    ];
    for (const [token, method, path, body, status] of cases) {
      const answer = await call(stack, token, method, path, body);
      expectSafeAnswer(answer.status, answer.body, `${method} ${path}`);
      expect(answer.status, `${method} ${path} ${answer.body}`).toBe(status);
    }
  });
});

describe('fuzzing the RPCs', () => {
  let functions: string[];

  beforeAll(async () => {
    const { rows } = await stack.db.query<{ name: string }>(
      `select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute')
         and p.prorettype <> 'trigger'::regtype order by 1`,
    );
    functions = rows.map((row) => row.name);
  });

  it('answers hostile arguments without a server error and stores nothing when refusing', async () => {
    const args = fc.dictionary(
      fc.oneof(fc.constantFrom('q', 'payload', 'file_name', 'amount', 'status'), hostileText),
      fc.oneof(hostileText, fc.jsonValue({ maxDepth: 2 })),
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...functions),
        args,
        fc.nat({ max: 1 }),
        async (name, input, caller) => {
          const before = await fingerprint(stack);
          const answer = await call(
            stack,
            tokens[caller] ?? '',
            'POST',
            `rpc/${name}`,
            JSON.stringify(input),
          );
          expectSafeAnswer(answer.status, answer.body, `rpc/${name} ${JSON.stringify(input).slice(0, 200)}`);
          if (answer.status >= 400) expect(await fingerprint(stack)).toBe(before);
        },
      ),
      FUZZ,
    );
  }, 240_000);

  it('answers hostile query strings on GET RPCs without a server error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...functions),
        fc.array(fc.tuple(hostileText, filterValue), { maxLength: 4 }),
        async (name, params) => {
          const path = `rpc/${name}?${query(params)}`;
          const answer = await call(stack, stack.anonKey, 'GET', path);
          expectSafeAnswer(answer.status, answer.body, `GET ${path}`);
        },
      ),
      FUZZ,
    );
  }, 180_000);

  it('stores a lead only when submit_lead accepts it', async () => {
    const field = fc.constantFrom(
      'name',
      'email',
      'source',
      'phone',
      'message',
      'status',
      'course_id',
      'consent_email',
    );
    const payload = fc.dictionary(
      field,
      fc.oneof(hostileText, fc.constantFrom('lead_form', 'Ada Lovelace', 'ada@example.com', true, null, 1)),
      { maxKeys: 6 },
    );
    await fc.assert(
      fc.asyncProperty(payload, async (lead) => {
        const before = await stack.db.query<{ n: number }>('select count(*)::int as n from public.leads');
        const answer = await call(
          stack,
          stack.anonKey,
          'POST',
          'rpc/submit_lead',
          JSON.stringify({ payload: lead }),
        );
        expectSafeAnswer(answer.status, answer.body, `submit_lead ${JSON.stringify(lead).slice(0, 200)}`);
        const after = await stack.db.query<{ n: number }>('select count(*)::int as n from public.leads');
        if (answer.status >= 400) expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
      }),
      FUZZ,
    );
  }, 180_000);
});
