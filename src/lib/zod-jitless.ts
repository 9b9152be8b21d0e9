/**
 * Zod, set to parse without generated code. By default it probes `new Function` when it builds an
 * object schema; the CSP forbids eval, so browsers log a policy issue on every page whose island
 * validates a form. astro.config.mjs points the bare `zod` import here.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
