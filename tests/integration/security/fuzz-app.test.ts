import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../server/support/http.ts';
import { startFuzzApp, type FuzzApp } from './app-harness.ts';
import { DYNAMIC, fillPath, identifier, PAGES, params, READ_ENDPOINTS, WRITES } from './app-routes.ts';
import { expectSafeAnswer, FUZZ, hostileText, query } from './hostile.ts';

let fuzz: FuzzApp;

beforeAll(async () => {
  fuzz = await startFuzzApp();
}, 600_000);
afterAll(() => fuzz.close());

type Caller = 'none' | 'anonymous' | 'signedIn' | 'admin';

const caller = () => fc.constantFrom<Caller>('none', 'anonymous', 'signedIn', 'admin');

function cookieOf(who: Caller): string {
  return who === 'none' ? '' : fuzz[who].cookie;
}

/** A body in one of the shapes a browser or a script might send, carrying the given fields. */
const body = fc.record({
  type: fc.constantFrom('form', 'json', 'multipart', 'raw'),
  fields: fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('name', 'email', 'course_id', 'answers', 'accept', 'kind', 'path'),
        hostileText,
      ),
      fc.oneof(hostileText, fc.uuid()),
    ),
    { maxLength: 5 },
  ),
  raw: hostileText,
});

function encode(shape: { type: string; fields: Array<[string, string]>; raw: string }, token: string | null) {
  const fields = token === null ? shape.fields : [...shape.fields, ['csrf_token', token] as [string, string]];
  if (shape.type === 'json')
    return { type: 'application/json', data: JSON.stringify(Object.fromEntries(fields)) };
  if (shape.type === 'form') return { type: 'application/x-www-form-urlencoded', data: query(fields) };
  if (shape.type === 'multipart') {
    const parts = fields.map(
      ([k, v]) => `--fuzz\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
    return { type: 'multipart/form-data; boundary=fuzz', data: `${parts.join('')}--fuzz--\r\n` };
  }
  return { type: 'text/plain', data: shape.raw };
}

async function send(
  method: string,
  path: string,
  who: Caller,
  extra: Record<string, string> = {},
  data?: string,
) {
  const headers: Record<string, string> = { accept: 'text/html,application/json', ...extra };
  const cookie = cookieOf(who);
  if (cookie) headers['cookie'] = cookie;
  const response = await fetch(new URL(path, fuzz.app.url), {
    method,
    headers,
    redirect: 'manual',
    ...(data === undefined ? {} : { body: data }),
  });
  return { status: response.status, body: await response.text() };
}

describe('counterexamples the fuzzing found, replayed', () => {
  it('reads a JSON body on a form page as an empty form, not a server error', async () => {
    for (const [path, who] of [
      ['/auth', 'anonymous'],
      ['/profile', 'signedIn'],
      ['/api/auth/sign-out', 'signedIn'],
    ] as const) {
      const headers = {
        'content-type': 'application/json',
        'x-csrf-token': fuzz[who].csrf,
        origin: new URL(fuzz.app.url).origin,
      };
      const answer = await send(
        'POST',
        path,
        who,
        headers,
        '{"Ω≈ç√":"is.null; drop table public.leads; --"}',
      );
      expectSafeAnswer(answer.status, answer.body, `POST ${path}`);
    }
  });
});

describe('control characters and raw input', () => {
  it('answers a control character in any address with a clear 400, never a server error', async () => {
    const paths: Array<[string, Caller]> = [
      ['/courses?q=%00', 'none'],
      ['/universities?q=%00', 'none'],
      ['/api/catalogue/courses?q=%00', 'none'],
      ['/api/catalogue/universities?q=%00', 'none'],
      ['/admin/leads?q=%00', 'admin'],
      ['/admin-intake?q=%00', 'admin'],
      ['/admin-intake/triage?q=%00', 'admin'],
      ['/courses?q=law%0D%0Aset-cookie:x', 'anonymous'],
      ['/blog/%00', 'none'],
    ];
    for (const [path, who] of paths) {
      const answer = await send('GET', path, who);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toContain('control character');
    }
  });

  it('saves a search whose query holds NUL, CR/LF, U+2028 or non-Latin text, and sends the browser back to it', async () => {
    for (const query of ['q=%00', 'q=law\r\nx', 'q=a\u2028b', 'q=日本', 'q=\u0000']) {
      const headers = {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(fuzz.app.url).origin,
      };
      const data = new URLSearchParams({ csrf_token: fuzz.signedIn.csrf, query }).toString();
      const response = await fetch(new URL('/saved-searches', fuzz.app.url), {
        method: 'POST',
        headers: { ...headers, cookie: fuzz.signedIn.cookie },
        body: data,
        redirect: 'manual',
      });
      expect(response.status, query).toBe(303);
      const location = response.headers.get('location') ?? '';
      expect(location, query).toMatch(/^\/(courses|profile)/);
      expect(location, query).not.toMatch(/[^\x21-\x7e]/);
    }
  });
});

describe('fuzzing the built app', () => {
  it('answers random paths and query strings on every page without a server error', async () => {
    const route = fc.oneof(
      fc.constantFrom(...PAGES, ...READ_ENDPOINTS),
      fc.tuple(fc.constantFrom(...DYNAMIC), identifier).map(([r, id]) => fillPath(r, id)),
      fc.array(identifier, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join('/')}`),
    );
    await fc.assert(
      fc.asyncProperty(route, params, caller(), async (path, pairs, who) => {
        const target = pairs.length ? `${path}?${query(pairs)}` : path;
        const cookie = cookieOf(who);
        const answer = await rawRequest(fuzz.app.url, target, { headers: cookie ? { cookie } : {} });
        expectSafeAnswer(answer.status, answer.body.toString('utf8'), `GET ${target} as ${who}`);
      }),
      FUZZ,
    );
  }, 300_000);

  it('answers hostile posts to every endpoint, with and without a valid CSRF token, without a server error', async () => {
    const write = fc
      .constantFrom(...WRITES)
      .chain(([route, methods]) => fc.tuple(fc.constant(route), fc.constantFrom(...methods), identifier));
    await fc.assert(
      fc.asyncProperty(
        write,
        caller(),
        body,
        fc.constantFrom('field', 'header', 'none', 'wrong'),
        async ([route, method, id], who, shape, csrf) => {
          const token = who === 'none' ? 'a'.repeat(64) : fuzz[who].csrf;
          const sent = csrf === 'field' ? token : csrf === 'wrong' ? 'b'.repeat(64) : null;
          const encoded = encode(shape, sent);
          const headers: Record<string, string> = {
            'content-type': encoded.type,
            origin: new URL(fuzz.app.url).origin,
          };
          if (csrf === 'header') headers['x-csrf-token'] = token;
          const path = fillPath(route, id);
          const answer = await send(method, path, who, headers, encoded.data);
          expectSafeAnswer(
            answer.status,
            answer.body,
            `${method} ${path} as ${who}, csrf ${csrf}: ${encoded.data.slice(0, 120)}`,
          );
        },
      ),
      FUZZ,
    );
  }, 300_000);
});
