import type { Service, StackContext } from '../context.ts';
import { sendJson } from '../http/respond.ts';

/** Placeholder until the storage API lands: every request answers 501. */
export function createStorageService(_ctx: StackContext): Service {
  return {
    async handle({ res }) {
      sendJson(res, 501, { message: 'storage API not available' });
    },
  };
}
