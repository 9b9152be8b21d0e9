import type { ServiceRequest, StackContext } from '../context.ts';
import type { StorageConfig } from './config.ts';
import type { Disk } from './disk.ts';

/** What every storage route works with. */
export interface StorageEnv {
  ctx: StackContext;
  disk: Disk;
  config: StorageConfig;
}

/** One routed request: the matched path segments after the route's fixed part. */
export interface RouteRequest extends ServiceRequest {
  rest: string[];
}
