import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A Connect-style handler, the shape `@astrojs/node` exports in middleware mode. */
export type NodeMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => unknown;

/**
 * The on-demand renderer of the build (dist/server/entry.mjs), or undefined when the build has
 * no server output, in which case every non-static request is answered with the 404 page.
 */
export async function loadAstroHandler(distDir: string): Promise<NodeMiddleware | undefined> {
  const entry = join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) return undefined;
  const module = (await import(pathToFileURL(entry).href)) as { handler?: unknown };
  if (typeof module.handler !== 'function') {
    throw new Error(`${entry} does not export a request handler; is @astrojs/node in middleware mode?`);
  }
  return module.handler as NodeMiddleware;
}
