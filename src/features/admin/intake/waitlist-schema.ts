import { z } from 'zod';

/** The hidden fields of a waiting-list row's "Move up" and "Move down" buttons. */
export const waitlistMoveSchema = z.object({
  application_id: z.uuid(),
  /** The application's version as the list showed it. */
  version: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
  direction: z.enum(['up', 'down']),
});
export type WaitlistMoveInput = z.infer<typeof waitlistMoveSchema>;

/** The hidden field of a freed-place alert's "Dismiss" button. */
export const alertDismissSchema = z.object({ alert_id: z.uuid() });
export type AlertDismissInput = z.infer<typeof alertDismissSchema>;
