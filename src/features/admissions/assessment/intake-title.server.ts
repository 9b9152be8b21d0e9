import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** An intake as its assessment pages name it ("Computing MSc, September 2027"); null when there is none. */
export async function intakeTitle(
  supabase: SupabaseClient<Database>,
  intakeId: string,
): Promise<string | null> {
  const { data } = await supabase
    .from('intakes')
    .select('id, term, course:courses(title)')
    .eq('id', intakeId)
    .maybeSingle();
  if (!data) return null;
  const course = (data as unknown as { course: { title: string } | null }).course;
  return `${course?.title ?? 'Intake'}, ${data.term}`;
}
