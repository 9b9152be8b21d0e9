import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../supabase/local/db/migrate.ts';
import { projectSources } from '../../../supabase/local/db/open.ts';
import { runAs } from '../../../supabase/local/db/request-context.ts';
import { createKeys } from '../../../supabase/local/keys.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';

// The anon key the Supabase CLI prints for its local stack; ours must be the same token.
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
  it('issues the same anon key as the Supabase CLI', async () => {
    expect(stack.anonKey).toBe(cliAnonKey);
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
});
