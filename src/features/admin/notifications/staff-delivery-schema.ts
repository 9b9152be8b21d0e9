import { z } from 'zod';

export const STAFF_DELIVERIES = ['immediate', 'daily'] as const;
export type StaffDelivery = (typeof STAFF_DELIVERIES)[number];

export function isStaffDelivery(value: string): value is StaffDelivery {
  return (STAFF_DELIVERIES as readonly string[]).includes(value);
}
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
