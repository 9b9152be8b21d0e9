import type { AstroGlobal } from 'astro';
import type { AdminContext } from '../admin-context.server.ts';
import { catalogueFormPost, type FailedForm, type FormState } from './catalogue-post.server.ts';
import { formState } from './form-state.ts';
import { courseHandlers } from './course-handlers.server.ts';
import { loadCoursePage, type CoursePage } from './edit-pages.server.ts';
import { courseValues } from './row-values.ts';

export interface CourseEditPage extends CoursePage {
  forms: Record<'course' | 'verify' | 'delete', FormState>;
  /** The refused post, for the intake and document forms to pick theirs from. */
  failed: FailedForm | null;
}

/** One course's edit page; its forms are handled here when posted. Null when there is no such course. */
export async function loadCourseEditPage(
  astro: AstroGlobal,
  ctx: AdminContext,
): Promise<CourseEditPage | Response | null> {
  const page = await loadCoursePage(ctx.supabase, astro.params['id'] ?? '');
  if (!page) return null;
  const { course } = page;
  const failed = await catalogueFormPost(astro, courseHandlers(ctx.supabase, course), astro.url.pathname);
  if (failed instanceof Response) return failed;
  return {
    ...page,
    failed,
    forms: {
      course: formState(failed, 'save_course', courseValues(course)),
      verify: formState(failed, 'verify_course', { version: String(course.version) }),
      delete: formState(failed, 'delete_course', {}),
    },
  };
}
