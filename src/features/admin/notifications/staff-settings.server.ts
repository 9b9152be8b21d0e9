import type { AstroGlobal } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { fieldErrorsOf } from '../../../lib/security/form-input.ts';
import { failure, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { redirectAfter } from '../../../lib/security/form-response.server.ts';
import { done, handleAdminPost, outcomeOfError } from '../admin-action.server.ts';
import type { AdminContext } from '../admin-context.server.ts';
import { isStaffDelivery, staffDeliverySchema, type StaffDelivery } from './staff-delivery-schema.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

export interface StaffNotificationsPage {
  /** The stored choice, or null when it could not be read. */
  delivery: StaffDelivery | null;
  /** Administrators only: whether they get the weekly summary; null for counsellors or unread. */
  weeklySummary: boolean | null;
  /** The refused post, shown on the form. */
  error: string | null;
}

type Client = SupabaseClient<Database>;
type Settings = { delivery: StaffDelivery } | { weekly_summary: boolean };

/** The member of staff's own choices; immediate and no summary until they make them. */
async function readSettings(
  supabase: Client,
  userId: string,
): Promise<{ delivery: StaffDelivery; weeklySummary: boolean } | null> {
  const { data, error } = await supabase
    .from('staff_notification_settings')
    .select('delivery, weekly_summary')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) return null;
  // The table's check allows only the known choices; anything else reads as the default.
  return {
    delivery: data && isStaffDelivery(data.delivery) ? data.delivery : 'immediate',
    weeklySummary: data?.weekly_summary ?? false,
  };
}

/** Writes the caller's own row (row-level security allows no other): update it, or make it. */
async function saveSettings(
  supabase: Client,
  userId: string,
  settings: Settings,
): Promise<FormOutcome | null> {
  const updated = await supabase
    .from('staff_notification_settings')
    .update(settings)
    .eq('user_id', userId)
    .select('user_id');
  if (updated.error) return outcomeOfError(updated.error);
  if ((updated.data ?? []).length === 0) {
    const inserted = await supabase
      .from('staff_notification_settings')
      .insert({ user_id: userId, ...settings });
    // A second tab made the row in between: it now exists, so update it.
    if (inserted.error?.code === '23505') return saveSettings(supabase, userId, settings);
    if (inserted.error) return outcomeOfError(inserted.error);
  }
  return null;
}

async function saveDelivery(
  supabase: Client,
  userId: string,
  fields: Record<string, string>,
): Promise<FormOutcome> {
  const parsed = staffDeliverySchema.safeParse(fields);
  if (!parsed.success)
    return failure(422, 'Choose how you want to hear about changes.', fieldErrorsOf(parsed.error));
  const { delivery } = parsed.data;
  const refused = await saveSettings(supabase, userId, { delivery });
  if (refused) return refused;
  return done(
    delivery === 'daily'
      ? 'You will get one digest a day of what happened on your applications.'
      : 'You will hear about changes on your applications as they happen.',
  );
}

/** Administrators choose whether they get the weekly summary of the reports. */
async function saveSummary(
  supabase: Client,
  userId: string,
  fields: Record<string, string>,
): Promise<FormOutcome> {
  const weekly = fields['weekly_summary'] === 'yes';
  const refused = await saveSettings(supabase, userId, { weekly_summary: weekly });
  if (refused) return refused;
  return done(
    weekly
      ? 'You will get the weekly summary of the reports, the first within the hour.'
      : 'You will no longer get the weekly summary.',
  );
}

/** /admin/notifications: a post saves the choice and comes back (post/redirect/get). */
export async function loadStaffNotificationsPage(
  astro: AstroGlobal,
  ctx: AdminContext,
): Promise<StaffNotificationsPage | Response> {
  let error: string | null = null;
  if (astro.request.method === 'POST') {
    const post = await handleAdminPost(astro, {
      'save-delivery': (fields) => saveDelivery(ctx.supabase, ctx.user.id, fields),
      ...(ctx.isAdmin
        ? {
            'save-summary': (fields: Record<string, string>) =>
              saveSummary(ctx.supabase, ctx.user.id, fields),
          }
        : {}),
    });
    if (post.outcome.ok) return redirectAfter(astro, post.outcome, astro.url.pathname);
    if (post.outcome.toast) astro.locals.flash.push(post.outcome.toast);
    astro.response.status = post.outcome.status;
    error = post.outcome.message ?? 'Your choice could not be saved.';
  }
  const settings = await readSettings(ctx.supabase, ctx.user.id);
  return {
    delivery: settings?.delivery ?? null,
    weeklySummary: ctx.isAdmin ? (settings?.weeklySummary ?? null) : null,
    error,
  };
}
