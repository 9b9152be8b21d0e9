import type { SupabaseClient } from '@supabase/supabase-js';
import { failure } from '../../../lib/security/form-outcome.ts';
import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import { parseForm, writeFailure } from './catalogue-post.server.ts';
import { movedOn, stampVerified, verifyHandler, versionedUpdate } from './catalogue-writes.server.ts';
import { NO_VERSION, versionOf } from './form-state.ts';
import type { UniversityRow } from './catalogue-rows.ts';
import { courseCreateSchema } from './course-schema.ts';
import { unconfirmedDeletion } from './delete-confirmation.ts';
import { slugFrom } from './slug-from.ts';
import { universityCreateSchema, universityFormSchema } from './university-schema.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

const SLUG_TAKEN = { field: 'slug', message: 'Another university already uses this web address.' };
const COURSE_SLUG_TAKEN = { field: 'slug', message: 'Another course already uses this web address.' };

const withSlug = (fields: Record<string, string>, source: string, max: number, prefix = '') => {
  if (fields['slug']?.trim()) return fields;
  const base = slugFrom(fields[source] ?? '', max - prefix.length - 1);
  return { ...fields, slug: base && prefix ? `${prefix}-${base}` : base };
};

/** The catalogue list's form: a new university starts unpublished and opens its edit page. */
export function universityListHandlers(supabase: SupabaseClient<Database>): Record<string, AdminHandler> {
  return {
    create_university: async (fields) => {
      const parsed = parseForm(universityCreateSchema, withSlug(fields, 'name', 120));
      if (!parsed.ok) return parsed.outcome;
      const { data, error } = await supabase.from('universities').insert(parsed.data).select('id').single();
      if (error) return writeFailure(error, SLUG_TAKEN);
      return movedOn(
        `${parsed.data.name} was added, unpublished.`,
        `/admin/catalogue/universities/${data.id}#main`,
      );
    },
  };
}

async function deleteUniversity(supabase: SupabaseClient<Database>, university: UniversityRow) {
  const { count, error: countError } = await supabase
    .from('courses')
    .select('id', { count: 'exact', head: true })
    .eq('university_id', university.id);
  if (countError) return outcomeOfError(countError);
  if (count) {
    const courses = count === 1 ? '1 course' : `${count} courses`;
    return failure(
      409,
      `This university still has ${courses}; delete them first, or unpublish the university instead.`,
    );
  }
  const { error } = await supabase.from('universities').delete().eq('id', university.id);
  if (error) return outcomeOfError(error);
  return movedOn(`${university.name} was deleted.`, '/admin/catalogue#main');
}

/** The forms of one university's page; updates name the version the form showed. */
export function universityHandlers(
  supabase: SupabaseClient<Database>,
  university: UniversityRow,
): Record<string, AdminHandler> {
  const update = versionedUpdate(supabase, 'universities', university.id);
  return {
    save_university: async (fields) => {
      const parsed = parseForm(universityFormSchema, fields);
      if (!parsed.ok) return parsed.outcome;
      const version = versionOf(fields);
      if (version === null) return NO_VERSION;
      const { verified, ...row } = parsed.data;
      const { error } = await update(stampVerified(row, verified), version);
      return error ? writeFailure(error, SLUG_TAKEN) : done(`${row.name} was saved.`);
    },
    verify_university: verifyHandler(update, university.name),
    delete_university: async (fields) =>
      unconfirmedDeletion(fields) ?? deleteUniversity(supabase, university),
    create_course: async (fields) => {
      const parsed = parseForm(courseCreateSchema, withSlug(fields, 'title', 160, university.slug));
      if (!parsed.ok) return parsed.outcome;
      const { data, error } = await supabase
        .from('courses')
        .insert({ ...parsed.data, university_id: university.id })
        .select('id')
        .single();
      if (error) return writeFailure(error, COURSE_SLUG_TAKEN);
      return movedOn(
        `${parsed.data.title} was added, unpublished.`,
        `/admin/catalogue/courses/${data.id}#main`,
      );
    },
  };
}
