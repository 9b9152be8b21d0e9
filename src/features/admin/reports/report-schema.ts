import { z } from 'zod';

const count = z.number().int().nonnegative();
const days = z.number().nullable();

const funnelSchema = z.object({
  started: count,
  submitted: count,
  complete: count,
  decided: count,
  offered: count,
  accepted: count,
  enrolled: count,
});
export type Funnel = z.infer<typeof funnelSchema>;

const timingSchema = z.object({ decided: count, median_days: days, p90_days: days });
const breakdownSchema = z.array(z.object({ key: z.string(), current: count, previous: count }));

/** What admissions_report answers; anything else is treated as a failed read. */
export const reportSchema = z.object({
  cycle: z.number().int(),
  previous_cycle: z.number().int(),
  as_of: z.string(),
  funnel: z.object({ current: funnelSchema, previous: funnelSchema }),
  by_course: z.array(
    funnelSchema.extend({
      course_id: z.string(),
      intake_id: z.string(),
      course_title: z.string(),
      university_name: z.string(),
      term: z.string(),
      previous_submitted: count,
    }),
  ),
  time_to_decision: z.object({
    current: timingSchema,
    previous: timingSchema,
    by_month: z.array(timingSchema.extend({ month: z.string() })),
    by_course: z.array(
      timingSchema.extend({ course_id: z.string(), course_title: z.string(), university_name: z.string() }),
    ),
  }),
  waiting: z.array(
    z.object({
      id: z.string(),
      reference: z.string().nullable(),
      course_title: z.string(),
      university_name: z.string(),
      status: z.string(),
      submitted_at: z.string(),
      days: z.number(),
    }),
  ),
  nationality: breakdownSchema,
  residence: breakdownSchema,
  level: breakdownSchema,
  field: breakdownSchema,
  weeks: z.array(z.string()),
  staff: z.array(
    z.object({
      person: z.string(),
      email: z.string().nullable(),
      week: z.string(),
      decisions: count,
      reads: count,
    }),
  ),
  open_work: z.array(
    z.object({ person: z.string(), email: z.string().nullable(), open_reads: count, assigned: count }),
  ),
  options: z.object({
    cycles: z.array(z.number().int()),
    universities: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});
export type Report = z.infer<typeof reportSchema>;
