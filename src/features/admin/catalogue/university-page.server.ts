import type { AstroGlobal } from 'astro';
import type { AdminContext } from '../admin-context.server.ts';
import { catalogueFormPost, type FormState } from './catalogue-post.server.ts';
import { formState } from './form-state.ts';
import { loadUniversityPage, type UniversityPage } from './edit-pages.server.ts';
import { universityValues } from './row-values.ts';
import { universityHandlers } from './university-handlers.server.ts';

export interface UniversityEditPage extends UniversityPage {
  forms: Record<'university' | 'verify' | 'delete' | 'newCourse', FormState>;
}

/** One university's edit page; its forms are handled here when posted. Null when there is no such university. */
export async function loadUniversityEditPage(
  astro: AstroGlobal,
  ctx: AdminContext,
): Promise<UniversityEditPage | Response | null> {
  const page = await loadUniversityPage(ctx.supabase, astro.params['id'] ?? '');
  if (!page) return null;
  const { university } = page;
  const posted = await catalogueFormPost(
    astro,
    universityHandlers(ctx.supabase, university),
    astro.url.pathname,
  );
  if (posted instanceof Response) return posted;
  return {
    ...page,
    forms: {
      university: formState(posted, 'save_university', universityValues(university)),
      verify: formState(posted, 'verify_university', { version: String(university.version) }),
      delete: formState(posted, 'delete_university', {}),
      newCourse: formState(posted, 'create_course', {
        tuition_currency: university.currency,
        tuition_period: 'year',
      }),
    },
  };
}
