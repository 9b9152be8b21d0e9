import AxeBuilder from '@axe-core/playwright';
import { createServerClient } from '@supabase/ssr';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { serviceClient, signInNewApplicant, STACK_URL, submitThroughApi } from '../applications/support.ts';
import { stackKeys } from '../stack-keys.ts';

export { serviceClient };

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The page passes axe's WCAG 2.2 AA rules; `where` names the state in the failure message. `exclude`
 * leaves out parts axe cannot enter, such as a sandboxed frame that runs no script.
 */
export async function expectNoViolations(page: Page, where: string, exclude: string[] = []): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of exclude) builder.exclude(selector);
  const { violations } = await builder.analyze();
  expect(
    violations.map((v) => `${where}: ${v.id} ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The page fits the viewport's width: nothing makes the whole page scroll sideways. */
export async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/**
 * Refreshes the session `context` holds, as the app's SSR client does when the access token nears
 * expiry: the new token carries the staff roles the account holds now.
 */
export async function refreshBrowserSession(context: BrowserContext, baseURL: string): Promise<void> {
  const { anonKey } = await stackKeys(STACK_URL);
  const jar = new Map((await context.cookies(baseURL)).map(({ name, value }) => [name, value]));
  const ssr = createServerClient(STACK_URL, anonKey, {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => cookies.forEach(({ name, value }) => jar.set(name, value)),
    },
  });
  const { error } = await ssr.auth.refreshSession();
  if (error) throw new Error(`refresh failed: ${error.message}`);
  for (const [name, value] of jar) {
    if (value) await context.addCookies([{ name, value, url: baseURL, sameSite: 'Lax' }]);
    else await context.clearCookies({ name });
  }
}

/**
 * A new account signed in in `context` and given a staff role with the service key (nobody grants
 * it to themselves); the session is refreshed after the grant, so its token carries the role.
 */
export async function signInStaff(
  context: BrowserContext,
  baseURL: string | undefined,
  role: 'admin' | 'counsellor' = 'admin',
): Promise<{ email: string; id: string }> {
  const user = await signInNewApplicant(context, baseURL ?? '');
  const service = await serviceClient();
  const granted = await service.from('user_roles').insert({ user_id: user.id, role });
  if (granted.error) throw new Error(`role failed: ${granted.error.message}`);
  await refreshBrowserSession(context, baseURL ?? '');
  return user;
}

export interface SubmittedApplication {
  /** The applicant. */
  email: string;
  id: string;
  applicationId: string;
  reference: string;
  /** Document ids by kind. */
  documents: Record<string, string>;
}

/** A new applicant signed in in `context`, with an application they submitted through the API. */
export async function submittedApplication(
  context: BrowserContext,
  baseURL: string | undefined,
): Promise<SubmittedApplication> {
  const applicant = await signInNewApplicant(context, baseURL ?? '');
  const { id, documents } = await submitThroughApi(applicant.email, applicant.id);
  const service = await serviceClient();
  const { data, error } = await service.from('applications').select('reference').eq('id', id).single();
  if (error) throw new Error(`reading the reference failed: ${error.message}`);
  return { ...applicant, applicationId: id, documents, reference: (data as { reference: string }).reference };
}

/** The same, by an applicant who then leaves: their browser context is closed again. */
export async function submittedByNewApplicant(
  browser: Browser,
  baseURL: string | undefined,
): Promise<SubmittedApplication> {
  const context = await browser.newContext();
  try {
    return await submittedApplication(context, baseURL);
  } finally {
    await context.close();
  }
}
