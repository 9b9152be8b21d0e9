import type { AstroGlobal } from 'astro';
import { supabasePublicConfig } from '../../lib/supabase/config.server.ts';
import type { ApplicationWizardProps } from './ApplicationWizard.tsx';
import {
  findDraftForCourse,
  listActiveApplications,
  listDocuments,
  loadDraft,
} from './application-data.server.ts';
import { putFlash } from '../../lib/security/flash.ts';
import { isSecureRequest } from '../../lib/security/context-middleware.ts';
import {
  findCourse,
  findEntryRequirements,
  listOpenIntakes,
  listRequirements,
} from './course-data.server.ts';
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
  const [openIntakes, requirements, documents, applied, entry] = course
    ? await Promise.all([
        listOpenIntakes(supabase, course.id),
        listRequirements(supabase, course.id),
        server ? listDocuments(supabase, server.id) : Promise.resolve([]),
        listActiveApplications(supabase, user.id, course.id),
        findEntryRequirements(supabase, course.id),
      ])
    : [[], [], [], [], null];
  // An intake takes one application per applicant: those already applied to are not offered again,
  // and when none is left "Apply now" opens the application the applicant already has.
  const appliedTo = new Set(applied.map((application) => application.intake_id));
  const intakes = openIntakes.filter(
    (intake) => !appliedTo.has(intake.id) || intake.id === server?.intake_id,
  );
  const existing = applied[0];
  if (!server && existing && intakes.length === 0) {
    putFlash(
      astro.cookies,
      [
        {
          kind: 'info',
          title: 'Already applied',
          message: `You have already applied to this course for ${existing.term}: application ${existing.reference ?? ''}. Follow it here.`,
        },
      ],
      isSecureRequest(astro.url),
    );
    return astro.redirect(`/applications/${existing.id}`, 303);
  }
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
    entry,
    documents,
    countries,
    supabase: supabasePublicConfig(),
  };
}
