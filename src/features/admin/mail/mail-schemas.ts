import { z } from 'zod';

/** The retry form: which failed message to send again. */
export const retryMailSchema = z.object({
  message_id: z.uuid('This message is not recognised. Reload the page and try again.'),
});
