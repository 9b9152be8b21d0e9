import { describe, expect, it } from 'vitest';
import { staffDeliverySchema } from '../../../src/features/admin/notifications/staff-delivery-schema.ts';
import { unsubscribeTokenSchema } from '../../../src/features/notifications/schema.ts';
import { remindersSchema } from '../../../src/features/profile/schema.ts';

describe('the notification forms', () => {
  it('read the reminders checkbox: ticked is on, absent (unticked, no JavaScript) is off', () => {
    expect(remindersSchema.parse({ reminders: 'on' })).toEqual({ reminders: true });
    expect(remindersSchema.parse({})).toEqual({ reminders: false });
    expect(remindersSchema.safeParse({ reminders: 'yes please' }).success).toBe(false);
  });

  it('accept only the two staff deliveries, with a message for anything else', () => {
    expect(staffDeliverySchema.parse({ delivery: 'daily' })).toEqual({ delivery: 'daily' });
    const refused = staffDeliverySchema.safeParse({ delivery: 'weekly' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Choose how you want to hear about changes.');
  });

  it('take an unsubscribe token only in the shape the database makes', () => {
    expect(unsubscribeTokenSchema.safeParse('a'.repeat(48)).success).toBe(true);
    for (const bad of ['', 'a'.repeat(47), 'A'.repeat(48), `${'a'.repeat(47)}<`, "' or 1=1 --"])
      expect(unsubscribeTokenSchema.safeParse(bad).success).toBe(false);
  });
});
