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
import type { Database } from '../../lib/supabase/database.types.ts';

export interface DashboardModel {
  applications: DashboardApplication[];
  deadlines: Deadline[];
  shortlist: ShortlistedCourse[];
  completeness: Completeness;
  activity: Activity[];
  draft: DashboardApplication | null;
  /** Unread messages from the admissions team, per application. */
  unread: Map<string, number>;
}

async function unreadByApplication(supabase: SupabaseClient<Database>): Promise<Map<string, number>> {
  const { data } = await supabase.rpc('my_unread_messages');
  return new Map(
    ((data ?? []) as { application_id: string; unread: number }[]).map((row) => [
      row.application_id,
      row.unread,
    ]),
  );
}

/** Everything on the applicant's home page, from data the page already loaded plus the shortlist. */
export async function buildDashboard(
  supabase: SupabaseClient<Database>,
  userId: string,
  applications: DashboardApplication[],
  profile: ProfileFacts,
): Promise<DashboardModel> {
  const [shortlist, unread] = await Promise.all([
    listShortlistedCourses(supabase, userId),
    unreadByApplication(supabase),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  return {
    applications,
    deadlines: upcomingDeadlines(applications, shortlist, today),
    shortlist,
    completeness: profileCompleteness(profile),
    activity: recentActivity(applications),
    draft: applications.find((app) => app.status === 'draft') ?? null,
    unread,
  };
}
