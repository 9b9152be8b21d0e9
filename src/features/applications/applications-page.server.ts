import type { AstroGlobal } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { supabasePublicConfig, type SupabasePublicConfig } from '../../lib/supabase/config.server.ts';
import { listApplications, loadApplication, type ApplicationSummary } from './application-list.server.ts';
import { listRequirements } from './course-data.server.ts';
import type { DocumentRequirement } from './types.ts';
import { loadThreads, markThreadsRead, type Thread } from './messages/thread-data.server.ts';
import type { Database } from '../../lib/supabase/database.types.ts';
import { listDecisionLetters, type LetterLink } from './decision-letters.server.ts';
import { loadWaitlistPlaces, type WaitlistPlace } from './waitlist-place.server.ts';
import type { LetGo } from './ApplicationActions.tsx';

export interface ApplicationsPageModel {
  userId: string;
  applications: ApplicationSummary[];
  rules: Map<string, DocumentRequirement[]>;
  config: SupabasePublicConfig;
  /** The conversation of each submitted application; showing it marks it read. */
  threads: Map<string, Thread>;
  /** The decision letters of each application, newest first. */
  letters: Map<string, LetterLink[]>;
  /** Where each application on a waiting list stands. */
  waitlist: Map<string, WaitlistPlace>;
  /** For each offer, the other choices accepting it lets go (for the confirmation). */
  letGo: Map<string, LetGo[]>;
}

const OFFERS = new Set(['offer_conditional', 'offer_unconditional']);

/** What accepting each open offer among these would let go, as the database will do it. */
async function letGoFor(supabase: SupabaseClient<Database>, applications: ApplicationSummary[]) {
  const offers = applications.filter((app) => OFFERS.has(app.status));
  return new Map(
    await Promise.all(
      offers.map(async (app) => {
        const { data } = await supabase.rpc('preview_accept_offer', { application_id: app.id });
        return [app.id, data ?? []] as const;
      }),
    ),
  );
}

async function rulesFor(supabase: SupabaseClient<Database>, applications: ApplicationSummary[]) {
  const courses = new Set(
    applications
      .filter((app) => app.course && app.documents.some((document) => document.status === 'rejected'))
      .map((app) => app.course?.id ?? ''),
  );
  return new Map(
    await Promise.all([...courses].map(async (id) => [id, await listRequirements(supabase, id)] as const)),
  );
}

/** The conversations on the submitted ones among these applications, marked read as they are shown. */
async function threadsFor(
  supabase: SupabaseClient<Database>,
  userId: string,
  applications: ApplicationSummary[],
) {
  const submitted = applications.filter((app) => app.status !== 'draft').map((app) => app.id);
  const threads = await loadThreads(supabase, submitted, { id: userId, role: 'applicant' });
  await markThreadsRead(supabase, threads.values());
  return threads;
}

/** The applications that may have a decision letter: the submitted ones. */
const decidedIds = (applications: ApplicationSummary[]) =>
  applications.filter((app) => app.status !== 'draft').map((app) => app.id);

/** Everything the cards of these applications show beside the applications themselves. */
async function pageModel(
  supabase: SupabaseClient<Database>,
  userId: string,
  applications: ApplicationSummary[],
): Promise<ApplicationsPageModel> {
  const [rules, threads, letters, waitlist, letGo] = await Promise.all([
    rulesFor(supabase, applications),
    threadsFor(supabase, userId, applications),
    listDecisionLetters(supabase, decidedIds(applications)),
    loadWaitlistPlaces(supabase, applications),
    letGoFor(supabase, applications),
  ]);
  return { userId, applications, rules, config: supabasePublicConfig(), threads, letters, waitlist, letGo };
}

/** The applicant's applications, with the document rules of those that have a rejected document. */
export async function loadApplicationsPage(astro: AstroGlobal): Promise<ApplicationsPageModel | Response> {
  const { user, supabase } = astro.locals;
  if (!user || !supabase) return astro.redirect('/auth?next=%2Fapplications', 303);
  const applications = await listApplications(supabase, user.id);
  return pageModel(supabase, user.id, applications);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /applications/{id}: one of the applicant's submitted applications (RLS hides everyone else's); a
 * draft goes back to the form, anything else is not found.
 */
export async function loadApplicationPage(astro: AstroGlobal): Promise<ApplicationsPageModel | Response> {
  const { user, supabase } = astro.locals;
  const id = astro.params['id'] ?? '';
  if (!user || !supabase) return astro.redirect(`/auth?next=${encodeURIComponent(astro.url.pathname)}`, 303);
  const application = UUID.test(id) ? await loadApplication(supabase, id) : null;
  if (!application) return new Response(null, { status: 404 });
  if (application.status === 'draft') return astro.redirect(`/admission-application?draft=${id}`, 303);
  return pageModel(supabase, user.id, [application]);
}
