import type { Service, StackContext } from '../context.ts';
import { sendJson } from '../http/respond.ts';

/** Placeholder until the rest API lands: every request answers 501. */
export function createRestService(_ctx: StackContext): Service {
  return {
    async handle({ res }) {
      sendJson(res, 501, { message: 'rest API not available' });
    },
  };
}
