import { z } from 'zod';

/** The retry form: which failed message to send again. */
export const retryMailSchema = z.object({
  message_id: z.uuid('This message is not recognised. Reload the page and try again.'),
});

/** The retry form of background work that failed on one item. */
export const retryJobSchema = z.object({
  failure_id: z.coerce.number('This failure is not recognised. Reload the page.').int().positive(),
});
