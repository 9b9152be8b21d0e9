import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCaptureServer, type CaptureServer } from '../helpers/smtp-capture.ts';
import { createApplicant, csrfFor, sessionCookies } from '../integration/security/app-harness.ts';
import { SERVER_NAMES, startFleet, type Fleet } from './fleet.ts';

const SIGN_IN_LIMIT = 6;
const CHECK_MS = 1000;

let fleet: Fleet;
let mail: CaptureServer;
beforeAll(async () => {
  mail = await startCaptureServer();
  fleet = await startFleet({
    SMTP_URL: mail.url,
    AUTH_RATE_LIMIT: String(SIGN_IN_LIMIT),
    LEAD_RATE_LIMIT: '100000',
    CATALOGUE_CACHE_CHECK_MS: String(CHECK_MS),
    MAIL_SWEEP_SECONDS: '1',
    MESSAGE_QUIET_SECONDS: '0',
  });
}, 180_000);
afterAll(async () => {
  await fleet?.close();
  await mail?.close();
});

/** A wrong password posted to /auth through the balancer, as a browser would; the status and the server. */
async function failedSignIn(session: { cookie: string; csrf: string }, email: string, forwardedFor?: string) {
  const response = await fetch(new URL('/auth', fleet.url), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: session.cookie,
      'content-type': 'application/x-www-form-urlencoded',
      origin: fleet.url,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: new URLSearchParams({
      intent: 'sign-in',
      email,
      password: 'not-the-password',
      csrf_token: session.csrf,
    }),
  });
  await response.arrayBuffer();
  return { status: response.status, server: response.headers.get('x-fleet-server') };
}

