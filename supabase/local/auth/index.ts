import type { Service, StackContext } from '../context.ts';
import { sendJson } from '../http/respond.ts';

/** Placeholder until the auth API lands: every request answers 501. */
export function createAuthService(_ctx: StackContext): Service {
  return {
    async handle({ res }) {
      sendJson(res, 501, { message: 'auth API not available' });
    },
  };
}
