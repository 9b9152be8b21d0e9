import { z } from 'zod';
import { STAFF_ROLES } from './role-actions.ts';

/** The users screen's role form: whose role, which one, granted or revoked. */
export const roleChangeSchema = z.object({
  user_id: z.uuid(),
  role: z.enum(STAFF_ROLES),
  grant: z.enum(['true', 'false']),
  /** Only for the confirmation's wording. */
  email: z.string().max(254).default(''),
});