describe('three app servers behind HAProxy, one database', () => {
  it('spread the requests and answer /healthz', async () => {
    const answered = new Set<string | null>();
    for (let i = 0; i < 6; i++) {
      const response = await fetch(new URL('/healthz', fleet.url));
      expect(response.status).toBe(200);
      answered.add(response.headers.get('x-fleet-server'));
    }
    expect([...answered].sort()).toEqual([...SERVER_NAMES]);
  });

  it('hold the sign-in limit across servers, whatever address the client claims', async () => {
    const email = `fleet-limit-${Date.now()}@example.com`;
    await createApplicant(fleet.stack, email);
    const session = await csrfFor(fleet.url, '');
    const attempts = [];
    // Each attempt claims a new address; the servers count the one HAProxy appended.
    for (let i = 0; i < SIGN_IN_LIMIT + 3; i++)
      attempts.push(await failedSignIn(session, email, `198.51.100.${i}`));
    expect(new Set(attempts.map((a) => a.server)).size).toBe(3);
    expect(attempts.slice(0, SIGN_IN_LIMIT).every((a) => a.status !== 429)).toBe(true);
    expect(attempts.slice(SIGN_IN_LIMIT).map((a) => a.status)).toEqual([429, 429, 429]);
  });

  it('accept a session made on one server on every other', async () => {
    const email = `fleet-session-${Date.now()}@example.com`;
    const cookie = await sessionCookies(fleet.stack, email);
    for (const name of SERVER_NAMES) {
      const response = await fetch(new URL('/profile', fleet.servers[name]), {
        headers: { cookie },
        redirect: 'manual',
      });
      expect(response.status, name).toBe(200);
      expect(await response.text(), name).toContain(email);
    }
  });

  it('show a staff change on every server within the check interval', async () => {
    const title = async (name: (typeof SERVER_NAMES)[number]) =>
      /<h1[^>]*>([^<]*)</.exec(
        await (await fetch(new URL('/courses/' + slug, fleet.servers[name]))).text(),
      )?.[1];
    const { rows } = await fleet.stack.db.query<{ slug: string; title: string }>(
      'select slug, title from public.courses where published order by slug limit 1',
    );
    const slug = rows[0]!.slug;
    for (const name of SERVER_NAMES) expect(await title(name)).toBe(rows[0]!.title);
    await fleet.stack.db.query("update public.courses set title = title || ' (renamed)' where slug = $1", [
      slug,
    ]);
    const changedAt = Date.now();
    await vi.waitFor(
      async () => {
        for (const name of SERVER_NAMES) expect(await title(name)).toBe(`${rows[0]!.title} (renamed)`);
      },
      { timeout: CHECK_MS * 3, interval: 100 },
    );
    expect(Date.now() - changedAt).toBeLessThan(CHECK_MS * 3);
  });

  it('show a new filter option on every server within the check interval, however recently each listed the filters', async () => {
    const field = `Fleet studies ${Date.now()}`;
    const listed = async (name: (typeof SERVER_NAMES)[number]) =>
      (await (await fetch(new URL(`/courses?v=${Math.random()}`, fleet.servers[name]))).text()).includes(
        field,
      );
    for (const name of SERVER_NAMES) expect(await listed(name)).toBe(false);
    await fleet.stack.db.query(
      'update public.courses set field = $1 where slug = (select slug from public.courses where published order by slug offset 1 limit 1)',
      [field],
    );
    await vi.waitFor(
      async () => {
        for (const name of SERVER_NAMES) expect(await listed(name), name).toBe(true);
      },
      { timeout: CHECK_MS * 3, interval: 100 },
    );
  });

  it('deliver each queued message once, though every server sweeps the outbox', async () => {
    const tag = Date.now();
    const recipients = Array.from({ length: 30 }, (_, i) => `fleet-mail-${tag}-${i}@example.com`);
    await fleet.stack.db.query(
      `insert into public.notification_outbox (recipient, kind, subject, body)
       select r, 'reminder_deadline', 'Three days left to submit', 'Your draft closes on Friday.'
       from unnest($1::text[]) r`,
      [recipients],
    );
    const deliveredTo = () =>
      mail.received.flatMap((message) => message.rcptTo).filter((to) => to.startsWith(`fleet-mail-${tag}-`));
    await vi.waitFor(() => expect(new Set(deliveredTo()).size).toBe(recipients.length), {
      timeout: 20_000,
      interval: 200,
    });
    // A sender marks a message sent just after the mail server took it, so the last marks may trail.
    const pending = async () =>
      (
        await fleet.stack.db.query<{ pending: number }>(
          'select count(*)::int as pending from public.notification_outbox where recipient = any($1) and sent_at is null',
          [recipients],
        )
      ).rows[0]?.pending;
    await vi.waitFor(async () => expect(await pending()).toBe(0), { timeout: 10_000, interval: 100 });
    expect(deliveredTo().sort()).toEqual([...recipients].sort());
  });

  it('lose no acknowledged write when one server stops mid-traffic', async () => {
    const session = await csrfFor(fleet.url, '');
    const tag = Date.now();
    const acknowledged: string[] = [];
    const statuses: number[] = [];
    const post = async (i: number) => {
      const email = `fleet-lead-${tag}-${i}@example.com`;
      const response = await fetch(new URL('/api/leads', fleet.url), {
        method: 'POST',
        headers: {
          cookie: session.cookie,
          'content-type': 'application/json',
          'x-csrf-token': session.csrf,
          origin: fleet.url,
        },
        body: JSON.stringify({ name: 'Ama Fleet', email, source: 'contact', consent_email: 'on' }),
      }).catch(() => undefined);
      statuses.push(response?.status ?? 0);
      if (response?.ok && ((await response.json()) as { ok?: boolean }).ok) acknowledged.push(email);
      else await response?.arrayBuffer();
    };
    let next = 0;
    const worker = async () => {
      while (next < 90) await post(next++);
    };
    const traffic = Promise.all([worker(), worker(), worker()]);
    await vi.waitFor(() => expect(next).toBeGreaterThan(20), { timeout: 20_000, interval: 20 });
    await fleet.stopServer('b');
    await traffic;
    // Requests that reached the stopping server before it closed are answered; later ones go elsewhere.
    expect(acknowledged.length, `statuses: ${statuses.join(' ')}`).toBe(90);
    const { rows } = await fleet.stack.db.query<{ email: string }>(
      'select email from public.leads where email = any($1)',
      [acknowledged],
    );
    expect(rows.map((row) => row.email).sort()).toEqual([...acknowledged].sort());
  });
});
