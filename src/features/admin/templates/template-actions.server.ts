import type { SupabaseClient } from '@supabase/supabase-js';
import { fieldErrorsOf } from '../../../lib/security/form-input.ts';
import { failure, type FieldErrors, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import {
  mergeFieldProblem,
  TEMPLATE_PARTS,
  templateEditSchema,
  templateKeySchema,
  type TemplatePart,
} from './template-schemas.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

const GONE = 'That message template no longer exists. Reload the page.';

/** The database names the part it refused ("The plain-text body uses unknown merge field(s)…"). */
function partOfMessage(message: string): TemplatePart | null {
  const lower = message.toLowerCase();
  if (lower.startsWith('the plain-text body')) return 'body_text';
  if (lower.startsWith('the html body')) return 'body_html';
  if (lower.startsWith('the subject')) return 'subject';
  if (lower.startsWith('the summary')) return 'summary';
  return null;
}

async function saveTemplate(
  supabase: SupabaseClient<Database>,
  fields: Record<string, string>,
): Promise<FormOutcome> {
  const parsed = templateEditSchema.safeParse(fields);
  if (!parsed.success) {
    return failure(422, 'Please correct the highlighted fields.', fieldErrorsOf(parsed.error));
  }
  const { key, ...change } = parsed.data;
  const current = await supabase.from('message_templates').select('fields').eq('key', key).maybeSingle();
  if (current.error) return outcomeOfError(current.error);
  if (!current.data) return failure(404, GONE);
  const allowed = current.data.fields;
  const problems: FieldErrors = {};
  for (const part of TEMPLATE_PARTS) {
    const problem = mergeFieldProblem(change[part], allowed);
    if (problem) problems[part] = problem;
  }
  if (Object.keys(problems).length > 0) {
    return failure(422, 'Please correct the highlighted fields.', problems);
  }
  // The edit is kept as a draft on the version the editor showed; the published words stay in use.
  const { version, ...words } = change;
  const { error } = await supabase
    .from('message_template_drafts')
    .upsert({ template_key: key, ...words, based_on: version }, { onConflict: 'template_key' });
  if (error) {
    const part = error.code === '22023' ? partOfMessage(error.message) : null;
    if (part) return failure(422, 'Please correct the highlighted fields.', { [part]: error.message });
    return outcomeOfError(error);
  }
  return done(
    'Draft saved. Preview it on an application, then publish it; messages still use the published words.',
  );
}

/** Publishing the draft: its words become the template's; refused when the template changed since. */
async function publishDraft(supabase: SupabaseClient<Database>, fields: Record<string, string>) {
  const key = templateKeySchema.safeParse(fields['key'] ?? '');
  if (!key.success) return failure(404, GONE);
  const { error } = await supabase.rpc('publish_template_draft', { template_key: key.data });
  if (error) {
    const outcome = outcomeOfError(error);
    return error.code === 'PT409' ? { ...outcome, data: { stale: true } } : outcome;
  }
  return done('Template published: messages composed from now on use these words.');
}

async function discardDraft(supabase: SupabaseClient<Database>, fields: Record<string, string>) {
  const key = templateKeySchema.safeParse(fields['key'] ?? '');
  if (!key.success) return failure(404, GONE);
  const { error } = await supabase.from('message_template_drafts').delete().eq('template_key', key.data);
  return error ? outcomeOfError(error) : done('Draft discarded. The published words are in the editor.');
}

/** The template editor's forms by intent. Row-level security lets only administrators write. */
export function templateHandlers(supabase: SupabaseClient<Database>): Record<string, AdminHandler> {
  return {
    'save-template': (fields) => saveTemplate(supabase, fields),
    'publish-template': (fields) => publishDraft(supabase, fields),
    'discard-draft': (fields) => discardDraft(supabase, fields),
  };
}
