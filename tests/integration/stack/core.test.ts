import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../supabase/local/db/migrate.ts';
import { projectSources } from '../../../supabase/local/db/open.ts';
import { runAs } from '../../../supabase/local/db/request-context.ts';
import { createKeys } from '../../../supabase/local/keys.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';

// The anon key the Supabase CLI prints for its local stack: public, so never an install's own.
const cliAnonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startTestStack();
  await stack.db.exec(`
    create table public.core_probe (id int primary key, owner uuid);
    alter table public.core_probe enable row level security;
    create policy own_rows on public.core_probe for select to authenticated using (owner = (select auth.uid()));
    insert into public.core_probe values (1, '00000000-0000-0000-0000-00000000000a'), (2, '00000000-0000-0000-0000-00000000000b');
  `);
});
afterAll(() => stack.stop());

const context = (role: string, sub?: string) => ({
  role,
  claims: sub ? { sub } : {},
  method: 'GET',
  path: '/core_probe',
});

describe('platform bootstrap and request context', () => {
  it('records every migration once, so a second run applies nothing', async () => {
    const again = await migrate(stack.db, projectSources());
    expect(again.bootstrap).toEqual([]);
    expect(again.migrations).toEqual([]);
    expect(again.seeded).toBe(false);
  });

  it('refuses a database whose recorded migrations the project no longer has, as db push does', async () => {
    await stack.db.query(
      "insert into supabase_migrations.schema_migrations (version, name) values ('20200101000000', 'gone')",
    );
    try {
      await expect(migrate(stack.db, projectSources())).rejects.toThrow(
        /the database holds migrations that supabase\/migrations no longer has \(20200101000000\)\. Start from an empty database/,
      );
    } finally {
      await stack.db.query(
        "delete from supabase_migrations.schema_migrations where version = '20200101000000'",
      );
    }
  });

  it('lets row-level security decide: owner sees one row, anon none, service_role all', async () => {
    const count = async (role: string, sub?: string) =>
      runAs(
        stack.db,
        context(role, sub),
        async (tx) => (await tx.query('select id from public.core_probe')).rows.length,
      );
    expect(await count('authenticated', '00000000-0000-0000-0000-00000000000a')).toBe(1);
    expect(await count('anon')).toBe(0);
    expect(await count('service_role')).toBe(2);
  });

  it('exposes the caller through auth.uid(), auth.role() and auth.jwt()', async () => {
    const row = await runAs(
      stack.db,
      context('authenticated', '00000000-0000-0000-0000-00000000000a'),
      async (tx) => {
        const result = await tx.query<{ uid: string; role: string; jwt_role: string; who: string }>(
          `select auth.uid()::text as uid, auth.role() as role, auth.jwt()->>'role' as jwt_role, current_user::text as who`,
        );
        return result.rows[0];
      },
    );
    expect(row).toEqual({
      uid: '00000000-0000-0000-0000-00000000000a',
      role: 'authenticated',
      jwt_role: 'authenticated',
      who: 'authenticated',
    });
  });

  it('refuses writes in a read-only request', async () => {
    await expect(
      runAs(stack.db, { ...context('service_role'), readOnly: true }, (tx) =>
        tx.query('delete from public.core_probe'),
      ),
    ).rejects.toMatchObject({ code: '25006' });
  });
});

