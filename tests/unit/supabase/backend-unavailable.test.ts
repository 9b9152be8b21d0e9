import { describe, expect, it } from 'vitest';
import {
  BACKEND_DOWN_MESSAGE,
  backendAnswers,
  createBackendWatch,
  unavailableJson,
  unavailablePageRequest,
  wantsJson,
} from '../../../src/lib/supabase/backend-unavailable.ts';

const answering =
  (status: number): typeof fetch =>
  () =>
    Promise.resolve(new Response('{}', { status }));
const refusing: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
const aborted: typeof fetch = () =>
  Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));

describe('createBackendWatch', () => {
  it('sees a refused connection and gateway errors, not answers the backend gave', async () => {
    for (const status of [200, 400, 401, 404, 429, 500]) {
      const watch = createBackendWatch(answering(status));
      await watch.fetch('http://stack/rest/v1/x');
      expect({ status, down: watch.down }).toEqual({ status, down: false });
    }
    for (const status of [502, 503, 504]) {
      const watch = createBackendWatch(answering(status));
      await watch.fetch('http://stack/rest/v1/x');
      expect({ status, down: watch.down }).toEqual({ status, down: true });
    }
    const refused = createBackendWatch(refusing);
    await expect(refused.fetch('http://stack/auth/v1/user')).rejects.toThrow('fetch failed');
    expect(refused.down).toBe(true);
  });

  it('does not blame the backend for a request the app gave up on itself', async () => {
    const watch = createBackendWatch(aborted);
    await expect(watch.fetch('http://stack/rest/v1/x')).rejects.toThrow();
    expect(watch.down).toBe(false);
  });
});

describe('backendAnswers', () => {
  it('asks the auth health route and is false when nothing or only a gateway answers', async () => {
    const asked: string[] = [];
    const recording: typeof fetch = (input) => {
      asked.push(String(input));
      return Promise.resolve(new Response('ok'));
    };
    expect(await backendAnswers('http://127.0.0.1:54321', 500, recording)).toBe(true);
    expect(asked).toEqual(['http://127.0.0.1:54321/auth/v1/health']);
    expect(await backendAnswers('http://127.0.0.1:54321/', 500, refusing)).toBe(false);
    expect(await backendAnswers('http://127.0.0.1:54321/', 500, answering(503))).toBe(false);
  });
});

describe('answers while the backend is down', () => {
  it('gives endpoints and JSON callers a 503 JSON message, browsers the page', async () => {
    const browser = new Request('http://app/courses', { headers: { accept: 'text/html,application/json' } });
    const script = new Request('http://app/courses', { headers: { accept: 'application/json' } });
    expect(wantsJson(browser, '/courses')).toBe(false);
    expect(wantsJson(script, '/courses')).toBe(true);
    expect(wantsJson(browser, '/api/applications/draft')).toBe(true);
    const response = unavailableJson();
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ ok: false, status: 503, message: BACKEND_DOWN_MESSAGE });
  });

  it('renders the page from a bodiless GET that keeps the visitor’s cookies', () => {
    const posted = new Request('http://app/auth?x=1', {
      method: 'POST',
      headers: { cookie: 'a=1', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=x',
    });
    const page = unavailablePageRequest(posted, new URL(posted.url));
    expect(page.method).toBe('GET');
    expect(page.url).toBe('http://app/unavailable');
    expect(page.headers.get('cookie')).toBe('a=1');
    expect(page.headers.get('content-type')).toBeNull();
  });
});
