import type { SupabaseClient } from '@supabase/supabase-js';
import {
  listShortlistedCourses,
  recentActivity,
  upcomingDeadlines,
  type Activity,
  type DashboardApplication,
  type Deadline,
  type ShortlistedCourse,
} from './dashboard-data.server.ts';
import { profileCompleteness, type Completeness, type ProfileFacts } from './profile-completeness.ts';

export interface DashboardModel {
  applications: DashboardApplication[];
  deadlines: Deadline[];
  shortlist: ShortlistedCourse[];
  completeness: Completeness;
  activity: Activity[];
  draft: DashboardApplication | null;
}

/** Everything on the applicant's home page, from data the page already loaded plus the shortlist. */
export async function buildDashboard(
  supabase: SupabaseClient,
  userId: string,
  applications: DashboardApplication[],
  profile: ProfileFacts,
): Promise<DashboardModel> {
  const shortlist = await listShortlistedCourses(supabase, userId);
  const today = new Date().toISOString().slice(0, 10);
  return {
    applications,
    deadlines: upcomingDeadlines(applications, shortlist, today),
    shortlist,
    completeness: profileCompleteness(profile),
    activity: recentActivity(applications),
    draft: applications.find((app) => app.status === 'draft') ?? null,
  };
}
