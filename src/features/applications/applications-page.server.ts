import type { AstroGlobal } from 'astro';
import { supabasePublicConfig, type SupabasePublicConfig } from '../../lib/supabase/config.server.ts';
import { listApplications, type ApplicationSummary } from './application-list.server.ts';
import { listRequirements } from './course-data.server.ts';
import type { DocumentRequirement } from './types.ts';

export interface ApplicationsPageModel {
  userId: string;
  applications: ApplicationSummary[];
  rules: Map<string, DocumentRequirement[]>;
  config: SupabasePublicConfig;
}

/** The applicant's applications, with the document rules of those that have a rejected document. */
export async function loadApplicationsPage(astro: AstroGlobal): Promise<ApplicationsPageModel | Response> {
  const { user, supabase } = astro.locals;
  if (!user || !supabase) return astro.redirect('/auth?next=%2Fapplications', 303);
  const applications = await listApplications(supabase, user.id);
  const courses = new Set(
    applications
      .filter((app) => app.course && app.documents.some((document) => document.status === 'rejected'))
      .map((app) => app.course?.id ?? ''),
  );
  const rules = new Map(
    await Promise.all([...courses].map(async (id) => [id, await listRequirements(supabase, id)] as const)),
  );
  return { userId: user.id, applications, rules, config: supabasePublicConfig() };
}
