import type { SupabaseClient } from '@supabase/supabase-js';
import { sendPendingMail } from '../../../lib/mail/send-pending.server.ts';
import { failure } from '../../../lib/security/form-outcome.ts';
import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import { parseForm, UUID, writeFailure } from './catalogue-post.server.ts';
import { NO_VERSION, versionOf } from './form-state.ts';
import { documentRequirementSchema } from './document-schema.ts';
import { intakeFeeFieldsSchema, parseWithMoney } from './fee-fields.ts';
import { intakeFormSchema } from './intake-schema.ts';
import { choiceLabel } from './options.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

const TERM_TAKEN = { field: 'term', message: 'This course already has an intake with this term.' };
const KIND_TAKEN = { field: 'kind', message: 'This course already asks for this document.' };
const GONE = failure(404, 'That record no longer exists. Reload the page.');

/**
 * Intakes and document requirements of one course. Every write names the course as well as the
 * row, so a tampered id cannot reach another course's rows, and every update the version its form
 * showed. New intakes start as drafts; their status moves on the intakes screen only.
 */
export function courseItemHandlers(
  supabase: SupabaseClient<Database>,
  courseId: string,
): Record<string, AdminHandler> {
  const intakes = () => supabase.from('intakes');
  const requirements = () => supabase.from('document_requirements');
  const idOf = (value: string | undefined) => (value && UUID.test(value) ? value : null);
  /**
   * After the intake's reply-by date is saved: its open offers moved to it when the form asked
   * (each with a letter), else how many still keep an older date, so nobody is left unwarned.
   */
  const openOffers = async (intakeId: string, replyBy: string | null, fields: Record<string, string>) => {
    if (!replyBy) return '';
    if (fields['move_offers'] === 'yes') {
      const { data, error } = await supabase.rpc('move_intake_offers_reply_by', {
        intake_id: intakeId,
        reply_by: replyBy,
      });
      if (error) return ` The offers could not be moved: ${error.message}`;
      if (data) sendPendingMail();
      return data
        ? ` ${data === 1 ? '1 open offer now replies' : `${data} open offers now reply`} by the new date.`
        : '';
    }
    const { count } = await supabase
      .from('applications')
      .select('id', { count: 'exact', head: true })
      .eq('intake_id', intakeId)
      .in('status', ['offer_conditional', 'offer_unconditional'])
      .neq('reply_by', replyBy);
    return count
      ? ` ${count === 1 ? '1 offer waiting for a reply keeps its' : `${count} offers waiting for a reply keep their`} own reply-by date; tick "Move the offers" to move them too.`
      : '';
  };
  return {
    add_intake: async (fields) => {
      const parsed = parseWithMoney(intakeFormSchema, intakeFeeFieldsSchema, fields);
      if (!parsed.ok) return parsed.outcome;
      const { error } = await intakes().insert({ ...parsed.data, course_id: courseId });
      return error
        ? writeFailure(error, TERM_TAKEN)
        : done(`The ${parsed.data.term} intake was added as a draft.`);
    },
    save_intake: async (fields) => {
      const id = idOf(fields['intake_id']);
      const parsed = parseWithMoney(intakeFormSchema, intakeFeeFieldsSchema, fields);
      if (!parsed.ok) return parsed.outcome;
      if (!id) return GONE;
      const version = versionOf(fields);
      if (version === null) return NO_VERSION;
      const { data, error } = await intakes()
        .update({ ...parsed.data, version })
        .eq('id', id)
        .eq('course_id', courseId)
        .select('id');
      if (error) return writeFailure(error, TERM_TAKEN);
      if (!data.length) return GONE;
      return done(
        `The ${parsed.data.term} intake was saved.${await openOffers(id, parsed.data.reply_by, fields)}`,
      );
    },
    add_document: async (fields) => {
      const parsed = parseForm(documentRequirementSchema, fields);
      if (!parsed.ok) return parsed.outcome;
      const { error } = await requirements().insert({ ...parsed.data, course_id: courseId });
      if (error) return writeFailure(error, KIND_TAKEN);
      return done(`${choiceLabel(parsed.data.kind)} was added to the checklist.`);
    },
    save_document: async (fields) => {
      const id = idOf(fields['requirement_id']);
      const parsed = parseForm(documentRequirementSchema, fields);
      if (!parsed.ok) return parsed.outcome;
      if (!id) return GONE;
      const version = versionOf(fields);
      if (version === null) return NO_VERSION;
      const { data, error } = await requirements()
        .update({ ...parsed.data, version })
        .eq('id', id)
        .eq('course_id', courseId)
        .select('id');
      if (error) return writeFailure(error, KIND_TAKEN);
      return data.length ? done(`${choiceLabel(parsed.data.kind)} was saved.`) : GONE;
    },
    delete_document: async (fields) => {
      const id = idOf(fields['requirement_id']);
      if (!id) return GONE;
      const { data, error } = await requirements()
        .delete()
        .eq('id', id)
        .eq('course_id', courseId)
        .select('kind');
      if (error) return outcomeOfError(error);
      const kind = data[0]?.kind;
      return kind ? done(`${choiceLabel(kind)} was removed from the checklist.`) : GONE;
    },
  };
}
