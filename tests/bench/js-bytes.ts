import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { addSizes, compressedSize, type CompressedSize } from './compressed-size.ts';
import {
  fetchPage,
  NON_BLOCKING_DIRECTIVES,
  PUBLIC_ISLANDS,
  PUBLIC_SCRIPTS,
  scriptSource,
  type ResolvedRoute,
} from './routes.ts';
import { moduleClosure, pageScripts, staticImports, type PageScripts } from './script-graph.ts';
import { SectionRecorder } from './types.ts';

export interface JsBytesContext {
  routes: ResolvedRoute[];
  clientDir: string;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function moduleReader(clientDir: string) {
  const cache = new Map<string, Promise<string | undefined>>();
  return (path: string) => {
    let pending = cache.get(path);
    if (!pending) {
      const file = join(clientDir, normalize(path));
      pending = file.startsWith(clientDir)
        ? readFile(file, 'utf8').catch(() => undefined)
        : Promise.resolve(undefined);
      cache.set(path, pending);
    }
    return pending;
  };
}

interface PageJs {
  total: CompressedSize;
  /** Part of the total that only islands hydrating on interaction (client:interact) need. */
  onInteraction: CompressedSize;
  islandModules: CompressedSize;
  outsideIslands: string[];
  blocking: string[];
  inlineRuntime: CompressedSize;
  inlineOther: CompressedSize;
  islands: string;
}

/** Modules only client:interact islands load: fetched early at most, run on the visitor's first interaction. */
async function interactionOnly(
  scripts: PageScripts,
  inlineImports: string[],
  read: (path: string) => Promise<string | undefined>,
): Promise<string[]> {
  const entries = (islands: PageScripts['islands']) =>
    islands.flatMap((i) => [i.componentUrl, i.rendererUrl]).filter(Boolean);
  const deferred = scripts.islands.filter((i) => i.directive === 'interact');
  if (deferred.length === 0) return [];
  const eager = new Set(
    await moduleClosure(
      [
        ...scripts.external.map((s) => s.src),
        ...inlineImports,
        ...entries(scripts.islands.filter((i) => i.directive !== 'interact')),
      ].filter((src) => src.startsWith('/')),
      read,
    ),
  );
  return (await moduleClosure(entries(deferred), read)).filter((path) => !eager.has(path));
}

async function analyse(
  scripts: PageScripts,
  read: (path: string) => Promise<string | undefined>,
): Promise<PageJs> {
  const publicIslands = scripts.islands.filter((i) => PUBLIC_ISLANDS.has(i.component));
  const isPublicScript = (src: string) => PUBLIC_SCRIPTS.has(scriptSource(src));
  const inlineImports = scripts.inline.flatMap((s) => (s.type === 'module' ? staticImports(s.text) : []));
  const islandEntries = [
    ...publicIslands.flatMap((i) => [i.componentUrl, i.rendererUrl]),
    ...scripts.external.map((s) => s.src).filter(isPublicScript),
    ...inlineImports.filter(isPublicScript),
  ].filter(Boolean);
  const islandClosure = new Set(await moduleClosure(islandEntries, read));
  const otherEntries = [
    ...scripts.external.map((s) => s.src).filter((src) => !isPublicScript(src)),
    ...inlineImports.filter((src) => !isPublicScript(src)),
    ...scripts.islands
      .filter((i) => !PUBLIC_ISLANDS.has(i.component))
      .flatMap((i) => [i.componentUrl, i.rendererUrl]),
  ].filter((src) => src.startsWith('/'));
  const all = new Set([...islandClosure, ...(await moduleClosure(otherEntries, read))]);
  const onInteraction = await interactionOnly(scripts, inlineImports, read);
  const sizeOf = async (paths: Iterable<string>) =>
    addSizes(await Promise.all([...paths].map(async (p) => compressedSize((await read(p)) ?? ''))));
  const runtime = scripts.inline.filter((s) => /\bAstro\b/.test(s.text)).map((s) => compressedSize(s.text));
  const other = scripts.inline.filter((s) => !/\bAstro\b/.test(s.text)).map((s) => compressedSize(s.text));
  const blocking = [
    ...scripts.external.filter((s) => s.blocking).map((s) => s.src),
    ...scripts.islands
      .filter((i) => !NON_BLOCKING_DIRECTIVES.has(i.directive))
      .map((i) => `${i.component} (client:${i.directive})`),
  ];
  return {
    total: addSizes([await sizeOf(all), ...runtime, ...other]),
    onInteraction: await sizeOf(onInteraction),
    islandModules: await sizeOf(islandClosure),
    outsideIslands: [
      ...[...all].filter((p) => !islandClosure.has(p)),
      ...scripts.islands.filter((i) => !PUBLIC_ISLANDS.has(i.component)).map((i) => `island ${i.component}`),
    ],
    blocking,
    inlineRuntime: addSizes(runtime),
    inlineOther: addSizes(other),
    islands: scripts.islands.map((i) => `${i.component} (client:${i.directive})`).join(', ') || '—',
  };
}

/** JavaScript each route ships: what its HTML loads, followed through static imports, compressed. */
export async function runJsBytes(ctx: JsBytesContext): Promise<SectionRecorder> {
  const rec = new SectionRecorder('js');
  const read = moduleReader(ctx.clientDir);
  const rows: string[][] = [];
  for (const route of ctx.routes) {
    if (route.status === 'missing') {
      rec.unmeasured(route.label, `not available yet: ${route.reason}`);
      continue;
    }
    const { html } = await fetchPage(route.url);
    const js = await analyse(pageScripts(html), read);
    rec.metric(route.label, 'js-total-gzip', js.total.gzip, 'B');
    rec.metric(route.label, 'js-total-brotli', js.total.brotli, 'B');
    rec.metric(route.label, 'js-on-interaction-gzip', js.onInteraction.gzip, 'B');
    rec.metric(route.label, 'js-at-load-gzip', js.total.gzip - js.onInteraction.gzip, 'B');
    rec.metric(route.label, 'js-files-outside-public-islands', js.outsideIslands.length, 'files');
    rec.metric(route.label, 'render-blocking-scripts', js.blocking.length, 'scripts');
    rows.push([
      route.label,
      kb(js.total.brotli),
      kb(js.total.gzip),
      kb(js.onInteraction.gzip),
      kb(js.islandModules.gzip),
      `${kb(js.inlineRuntime.gzip)} + ${kb(js.inlineOther.gzip)}`,
      js.islands,
      js.outsideIslands.join(', ') || '—',
      js.blocking.join(', ') || '—',
    ]);
  }
  rec.table(
    'JavaScript per route (KiB; compressed at the build’s levels)',
    [
      'route',
      'total br',
      'total gzip',
      'of which on first interaction gzip',
      'public islands and scripts gzip',
      'inline gzip (island runtime + other)',
      'islands',
      'JS outside public islands',
      'blocking',
    ],
    rows,
  );
  rec.note(
    `Public islands: ${[...PUBLIC_ISLANDS].join(', ')}; public scripts: ${[...PUBLIC_SCRIPTS].join(', ')} (what they import only on demand is not counted); non-blocking directives: client:${[...NON_BLOCKING_DIRECTIVES].join(', client:')}. ` +
      'Inline scripts (Astro’s island runtime and small enhancements such as the menu toggle) are counted in the totals. Modules only client:interact islands need run on the visitor’s first interaction with the island, not at load.',
  );
  return rec;
}