describe('keys', () => {
  const folder = () => mkdtempSync(join(tmpdir(), 'unipath-keys-'));

  it('gives each install keys of its own, kept in keys.json (0600) and the same after a restart', async () => {
    const first = folder();
    const a = await createKeys({ file: join(first, 'keys.json') });
    const again = await createKeys({ file: join(first, 'keys.json') });
    const other = await createKeys({ file: join(folder(), 'keys.json') });
    expect(statSync(join(first, 'keys.json')).mode & 0o777).toBe(0o600);
    expect([again.anonKey, again.serviceRoleKey, again.publishableKey, again.jwks]).toEqual([
      a.anonKey,
      a.serviceRoleKey,
      a.publishableKey,
      a.jwks,
    ]);
    expect(other.jwtSecret).not.toBe(a.jwtSecret);
    expect(other.anonKey).not.toBe(a.anonKey);
    expect(other.secretKey).not.toBe(a.secretKey);
    expect(other.jwks.keys[0]?.kid).not.toBe(a.jwks.keys[0]?.kid);
    await expect(other.verify(a.serviceRoleKey)).rejects.toThrow();
  });

  it('issues the Supabase CLI anon key only to a stack that asks for the well-known keys', async () => {
    expect(stack.anonKey).not.toBe(cliAnonKey);
    expect((await createKeys({ wellKnown: true })).anonKey).toBe(cliAnonKey);
    const demo = await startTestStack({ wellKnownKeys: true });
    try {
      const response = await fetch(`${demo.url}/rest/v1/universities?select=id&limit=1`, {
        headers: { apikey: cliAnonKey },
      });
      expect(response.status).toBe(200);
    } finally {
      await demo.stop();
    }
  });

  it('keeps the session key an earlier version stored, so signed-in people stay signed in', async () => {
    const dir = folder();
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = 'earlier-key';
    writeFileSync(
      join(dir, 'signing-key.json'),
      JSON.stringify({ kid, privateJwk: await exportJWK(privateKey) }),
    );
    const upgraded = await createKeys({ file: join(dir, 'keys.json') });
    const now = Math.floor(Date.now() / 1000);
    const earlierSession = await new SignJWT({ sub: 'u1', iat: now, exp: now + 60 })
      .setProtectedHeader({ alg: 'ES256', kid })
      .sign(privateKey);
    expect(upgraded.jwks.keys[0]?.kid).toBe(kid);
    expect((await upgraded.verify(earlierSession)).sub).toBe('u1');
  });

  it('signs user tokens with ES256 and a kid published in the JWKS, and rejects a tampered token', async () => {
    const keys = await createKeys();
    const now = Math.floor(Date.now() / 1000);
    const token = await keys.sign({ sub: 'u1', role: 'authenticated', iat: now, exp: now + 60 });
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('ES256');
    expect(keys.jwks.keys.map((k) => k.kid)).toContain(header.kid);
    expect(keys.jwks.keys.every((k) => !('d' in k))).toBe(true);
    expect((await keys.verify(token)).sub).toBe('u1');
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: 'u2', role: 'service_role', iat: now, exp: now + 60 }),
    ).toString('base64url');
    await expect(keys.verify(`${h}.${forged}.${s}`)).rejects.toThrow();
    expect(p).toBeDefined();
  });

  it('accepts tokens for the authenticated audience or none, and refuses any other', async () => {
    const keys = await createKeys();
    const now = Math.floor(Date.now() / 1000);
    const token = (aud?: string | string[]) =>
      keys.sign({ sub: 'u1', iat: now, exp: now + 60, ...(aud === undefined ? {} : { aud }) });
    await expect(keys.verify(await token())).resolves.toMatchObject({ sub: 'u1' });
    await expect(keys.verify(await token('authenticated'))).resolves.toMatchObject({ sub: 'u1' });
    await expect(keys.verify(await token(['x', 'authenticated']))).resolves.toMatchObject({ sub: 'u1' });
    await expect(keys.verify(await token('another-service'))).rejects.toMatchObject({ claim: 'aud' });
    await expect(
      keys.verify(await keys.signLegacy({ aud: 'x', iat: now, exp: now + 60 })),
    ).rejects.toMatchObject({
      claim: 'aud',
    });
  });

  it('rejects an expired token', async () => {
    const keys = await createKeys();
    const past = Math.floor(Date.now() / 1000) - 3600;
    await expect(keys.verify(await keys.sign({ sub: 'u1', iat: past - 60, exp: past }))).rejects.toThrow();
  });
});

describe('mailbox', () => {
  it('keeps delivered messages and lists them as JSON per recipient', async () => {
    const response = await fetch(`${stack.mailboxUrl}/api/messages?to=nobody@example.com`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ messages: [] });
  });

  it('is never readable by another site: no CORS headers, and no preflight is granted', async () => {
    const evil = { origin: 'https://evil.example' };
    const read = await fetch(`${stack.mailboxUrl}/api/messages?to=someone@example.com`, { headers: evil });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    expect(read.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${stack.mailboxUrl}/api/messages`, {
      method: 'OPTIONS',
      headers: { ...evil, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // The APIs still answer any origin, as Supabase's gateway does.
    const api = await fetch(`${stack.url}/rest/v1/`, { headers: evil });
    expect(api.headers.get('access-control-allow-origin')).toBe('https://evil.example');
  });
});
