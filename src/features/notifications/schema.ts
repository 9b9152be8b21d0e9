import { z } from 'zod';

/** The token of a one-click unsubscribe link, as email_preferences makes it: 48 hex characters. */
export const unsubscribeTokenSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{48}$/, 'This link is not complete.');
