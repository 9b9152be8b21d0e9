import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types.ts';

/** A member of the admissions team as staff_directory() lists them. */
export interface StaffMember {
  id: string;
  email: string;
  roles: string[];
  /** The name history and decisions show (person_name): the profile's, else the e-mail. */
  name: string;
}

/**
 * The admissions team (staff_directory(), staff only), for assignee pickers and for naming who did
 * what. A failure is an error: every staff page that names people would name them wrongly without it.
 */
export async function loadStaffDirectory(supabase: SupabaseClient<Database>): Promise<StaffMember[]> {
  const { data, error } = await supabase.rpc('staff_directory');
  if (error) throw new Error(`staff_directory failed: ${error.message}`);
  return data ?? [];
}

/** How a picker names a member of staff: the name the history shows, with the e-mail beside it. */
export function staffOptionLabel(member: StaffMember): string {
  return member.name && member.name !== member.email ? `${member.name} · ${member.email}` : member.email;
}

/** Staff e-mail by user id; people who left the team are not in it. */
export function staffEmails(staff: readonly StaffMember[]): Map<string, string> {
  return new Map(staff.map((member) => [member.id, member.email]));
}

/** How a page names the staff member `id`: their e-mail, or that they have left the team. */
export function staffName(emails: ReadonlyMap<string, string>, id: string): string {
  return emails.get(id) ?? 'Former staff member';
}
