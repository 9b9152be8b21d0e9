import type { SupabaseClient } from '@supabase/supabase-js';
import { listOf, readQuery, uuid } from './params.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

export interface SavedCourse {
  id: string;
  slug: string;
  title: string;
  level: string;
  universityName: string;
  universityCity: string;
  nextDeadline: string | null;
}

/** Up to 100 course ids from ?ids=a,b,c; anything malformed is dropped. */
export function parseIds(params: URLSearchParams): string[] {
  return listOf(uuid, 100).parse(readQuery(params, ['ids'])['ids']);
}

/** The visible courses among `ids`, in the order given; unknown or hidden ones are left out. */
export async function listSavedCourses(
  supabase: SupabaseClient<Database>,
  ids: readonly string[],
): Promise<SavedCourse[]> {
  if (ids.length === 0) return [];
  const { data, error } = await supabase
    .from('courses')
    .select('id, slug, title, level, university_name, university_city, next_deadline')
    .in('id', [...ids]);
  if (error) throw new Error(`saved courses: ${error.message}`);
  const rows = (data ?? []) as {
    id: string;
    slug: string;
    title: string;
    level: string;
    university_name: string;
    university_city: string;
    next_deadline: string | null;
  }[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            id: row.id,
            slug: row.slug,
            title: row.title,
            level: row.level,
            universityName: row.university_name,
            universityCity: row.university_city,
            nextDeadline: row.next_deadline,
          },
        ]
      : [];
  });
}
