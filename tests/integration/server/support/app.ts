import { createAppServer, type AppServer, type AppServerOptions } from '../../../../src/server/serve.ts';
import { DIST } from './build.ts';

/** The production server on a free loopback port, over the real build unless told otherwise. */
export function startApp(options: Partial<AppServerOptions> = {}): Promise<AppServer> {
  return createAppServer({
    host: '127.0.0.1',
    port: 0,
    distDir: DIST,
    supabaseUrl: 'http://127.0.0.1:54321',
    trustProxy: false,
    ...options,
  });
}
