import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../helpers/chromium.ts';
import type { Environment } from './report.ts';
import { installProbe, interactionDurations } from './interaction-probe.ts';
import type { ResolvedRoute } from './routes.ts';
import { percentile } from './stats.ts';
import { SectionRecorder } from './types.ts';

export interface InteractionContext {
  routes: ResolvedRoute[];
  quick: boolean;
  env: Environment;
}

const SEARCH_BOX = 'main input[type="search"], main [role="searchbox"], main input[name="q"]';
const FILTERS = 'main form select, main form input[type="checkbox"], main form input[type="radio"]';
const SETTLE_MS = 1500;

interface Scenario {
  name: string;
  /** How many interactions act() performs. */
  count(quick: boolean): number;
  /** Performs the interactions; a reason when the page has nothing to interact with. */
  act(page: Page, count: number): Promise<string | undefined>;
}

const QUERY = 'computer science';

const typing: Scenario = {
  name: 'search-as-you-type',
  count: () => QUERY.length,
  async act(page) {
    const box = page.locator(SEARCH_BOX).first();
    if ((await box.count()) === 0) return 'the page has no search box';
    await box.click();
    await page.keyboard.type(QUERY, { delay: 80 });
    return undefined;
  },
};

const filtering: Scenario = {
  name: 'filter change',
  count: (quick) => (quick ? 3 : 10),
  async act(page, count) {
    const controls = page.locator(FILTERS);
    const available = await controls.count();
    if (available === 0) return 'the page has no filter controls';
    for (let i = 0; i < count; i++) {
      const control = controls.nth(i % available);
      if ((await control.evaluate((el) => el.tagName)) === 'SELECT') {
        const values = await control
          .locator('option')
          .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
        await control.selectOption(values[(i + 1) % Math.max(1, values.length)] ?? '');
      } else await control.click();
      // The last change is left to settle in measure(), which times the page update after it.
      if (i < count - 1) await page.waitForTimeout(SETTLE_MS);
    }
    return undefined;
  },
};

async function measure(page: Page, url: string, scenario: Scenario, count: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Islands hydrate when the browser is idle; Astro drops the `ssr` attribute once one has. Search
  // islands (client:interact) hydrate on the first input, whose latency then includes hydration.
  await page
    .waitForFunction(() => !document.querySelector('astro-island[ssr]:not([client="interact"])'), null, {
      timeout: 20_000,
    })
    .catch(() => undefined);
  const missing = await scenario.act(page, count);
  if (missing) return { missing };
  const lastInput = await page.evaluate(() => performance.now());
  await page.waitForTimeout(SETTLE_MS);
  const probe = await page.evaluate(() => {
    const w = window as unknown as {
      __events: Array<{ id: number; duration: number }>;
      __lastChange: number;
    };
    return { events: w.__events, lastChange: w.__lastChange };
  });
  // Interactions under 16 ms leave no entry: they count as 0 ms.
  const durations = interactionDurations(probe.events);
  while (durations.length < count) durations.push(0);
  return { durations, settled: Math.max(0, probe.lastChange - lastInput) };
}

/** Interaction latency (Event Timing, as INP counts it) of typing a search and changing filters, CPU 4× slower. */
export async function runInteraction(ctx: InteractionContext): Promise<SectionRecorder> {
  const rec = new SectionRecorder('interaction');
  const rows: string[][] = [];
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({
    args: chromiumArgs,
    ...(executablePath ? { executablePath } : {}),
  });
  try {
    for (const route of ctx.routes.filter((r) => r.label === '/courses' || r.label === '/discover')) {
      for (const scenario of [typing, filtering]) {
        const subject = `${route.label} ${scenario.name}`;
        if (route.status === 'missing') {
          rec.unmeasured(subject, `not available yet: ${route.reason}`);
          continue;
        }
        const context = await browser.newContext();
        await context.addInitScript(installProbe);
        const result = await measure(await context.newPage(), route.url, scenario, scenario.count(ctx.quick));
        await context.close();
        if ('missing' in result) {
          rec.unmeasured(subject, `not available yet: ${result.missing}`);
          continue;
        }
        const p75 = percentile(result.durations, 75);
        const max = result.durations.length ? Math.max(...result.durations) : Number.NaN;
        rec.metric(subject, 'interaction-p75', p75, 'ms');
        rec.metric(subject, 'interaction-max', max, 'ms');
        rec.metric(subject, 'last-update-after-input', result.settled, 'ms');
        rows.push([
          subject,
          String(result.durations.length),
          p75.toFixed(0),
          max.toFixed(0),
          result.settled.toFixed(0),
        ]);
      }
    }
  } finally {
    await browser.close();
  }
  rec.table(
    'Interaction latency at 4× CPU throttling (ms)',
    ['scenario', 'interactions', 'p75', 'max', 'last page update after the last input'],
    rows,
  );
  rec.note(
    'Event Timing durations (input delay + processing + next paint) per interaction, as INP measures them; interactions under 16 ms leave no entry and count as 0 ms.',
  );
  return rec;
}
