import { z } from 'zod';

/** Adding an open intake as a choice. */
export const choiceAddSchema = z.object({ intake_id: z.uuid('Choose a course and intake to add.') });

/** Moving a choice not yet submitted up or down the order of preference. */
export const choiceMoveSchema = z.object({
  application_id: z.uuid('Choose a choice to move.'),
  direction: z.enum(['up', 'down'], { error: 'Move a choice up or down.' }),
});

/** Removing a choice not yet submitted, once the box is ticked. */
export const choiceRemoveSchema = z.object({
  application_id: z.uuid('Choose a choice to remove.'),
  confirm: z.literal('yes', { error: 'Tick the box to confirm you want to remove this choice.' }),
});
