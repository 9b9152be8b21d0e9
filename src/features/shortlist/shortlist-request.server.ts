import { z } from 'zod';

export const shortlistChangeSchema = z.object({
  course_id: z.uuid(),
  saved: z.boolean(),
});

export const shortlistMergeSchema = z.object({ ids: z.array(z.unknown()).max(500) });

export const SIGN_IN_REQUIRED = { error: 'Sign in to keep your shortlist in your account.' };
