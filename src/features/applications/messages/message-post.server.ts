import type { AstroGlobal } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import { success } from '../../../lib/security/form-outcome.ts';
import { redirectAfter } from '../../../lib/security/form-response.server.ts';
import { createServiceRoleClient } from '../../../lib/supabase/service.server.ts';
import { refused, sendMessage, type MessageFailure } from './send-message.server.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A message form posted to the thread's page: sent, then back to the thread (post/redirect/get)
 * with a notice; refused, the failure to render the form again with. Null when nothing was posted.
 */
export async function handleMessagePost(
  astro: AstroGlobal,
  supabase: SupabaseClient<Database> | undefined,
): Promise<Response | MessageFailure | null> {
  if (astro.request.method !== 'POST') return null;
  if (!supabase) return astro.redirect(`/auth?next=${encodeURIComponent(astro.url.pathname)}`, 303);
  const id = astro.params['id'] ?? '';
  if (!UUID.test(id)) return new Response(null, { status: 404 });
  const form = await astro.request.formData().catch(() => new FormData());
  const failure = await sendMessage(supabase, id, form, createServiceRoleClient()).catch((error: unknown) => {
    console.error('Sending a message failed', error);
    return refused(502, 'The message could not be sent. Please try again in a moment.', '');
  });
  if (failure) {
    astro.response.status = failure.status;
    return failure;
  }
  const notice = 'Your message was sent.';
  return redirectAfter(
    astro,
    success({ message: notice, toast: { title: 'Message sent', message: notice, kind: 'success' } }),
    `${astro.url.pathname}#messages`,
  );
}
