import type { AstroGlobal } from 'astro';
import type { FieldErrors } from '../../../lib/security/form-outcome.ts';
import { redirectAfter } from '../../../lib/security/form-response.server.ts';
import { handleAdminPost } from '../admin-action.server.ts';
import type { AdminContext } from '../admin-context.server.ts';
import { loadStaffDirectory, staffEmails, staffName } from '../staff-directory.server.ts';
import { templateHandlers } from './template-actions.server.ts';
import { previewReferenceSchema, templateKeySchema, type TemplatePart } from './template-schemas.ts';

/** How the page names the editor of words nobody changed since the product shipped them. */
const SHIPPED = 'Unipath (the default words)';
import {
  listTemplates,
  loadTemplate,
  previewTemplate,
  type RenderedTemplate,
  type TemplateDraftRow,
  type TemplateRow,
  type TemplateVersionRow,
} from './templates.server.ts';

export interface TemplatesIndexModel {
  templates: (TemplateRow & { editedBy: string })[] | null;
}

/** /admin/templates: every message template with who last edited it. */
export async function loadTemplatesIndex(ctx: AdminContext): Promise<TemplatesIndexModel> {
  const [templates, staff] = await Promise.all([
    listTemplates(ctx.supabase),
    loadStaffDirectory(ctx.supabase),
  ]);
  const emails = staffEmails(staff);
  return {
    templates:
      templates?.map((template) => ({
        ...template,
        editedBy: template.updated_by ? staffName(emails, template.updated_by) : SHIPPED,
      })) ?? null,
  };
}

/** The editor's words: as saved, as typed in a refused post, or an older version brought back. */
export interface EditorState {
  values: Record<TemplatePart, string>;
  version: string;
  errors: FieldErrors;
  /** The message of a refused post. */
  message: string | null;
  conflict: boolean;
  /** The version whose words were brought back into the editor, not yet saved. */
  restoredFrom: number | null;
}

export interface TemplatePageModel {
  template: TemplateRow;
  /** The edit saved and not published yet, with who saved it; the editor shows its words. */
  draft: (TemplateDraftRow & { savedBy: string }) | null;
  versions: (TemplateVersionRow & { editedBy: string })[];
  editor: EditorState;
  preview: {
    reference: string;
    result: { ok: true; rendered: RenderedTemplate } | { ok: false; message: string } | null;
  };
  /** An older version opened for reading. */
  viewed: (TemplateVersionRow & { editedBy: string }) | null;
}

const notFound = () => new Response(null, { status: 404 });

function versionParam(url: URL, name: string): number | null {
  const value = url.searchParams.get(name);
  return value && /^\d{1,6}$/.test(value) ? Number(value) : null;
}

/** /admin/templates/{key}: a post saves the words and comes back (post/redirect/get) unless refused. */
export async function loadTemplatePage(
  astro: AstroGlobal,
  ctx: AdminContext,
): Promise<TemplatePageModel | Response> {
  const key = templateKeySchema.safeParse(astro.params['key'] ?? '');
  if (!key.success) return notFound();
  let failed: {
    fields: Record<string, string>;
    errors: FieldErrors;
    message: string;
    conflict: boolean;
  } | null = null;
  if (astro.request.method === 'POST') {
    const post = await handleAdminPost(astro, templateHandlers(ctx.supabase));
    if (post.outcome.ok) return redirectAfter(astro, post.outcome, `${astro.url.pathname}#editor`);
    if (post.outcome.toast) astro.locals.flash.push(post.outcome.toast);
    astro.response.status = post.outcome.status;
    failed = {
      fields: post.fields,
      errors: post.outcome.fieldErrors ?? {},
      message: post.outcome.message ?? 'The template could not be saved.',
      conflict: post.outcome.data?.['stale'] === true,
    };
  }
  const [loaded, staff] = await Promise.all([
    loadTemplate(ctx.supabase, key.data),
    loadStaffDirectory(ctx.supabase),
  ]);
  if (!loaded) return notFound();
  const emails = staffEmails(staff);
  const named = (row: TemplateVersionRow) => ({
    ...row,
    editedBy: row.edited_by ? staffName(emails, row.edited_by) : SHIPPED,
  });
  const versions = loaded.versions.map(named);
  const { template } = loaded;

  const restoreVersion = versionParam(astro.url, 'restore');
  const restored = failed ? undefined : versions.find((row) => row.version === restoreVersion);
  const draft = loaded.draft
    ? { ...loaded.draft, savedBy: loaded.draft.saved_by ? staffName(emails, loaded.draft.saved_by) : SHIPPED }
    : null;
  // A refused edit keeps what was typed; a refused publish or discard shows the draft again.
  const typed = failed && 'subject' in failed.fields ? failed.fields : null;
  const source = typed ?? restored ?? draft ?? template;
  const editor: EditorState = {
    values: {
      subject: String(source.subject ?? ''),
      summary: String(source.summary ?? ''),
      body_text: String(source.body_text ?? ''),
      body_html: String(source.body_html ?? ''),
    },
    // A post refused as stale takes the current version, so saving again is a deliberate choice.
    version: typed && !failed?.conflict && typed['version'] ? typed['version'] : String(template.version),
    errors: failed?.errors ?? {},
    message: failed?.message ?? null,
    conflict: failed?.conflict ?? false,
    restoredFrom: restored?.version ?? null,
  };

  const typedReference = astro.url.searchParams.get('reference') ?? '';
  let result: TemplatePageModel['preview']['result'] = null;
  if (typedReference.trim()) {
    const reference = previewReferenceSchema.safeParse(typedReference);
    result = reference.success
      ? await previewTemplate(ctx.supabase, template.key, reference.data, Boolean(draft))
      : { ok: false, message: reference.error.issues[0]?.message ?? 'Give a reference.' };
  }
  const viewVersion = versionParam(astro.url, 'version');
  return {
    template,
    draft,
    versions,
    editor,
    preview: { reference: typedReference.slice(0, 40), result },
    viewed: versions.find((row) => row.version === viewVersion) ?? null,
  };
}
