import type { SupabaseClient } from '@supabase/supabase-js';
import { failure, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import { parseForm, writeFailure } from './catalogue-post.server.ts';
import { movedOn, stampVerified, versionedUpdate } from './catalogue-writes.server.ts';
import { unconfirmedDeletion } from './delete-confirmation.ts';
import { NO_VERSION, versionOf } from './form-state.ts';
import { scholarshipFormSchema, type ScholarshipFormResult } from './scholarship-schema.ts';
import type { ScholarshipAdminRow } from './scholarship-rows.server.ts';
import { slugFrom } from './slug-from.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

const SLUG_TAKEN = { field: 'slug', message: 'Another scholarship already uses this web address.' };
/** The ids of the named courses of the chosen university, or a refusal naming the unknown ones. */
async function courseIds(
  supabase: SupabaseClient<Database>,
  form: ScholarshipFormResult,
): Promise<{ ids: string[] } | { outcome: FormOutcome }> {
  if (form.courses.length === 0 || !form.row.university_id) return { ids: [] };
  const { data, error } = await supabase
    .from('courses')
    .select('id, slug')
    .eq('university_id', form.row.university_id)
    .in('slug', form.courses);
  if (error) return { outcome: outcomeOfError(error) };
  const found = (data ?? []) as { id: string; slug: string }[];
  const unknown = form.courses.filter((slug) => !found.some((course) => course.slug === slug));
  if (unknown.length > 0) {
    const message = `Not a course of this university: ${unknown.join(', ')}.`;
    return { outcome: failure(422, message, { courses: message }) };
  }
  return { ids: found.map((course) => course.id) };
}

async function replaceCourses(supabase: SupabaseClient<Database>, scholarshipId: string, ids: string[]) {
  const { error } = await supabase.from('scholarship_courses').delete().eq('scholarship_id', scholarshipId);
  if (error || ids.length === 0) return error;
  const links = ids.map((course_id) => ({ scholarship_id: scholarshipId, course_id }));
  return (await supabase.from('scholarship_courses').insert(links)).error;
}

function parseScholarship(fields: Record<string, string>) {
  const slug = fields['slug']?.trim() || slugFrom(`${fields['provider'] ?? ''} ${fields['name'] ?? ''}`, 160);
  return parseForm(scholarshipFormSchema, { ...fields, slug });
}

const stamped = (form: ScholarshipFormResult) => stampVerified(form.row, form.verified);

/** The list page's form: a new scholarship opens its edit page. */
export function scholarshipListHandlers(supabase: SupabaseClient<Database>): Record<string, AdminHandler> {
  return {
    create_scholarship: async (fields) => {
      const parsed = parseScholarship(fields);
      if (!parsed.ok) return parsed.outcome;
      const courses = await courseIds(supabase, parsed.data);
      if ('outcome' in courses) return courses.outcome;
      const { data, error } = await supabase
        .from('scholarships')
        .insert(stamped(parsed.data))
        .select('id')
        .single();
      if (error) return writeFailure(error, SLUG_TAKEN);
      const linkError = await replaceCourses(supabase, data.id, courses.ids);
      if (linkError) return outcomeOfError(linkError);
      const message = `${parsed.data.row.name} was added${parsed.data.row.visible ? '' : ', hidden from visitors'}.`;
      return movedOn(message, `/admin/catalogue/scholarships/${data.id}#main`);
    },
  };
}

/** The forms of one scholarship's page; a save names the version the form showed. */
export function scholarshipHandlers(
  supabase: SupabaseClient<Database>,
  row: ScholarshipAdminRow,
): Record<string, AdminHandler> {
  return {
    save_scholarship: async (fields) => {
      const parsed = parseScholarship(fields);
      if (!parsed.ok) return parsed.outcome;
      const version = versionOf(fields);
      if (version === null) return NO_VERSION;
      const courses = await courseIds(supabase, parsed.data);
      if ('outcome' in courses) return courses.outcome;
      const update = versionedUpdate(supabase, 'scholarships', row.id);
      const { error } = await update(stamped(parsed.data), version);
      if (error) return writeFailure(error, SLUG_TAKEN);
      const linkError = await replaceCourses(supabase, row.id, courses.ids);
      return linkError ? outcomeOfError(linkError) : done(`${parsed.data.row.name} was saved.`);
    },
    delete_scholarship: async (fields) => {
      const unconfirmed = unconfirmedDeletion(fields);
      if (unconfirmed) return unconfirmed;
      const { error } = await supabase.from('scholarships').delete().eq('id', row.id);
      if (error) return outcomeOfError(error);
      return movedOn(`${row.name} was deleted.`, '/admin/catalogue/scholarships#main', 'Deleted');
    },
  };
}
