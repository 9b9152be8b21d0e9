import { z } from 'zod';

/** The token of a one-click unsubscribe link, as email_preferences makes it: 48 hex characters. */
export const unsubscribeTokenSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{48}$/, 'This link is not complete.');

/** /profile: reminders about deadlines and replies, a checkbox (absent when unticked). */
export const remindersSchema = z.object({
  reminders: z
    .enum(['on'], 'Tick the box or leave it empty.')
    .optional()
    .transform((value) => value === 'on'),
});

export const STAFF_DELIVERIES = ['immediate', 'daily'] as const;
export type StaffDelivery = (typeof STAFF_DELIVERIES)[number];
export const STAFF_DELIVERY_LABELS: Record<StaffDelivery, { label: string; hint: string }> = {
  immediate: {
    label: 'As it happens',
    hint: 'One e-mail a few minutes after something changes on an application (changes close together come as one).',
  },
  daily: {
    label: 'A daily digest',
    hint: 'One e-mail a day listing everything since the last one.',
  },
};

/** /admin/notifications: how a member of staff gets their notifications. */
export const staffDeliverySchema = z.object({
  delivery: z.enum(STAFF_DELIVERIES, 'Choose how you want to hear about changes.'),
});
