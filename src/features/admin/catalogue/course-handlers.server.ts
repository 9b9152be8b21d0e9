import type { SupabaseClient } from '@supabase/supabase-js';
import { failure } from '../../../lib/security/form-outcome.ts';
import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import { writeFailure } from './catalogue-post.server.ts';
import { movedOn, stampVerified, verifyHandler, versionedUpdate } from './catalogue-writes.server.ts';
import { NO_VERSION, versionOf } from './form-state.ts';
import type { CourseRow } from './catalogue-rows.ts';
import { courseFormSchema } from './course-schema.ts';
import { courseItemHandlers } from './course-item-handlers.server.ts';
import { depositFieldsSchema, parseWithMoney } from './fee-fields.ts';
import { unconfirmedDeletion } from './delete-confirmation.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

const SLUG_TAKEN = { field: 'slug', message: 'Another course already uses this web address.' };

/** Applications point at their course and the database refuses to delete it under them. */
export const COURSE_HAS_APPLICATIONS = 'This course has applications; unpublish it instead.';
/** restrict_violation (on delete restrict) and foreign_key_violation (no action). */
const REFERENCED = new Set(['23001', '23503']);

async function deleteCourse(supabase: SupabaseClient<Database>, course: CourseRow) {
  const { error } = await supabase.from('courses').delete().eq('id', course.id);
  if (error && REFERENCED.has(error.code)) return failure(409, COURSE_HAS_APPLICATIONS);
  if (error) return outcomeOfError(error);
  return movedOn(
    `${course.title} was deleted.`,
    `/admin/catalogue/universities/${course.university_id}#courses-title`,
    'Deleted',
  );
}

/**
 * The forms of one course's page: the course itself, its intakes and its document checklist. Each
 * update names the version the form showed, so a colleague's save in between is never overwritten.
 */
export function courseHandlers(
  supabase: SupabaseClient<Database>,
  course: CourseRow,
): Record<string, AdminHandler> {
  const update = versionedUpdate(supabase, 'courses', course.id);
  return {
    save_course: async (fields) => {
      const parsed = parseWithMoney(courseFormSchema, depositFieldsSchema, fields);
      if (!parsed.ok) return parsed.outcome;
      const version = versionOf(fields);
      if (version === null) return NO_VERSION;
      const { verified, ...row } = parsed.data;
      const { error } = await update(stampVerified(row, verified), version);
      return error ? writeFailure(error, SLUG_TAKEN) : done(`${row.title} was saved.`);
    },
    verify_course: verifyHandler(update, course.title),
    delete_course: async (fields) => unconfirmedDeletion(fields) ?? deleteCourse(supabase, course),
    ...courseItemHandlers(supabase, course.id),
  };
}
