import { describe, expect, it } from 'vitest';
import { moduleClosure, pageScripts, staticImports } from '../../bench/script-graph.ts';

const page = `<!doctype html><html><head>
<script type="application/ld+json">{"@type":"Organization"}</script>
<script src="/legacy.js"></script>
<script src="/analytics.js" defer></script>
<link rel="modulepreload" href="/_astro/chunk.js">
<script>(()=>{(self.Astro||(self.Astro={})).idle=1})()</script>
</head><body>
<astro-island uid="a" component-url="/_astro/Toasts.js" renderer-url="/_astro/client.js" client="idle" opts="{&quot;name&quot;:&quot;Toasts&quot;,&quot;value&quot;:true}"></astro-island>
<astro-island uid="b" component-url="/_astro/Search.js" renderer-url="/_astro/client.js" client="load" opts="{&quot;name&quot;:&quot;Search&quot;}"></astro-island>
<script type="module">document.body.dataset.ready = ''</script>
</body></html>`;

describe('pageScripts', () => {
  const scripts = pageScripts(page);

  it('finds external scripts and tells blocking ones from deferred ones', () => {
    expect(scripts.external).toEqual([
      { src: '/legacy.js', blocking: true },
      { src: '/analytics.js', blocking: false },
      { src: '/_astro/chunk.js', blocking: false },
    ]);
  });

  it('keeps inline code but not JSON-LD data', () => {
    expect(scripts.inline.map((s) => s.type)).toEqual(['', 'module']);
  });

  it('reads every island’s name, files and hydration directive', () => {
    expect(scripts.islands).toEqual([
      {
        component: 'Toasts',
        componentUrl: '/_astro/Toasts.js',
        rendererUrl: '/_astro/client.js',
        directive: 'idle',
      },
      {
        component: 'Search',
        componentUrl: '/_astro/Search.js',
        rendererUrl: '/_astro/client.js',
        directive: 'load',
      },
    ]);
  });
});

describe('staticImports and moduleClosure', () => {
  it('follows minified static imports and re-exports but not dynamic import()', () => {
    const code =
      'import{n as e,t}from"./react.js";import"./side.js";export{x}from"./x.js";const l=()=>import("./lazy.js");';
    expect(staticImports(code)).toEqual(['./react.js', './side.js', './x.js']);
  });

  it('walks the import graph once per module, relative to each importer', async () => {
    const files: Record<string, string> = {
      '/_astro/a.js': 'import"./b.js";import"../shared/c.js";',
      '/_astro/b.js': 'import"./a.js";',
      '/shared/c.js': 'export const c=1;',
    };
    const closure = await moduleClosure(['/_astro/a.js'], async (p) => files[p]);
    expect(closure.sort()).toEqual(['/_astro/a.js', '/_astro/b.js', '/shared/c.js']);
  });
});
