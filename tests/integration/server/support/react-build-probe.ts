// Run as its own process: starts the production server over the build, renders the contact page (a
// React form), and prints its status and the React files that ran (a module only parsed for its
// exports is in the cache but not loaded).
import { createRequire } from 'node:module';
import { createAppServer } from '../../../../src/server/serve.ts';
import { DIST } from './build.ts';

const app = await createAppServer({
  host: '127.0.0.1',
  port: 0,
  distDir: DIST,
  supabaseUrl: 'http://127.0.0.1:9',
});
const contact = await fetch(new URL('/contact', app.url), { signal: AbortSignal.timeout(20_000) });
const html = await contact.text();
const cache = createRequire(import.meta.url).cache;
const ran = Object.keys(cache).filter(
  (file) => /node_modules\/react(-dom)?\//.test(file) && cache[file]?.loaded,
);
const files = ran.map((file) => file.slice(file.lastIndexOf('node_modules/') + 'node_modules/'.length));
console.log(JSON.stringify({ status: contact.status, form: html.includes('<form'), files }));
await app.close();
