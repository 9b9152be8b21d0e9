/**
 * The built app served by createAppServer in front of a local stack, as `npm start` runs them, with
 * a signed-in applicant's cookies and a CSRF token for the fuzz suites.
 */
import { createServerClient } from '@supabase/ssr';
import type { AppServer } from '../../../src/server/serve.ts';
import { createAppServer } from '../../../src/server/serve.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { DIST, ensureBuild } from '../server/support/build.ts';

export interface FuzzApp {
  stack: RunningStack;
  app: AppServer;
  /** Cookie header of a browser that holds a CSRF cookie, and the token that goes with it. */
  anonymous: { cookie: string; csrf: string };
  signedIn: { cookie: string; csrf: string };
  /** An administrator's browser, for the admin pages. */
  admin: { cookie: string; csrf: string };
  close(): Promise<void>;
}

export const PASSWORD = 'fuzzing-is-no-crime-2026';

/** A confirmed applicant account with the shared password. */
export async function createApplicant(stack: RunningStack, email: string): Promise<void> {
  const { error } = await clientFor(stack, stack.serviceRoleKey).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (error) throw error;
}

/** Gives an account a staff role with the service key, as nobody can grant it to themselves. */
export async function grantRole(
  stack: RunningStack,
  email: string,
  role: 'admin' | 'counsellor',
): Promise<void> {
  const service = clientFor(stack, stack.serviceRoleKey);
  const { data, error } = await service.auth.admin.listUsers({ perPage: 1000 });
  if (error) throw error;
  const user = data.users.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`no account ${email}`);
  const granted = await service.from('user_roles').insert({ user_id: user.id, role });
  if (granted.error) throw new Error(granted.error.message);
}

/** A cookie jar a @supabase/ssr client reads and writes, and the Cookie header it amounts to. */
function cookieClient(stack: RunningStack, cookie = '') {
  const jar = new Map<string, string>();
  for (const pair of cookie.split('; ').filter(Boolean)) {
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  const client = createServerClient(stack.url, stack.anonKey, {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => cookies.forEach(({ name, value }) => jar.set(name, value)),
    },
  });
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return { client, header };
}

/**
 * Signs a new account in through @supabase/ssr and returns the session cookies it wrote. A staff
 * role is granted first, so the access token carries it, as it would after a staff member signs in.
 */
export async function sessionCookies(
  stack: RunningStack,
  email: string,
  role?: 'admin' | 'counsellor',
): Promise<string> {
  await createApplicant(stack, email);
  if (role) await grantRole(stack, email, role);
  const { client, header } = cookieClient(stack);
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return header();
}

/** The same browser after its session refreshed, as @supabase/ssr does when the token nears expiry. */
export async function refreshedCookies(stack: RunningStack, cookie: string): Promise<string> {
  const { client, header } = cookieClient(stack, cookie);
  const { error } = await client.auth.refreshSession();
  if (error) throw error;
  return header();
}

/** The CSRF cookie the app hands this browser and the token its pages embed. */
export async function csrfFor(appUrl: string, cookie: string): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(new URL('/api/auth/csrf', appUrl), { headers: cookie ? { cookie } : {} });
  const { token } = (await response.json()) as { token: string };
  const set = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  return { cookie: [cookie, ...set].filter(Boolean).join('; '), csrf: token };
}

export async function startFuzzApp(options: { trustProxy?: boolean } = {}): Promise<FuzzApp> {
  ensureBuild();
  const stack = await startTestStack();
  Object.assign(process.env, {
    SUPABASE_URL: stack.url,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  });
  const app = await createAppServer({
    host: '127.0.0.1',
    port: 0,
    distDir: DIST,
    supabaseUrl: stack.url,
    trustProxy: options.trustProxy ?? false,
  });
  const anonymous = await csrfFor(app.url, '');
  const signedIn = await csrfFor(app.url, await sessionCookies(stack, `fuzz-${Date.now()}@example.com`));
  const adminEmail = `fuzz-admin-${Date.now()}@example.com`;
  const admin = await csrfFor(app.url, await sessionCookies(stack, adminEmail, 'admin'));
  return {
    stack,
    app,
    anonymous,
    signedIn,
    admin,
    async close() {
      await app.close();
      await stack.stop();
    },
  };
}
