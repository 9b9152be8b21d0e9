import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** An intake with unreleased decisions, for the list's intake filter. */
export interface DecisionIntake {
  id: string;
  label: string;
  count: number;
}

/** The most unreleased decisions read to build the filter; an office has far fewer open at a time. */
const READ_LIMIT = 5000;

/** The intakes that have unreleased decisions, by name, with how many each has. */
export async function listDecisionIntakes(supabase: SupabaseClient<Database>): Promise<DecisionIntake[]> {
  const { data, error } = await supabase
    .from('application_decisions')
    .select(
      'application:applications!inner(intake_id, course:courses(title, university_name), intake:intakes(term))',
    )
    .in('state', ['recommended', 'approved'])
    .limit(READ_LIMIT);
  if (error) console.error('Listing the intakes with unreleased decisions failed', error.message);
  const intakes = new Map<string, DecisionIntake>();
  for (const { application } of data ?? []) {
    const known = intakes.get(application.intake_id);
    if (known) {
      known.count += 1;
      continue;
    }
    const course = application.course
      ? `${application.course.title}, ${application.course.university_name}`
      : '';
    const label = [course, application.intake?.term].filter(Boolean).join(' — ') || 'Unknown intake';
    intakes.set(application.intake_id, { id: application.intake_id, label, count: 1 });
  }
  return [...intakes.values()].sort((a, b) => a.label.localeCompare(b.label));
}
