import type { AstroGlobal } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types.ts';
import { submittedFields } from '../../lib/security/form-input.ts';
import { failure, success, wantsJsonResponse, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { redirectAfter } from '../../lib/security/form-response.server.ts';
import { sendPendingMail } from '../../lib/mail/send-pending.server.ts';
import { parse } from '../../lib/security/parse-post.ts';
import { choiceAddSchema, choiceMoveSchema, choiceRemoveSchema } from './choice-schemas.ts';

type Client = SupabaseClient<Database>;
type Handler = (supabase: Client, groupId: string, fields: Record<string, string>) => Promise<FormOutcome>;

function refused(error: { code?: string; message: string }): FormOutcome {
  if (error.code === '42501') return failure(403, 'You do not have permission to do that.');
  if (error.code === 'P0001' || error.code === '22023' || error.code === '23505')
    return failure(422, error.message);
  return failure(502, 'The change could not be saved. Please try again in a moment.');
}

const done = (title: string, message: string) =>
  success({ message, toast: { title, message, kind: 'success' } });

const add: Handler = async (supabase, groupId, fields) => {
  const input = parse(choiceAddSchema, fields);
  if (!input.ok) return input.outcome;
  const { data, error } = await supabase.rpc('add_choice', {
    application_id: groupId,
    intake_id: input.value.intake_id,
  });
  if (error) return refused(error);
  return done('Choice added', `Choice ${data.choice_rank} is added. Submit it when you are ready.`);
};

const move: Handler = async (supabase, _groupId, fields) => {
  const input = parse(choiceMoveSchema, fields);
  if (!input.ok) return input.outcome;
  const { error } = await supabase.rpc('move_choice', {
    application_id: input.value.application_id,
    direction: input.value.direction,
  });
  return error ? refused(error) : done('Order changed', 'Your choices are in their new order.');
};

const remove: Handler = async (supabase, _groupId, fields) => {
  const input = parse(choiceRemoveSchema, fields);
  if (!input.ok) return input.outcome;
  const { data, error } = await supabase
    .from('applications')
    .delete()
    .eq('id', input.value.application_id)
    .eq('status', 'draft')
    .select('id');
  if (error) return refused(error);
  if (!data.length) return failure(422, 'Only a choice not yet submitted can be removed.');
  return done('Choice removed', 'The choice is gone from your application.');
};

const submit: Handler = async (supabase, groupId) => {
  const { error } = await supabase.rpc('submit_choices', { application_id: groupId });
  return error ? refused(error) : done('Choices submitted', 'Each new choice has its own reference now.');
};

const HANDLERS: Record<string, Handler> = {
  'choice-add': add,
  'choice-move': move,
  'choice-remove': remove,
  'choices-submit': submit,
};

/**
 * A form posted to the choices page: done, back to it (post/redirect/get) with a toast; refused,
 * the message to show on the page rendered again.
 */
export async function handleChoicePost(
  astro: AstroGlobal,
  supabase: Client,
  groupId: string,
): Promise<Response | { message: string; errors: Record<string, string> }> {
  const fields = await submittedFields(astro.request);
  const intent = fields['intent'] ?? '';
  const handler = Object.hasOwn(HANDLERS, intent) ? HANDLERS[intent] : undefined;
  const outcome = handler
    ? await handler(supabase, groupId, fields).catch((error: unknown) => {
        console.error('A choices form failed', error);
        return failure(502, 'The change could not be saved. Please try again in a moment.');
      })
    : failure(400, 'This form is not recognised. Refresh the page and try again.');
  if (outcome.ok) {
    sendPendingMail();
    return redirectAfter(astro, outcome, `${astro.url.pathname}#choices`, wantsJsonResponse(astro.request));
  }
  astro.response.status = outcome.status;
  const message = outcome.message ?? 'The change could not be saved.';
  astro.locals.flash.push({ title: 'Not saved', message, kind: 'error' });
  return { message, errors: outcome.fieldErrors ?? {} };
}
