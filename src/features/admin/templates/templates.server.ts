import type { SupabaseClient } from '@supabase/supabase-js';
import type { RowOf } from '../../../lib/supabase/columns.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

export interface RenderedTemplate {
  subject: string;
  summary: string;
  body_text: string;
  body_html: string;
}

const COLUMNS =
  'key, audience, essential, description, fields, subject, summary, body_text, body_html, version, updated_by, updated_at' as const;
const VERSION_COLUMNS = 'version, subject, summary, body_text, body_html, edited_by, edited_at' as const;

/** A message template as the list and the editor show it. */
export type TemplateRow = RowOf<'message_templates', typeof COLUMNS>;

const DRAFT_COLUMNS = 'subject, summary, body_text, body_html, based_on, saved_by, saved_at' as const;

/** An edit not published yet. */
export type TemplateDraftRow = RowOf<'message_template_drafts', typeof DRAFT_COLUMNS>;

/** One kept version of a template's words. */
export type TemplateVersionRow = RowOf<'message_template_versions', typeof VERSION_COLUMNS>;

/** Every template, applicants' first, by key. Row-level security lets only administrators read them. */
export async function listTemplates(supabase: SupabaseClient<Database>): Promise<TemplateRow[] | null> {
  const { data, error } = await supabase
    .from('message_templates')
    .select(COLUMNS)
    .order('audience')
    .order('key');
  if (error) {
    console.error('Loading message templates failed', error.message);
    return null;
  }
  return data ?? [];
}

/** One template with its versions, newest first; null when there is no such template. */
export async function loadTemplate(
  supabase: SupabaseClient<Database>,
  key: string,
): Promise<{ template: TemplateRow; versions: TemplateVersionRow[]; draft: TemplateDraftRow | null } | null> {
  const [template, versions, draft] = await Promise.all([
    supabase.from('message_templates').select(COLUMNS).eq('key', key).maybeSingle(),
    supabase
      .from('message_template_versions')
      .select(VERSION_COLUMNS)
      .eq('template_key', key)
      .order('version', { ascending: false })
      .limit(100),
    supabase.from('message_template_drafts').select(DRAFT_COLUMNS).eq('template_key', key).maybeSingle(),
  ]);
  if (draft.error) throw new Error(`message template draft ${key}: ${draft.error.message}`);
  if (template.error) throw new Error(`message template ${key}: ${template.error.message}`);
  if (versions.error) throw new Error(`message template versions ${key}: ${versions.error.message}`);
  if (!template.data) return null;
  return {
    template: template.data,
    versions: versions.data ?? [],
    draft: draft.data ?? null,
  };
}

/** The template rendered on a real application, or why it could not be. */
export async function previewTemplate(
  supabase: SupabaseClient<Database>,
  key: string,
  reference: string,
  fromDraft = false,
): Promise<{ ok: true; rendered: RenderedTemplate } | { ok: false; message: string }> {
  const { data, error } = await supabase
    .rpc('preview_message_template', {
      template_key: key,
      application_reference: reference,
      from_draft: fromDraft,
    })
    .single();
  if (error) {
    if (error.code === 'P0001') return { ok: false, message: error.message };
    console.error('Previewing a message template failed', error.message);
    return { ok: false, message: 'The preview could not be made just now. Try again in a moment.' };
  }
  return { ok: true, rendered: data };
}
