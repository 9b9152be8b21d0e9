import type { SupabaseClient } from '@supabase/supabase-js';

export interface StaffMember {
  id: string;
  email: string;
  roles: string[];
}

/** The admissions team (staff_directory(), staff only), for assignee pickers and names. */
export async function loadStaffDirectory(supabase: SupabaseClient): Promise<StaffMember[]> {
  const { data, error } = await supabase.rpc('staff_directory');
  if (error) console.error('Reading the staff directory failed', error.message);
  return (data ?? []) as StaffMember[];
}

/** Staff e-mail by user id; people who left the team are not in it. */
export function staffEmails(staff: readonly StaffMember[]): Map<string, string> {
  return new Map(staff.map((member) => [member.id, member.email]));
}
