import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { parse } from '../../../lib/security/parse-post.ts';
import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import { maxChoicesSchema } from './choice-settings-schema.ts';

type Client = SupabaseClient<Database>;

/** A counsellor and the universities whose choices they see and decide. */
export interface CounsellorOffice {
  id: string;
  name: string;
  email: string;
  /** Administrators see every university, whatever they are given. */
  alsoAdmin: boolean;
  /** The universities' names, in order; empty for every university. */
  universities: string[];
}

/** How many choices an application holds now; null when it could not be read. */
export async function readMaxChoices(supabase: Client): Promise<number | null> {
  const { data, error } = await supabase.from('admissions_settings').select('max_choices').maybeSingle();
  if (error) console.error('Reading the number of choices failed', error.message);
  return data?.max_choices ?? null;
}

/** Every counsellor with the universities they were given; null when the team could not be read. */
export async function listCounsellorOffices(supabase: Client): Promise<CounsellorOffice[] | null> {
  const [team, grants] = await Promise.all([
    supabase.rpc('staff_directory'),
    supabase.from('staff_universities').select('user_id, university:universities(name)'),
  ]);
  if (team.error || grants.error) {
    console.error('Reading the counsellors failed', team.error?.message ?? grants.error?.message);
    return null;
  }
  const given = new Map<string, string[]>();
  for (const grant of grants.data) {
    const names = given.get(grant.user_id) ?? [];
    names.push(grant.university?.name ?? 'A university');
    given.set(grant.user_id, names);
  }
  return team.data
    .filter((member) => member.roles.includes('counsellor'))
    .map((member) => ({
      id: member.id,
      name: member.name,
      email: member.email,
      alsoAdmin: member.roles.includes('admin'),
      universities: (given.get(member.id) ?? []).sort((a, b) => a.localeCompare(b)),
    }));
}

const choicesIn = (count: number) => (count === 1 ? 'one choice' : `${count} choices`);

/** The choices page's form: the office's number of choices per application, through set_max_choices(). */
export function choiceSettingsHandlers(supabase: Client): Record<string, AdminHandler> {
  return {
    'save-max-choices': async (fields) => {
      const input = parse(maxChoicesSchema, fields);
      if (!input.ok) return input.outcome;
      const { data, error } = await supabase.rpc('set_max_choices', input.value);
      if (error) return outcomeOfError(error);
      return done(`An application now holds up to ${choicesIn(data.max_choices)}.`);
    },
  };
}
