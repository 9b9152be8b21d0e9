import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** A message template as the list and the editor show it. */
export interface TemplateRow {
  key: string;
  audience: 'applicant' | 'staff';
  essential: boolean;
  description: string;
  fields: string[];
  subject: string;
  summary: string;
  body_text: string;
  body_html: string;
  version: number;
  updated_by: string | null;
  updated_at: string;
}

/** One kept version of a template's words. */
export interface TemplateVersionRow {
  version: number;
  subject: string;
  summary: string;
  body_text: string;
  body_html: string;
  edited_by: string | null;
  edited_at: string;
}

export interface RenderedTemplate {
  subject: string;
  summary: string;
  body_text: string;
  body_html: string;
}

const COLUMNS =
  'key, audience, essential, description, fields, subject, summary, body_text, body_html, version, updated_by, updated_at';

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
  return (data ?? []) as TemplateRow[];
}

/** One template with its versions, newest first; null when there is no such template. */
export async function loadTemplate(
  supabase: SupabaseClient<Database>,
  key: string,
): Promise<{ template: TemplateRow; versions: TemplateVersionRow[] } | null> {
  const [template, versions] = await Promise.all([
    supabase.from('message_templates').select(COLUMNS).eq('key', key).maybeSingle(),
    supabase
      .from('message_template_versions')
      .select('version, subject, summary, body_text, body_html, edited_by, edited_at')
      .eq('template_key', key)
      .order('version', { ascending: false })
      .limit(100),
  ]);
  if (template.error) throw new Error(`message template ${key}: ${template.error.message}`);
  if (versions.error) throw new Error(`message template versions ${key}: ${versions.error.message}`);
  if (!template.data) return null;
  return {
    template: template.data as TemplateRow,
    versions: (versions.data ?? []) as TemplateVersionRow[],
  };
}

/** The template rendered on a real application, or why it could not be. */
export async function previewTemplate(
  supabase: SupabaseClient<Database>,
  key: string,
  reference: string,
): Promise<{ ok: true; rendered: RenderedTemplate } | { ok: false; message: string }> {
  const { data, error } = await supabase
    .rpc('preview_message_template', { template_key: key, application_reference: reference })
    .single();
  if (error) {
    if (error.code === 'P0001') return { ok: false, message: error.message };
    console.error('Previewing a message template failed', error.message);
    return { ok: false, message: 'The preview could not be made just now. Try again in a moment.' };
  }
  return { ok: true, rendered: data as RenderedTemplate };
}
