import type { AstroGlobal } from 'astro';
import { supabasePublicConfig } from '../../lib/supabase/config.server.ts';
import type { ApplicationWizardProps } from './ApplicationWizard.tsx';
import { findDraftForCourse, listDocuments, loadDraft } from './application-data.server.ts';
import { findCourse, listOpenIntakes, listRequirements } from './course-data.server.ts';
import { emptyAnswers, type DraftAnswers } from './draft.ts';
import type { Option } from './steps/step-props.ts';

/** What the profile already knows, reused by a new application. */
export interface Prefill {
  personal: DraftAnswers['personal'];
  academic: DraftAnswers['academic'];
  english_test: DraftAnswers['english_test'];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The wizard for `?draft=<id>` (resume) or `?course=<id or slug>` (start, or resume the draft the
 * applicant already has for that course). A draft that was submitted meanwhile leads to its page.
 */
export async function loadWizard(
  astro: AstroGlobal,
  prefill: Prefill,
  countries: Option[],
): Promise<ApplicationWizardProps | Response> {
  const { user, supabase } = astro.locals;
  if (!user || !supabase) return astro.redirect('/auth?next=%2Fadmission-application', 303);
  const draftId = astro.url.searchParams.get('draft') ?? '';
  const courseParam = astro.url.searchParams.get('course') ?? '';
  let server = UUID.test(draftId) ? await loadDraft(supabase, draftId) : null;
  if (draftId && !server) return astro.redirect('/applications', 303);
  const course = await findCourse(supabase, server?.course_id ?? courseParam);
  server ??= course ? await findDraftForCourse(supabase, user.id, course.id) : null;
  const [intakes, requirements, documents] = course
    ? await Promise.all([
        listOpenIntakes(supabase, course.id),
        listRequirements(supabase, course.id),
        server ? listDocuments(supabase, server.id) : Promise.resolve([]),
      ])
    : [[], [], []];
  const onlyIntake = intakes.length === 1 ? (intakes[0]?.id ?? null) : null;
  return {
    userId: user.id,
    server,
    initial: server ?? {
      id: null,
      version: null,
      course_id: course?.id ?? null,
      intake_id: onlyIntake,
      current_step: 'course',
      answers: { ...emptyAnswers(), ...prefill },
      changed_at: new Date(0).toISOString(),
    },
    course,
    intakes,
    requirements,
    documents,
    countries,
    supabase: supabasePublicConfig(),
  };
}
