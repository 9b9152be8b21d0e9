import type { SupabaseClient } from '@supabase/supabase-js';
import { statusLabel } from '../../lib/application-status.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

/** The parts of an application the dashboard shows (the applications list provides them). */
export interface DashboardApplication {
  id: string;
  status: string;
  reference: string | null;
  created_at: string;
  course: { title: string; university_name: string } | null;
  intake: { term: string; deadline: string } | null;
  guide: { label: string; next_actor: string; next_step: string } | null;
  history: { to_status: string; created_at: string; actor_kind: string; note: string | null }[];
}

export interface ShortlistedCourse {
  id: string;
  title: string;
  university_name: string;
  slug: string;
  intakes: { term: string; deadline: string; status: string }[];
}

export interface Deadline {
  date: string;
  title: string;
  detail: string;
  href: string;
}

/** The applicant's saved courses with their intakes, newest first (RLS limits rows to their own). */
export async function listShortlistedCourses(
  supabase: SupabaseClient<Database>,
  userId: string,
): Promise<ShortlistedCourse[]> {
  const { data } = await supabase
    .from('shortlist_items')
    .select('created_at, course:courses(id, title, university_name, slug, intakes(term, deadline, status))')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .limit(20);
  return (data ?? [])
    .map((row) => row.course)
    .filter((course): course is ShortlistedCourse => course !== null);
}

/** Upcoming deadlines: drafts not yet submitted, then open intakes of saved courses; soonest first. */
export function upcomingDeadlines(
  applications: readonly DashboardApplication[],
  shortlist: readonly ShortlistedCourse[],
  today: string,
  limit = 6,
): Deadline[] {
  const drafts = applications
    .filter((app) => app.status === 'draft' && app.intake && app.intake.deadline >= today)
    .map((app) => ({
      date: app.intake?.deadline ?? '',
      title: `Submit your application: ${app.course?.title ?? 'draft'}`,
      detail: `${app.course?.university_name ?? ''} · ${app.intake?.term ?? ''}`,
      href: `/admission-application?draft=${app.id}`,
    }));
  const saved = shortlist.flatMap((course) =>
    course.intakes
      .filter((intake) => intake.status === 'open' && intake.deadline >= today)
      .map((intake) => ({
        date: intake.deadline,
        title: `Apply by: ${course.title}`,
        detail: `${course.university_name} · ${intake.term}`,
        href: `/courses/${course.slug}`,
      })),
  );
  return [...drafts, ...saved].sort((a, b) => a.date.localeCompare(b.date)).slice(0, limit);
}

export interface Activity {
  at: string;
  text: string;
  href: string;
}

/** The latest status changes across all applications, newest first. */
export function recentActivity(applications: readonly DashboardApplication[], limit = 6): Activity[] {
  return (
    applications
      .flatMap((app) =>
        app.history.map((entry) => ({
          at: entry.created_at,
          text: `${app.course?.title ?? 'Application'}: ${entry.note ?? statusLabel(entry.to_status)}`,
          href: app.status === 'draft' ? `/admission-application?draft=${app.id}` : `/applications/${app.id}`,
        })),
      )
      // Each history is oldest first; reversed, steps that share a time (one transaction) stay newest first.
      .reverse()
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, limit)
  );
}
