import type { SupabaseClient } from '@supabase/supabase-js';

export interface StaffMember {
  id: string;
  email: string;
  roles: string[];
}

/** Everyone who can be given an application, for the assignee picker. */
export async function loadStaffDirectory(supabase: SupabaseClient): Promise<StaffMember[]> {
  const { data, error } = await supabase.rpc('staff_directory');
  if (error) throw new Error(`staff_directory failed: ${error.message}`);
  return (data ?? []) as StaffMember[];
}
