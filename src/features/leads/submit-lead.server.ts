import type { SupabaseClient } from '@supabase/supabase-js';
import { fieldErrorsOf } from '../../lib/security/form-input.ts';
import { failure, success, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { SECURITY_TOASTS } from '../../lib/security/messages.ts';
import type { SharedRateLimiter } from '../../lib/security/shared-rate-limit.server.ts';
import { HONEYPOT_FIELD, leadFormSchema, leadThankYou, NO_CONTACT_FIELD } from './schema.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

export interface LeadSubmission {
  fields: Record<string, string>;
  clientIp: string;
  /**
   * The app server's service client: submit_lead is the server's alone, so nobody reaches it past
   * the limit below. Undefined when SUPABASE_SERVICE_ROLE_KEY is not set (the request then fails).
   */
  supabase: SupabaseClient<Database> | undefined;
  limiter: SharedRateLimiter;
  /** Run once the request is stored: the app sends the acknowledgement the database wrote with it. */
  onStored?: () => void;
}

/** What a bot is told (it never learns whether anything was stored). */
const BOT_THANK_YOU = 'Thank you. We have your request.';
const UNAVAILABLE =
  'We could not send your request just now. Please try again in a moment, or e-mail us at hello@unipath.example.';

function rateLimited(): FormOutcome {
  return {
    ...failure(429, SECURITY_TOASTS.rateLimit.message),
    toast: { ...SECURITY_TOASTS.rateLimit, kind: 'error' },
  };
}

/**
 * Validates and stores one lead. Bots that fill the hidden field are told it worked and nothing is
 * stored; each address gets a few posts per window. The outcome never reveals the stored lead.
 */
export async function submitLead({
  fields,
  clientIp,
  supabase,
  limiter,
  onStored,
}: LeadSubmission): Promise<FormOutcome> {
  if (!(await limiter.take(clientIp))) return rateLimited();
  if ((fields[HONEYPOT_FIELD] ?? '') !== '') return success({ message: BOT_THANK_YOU });
  const parsed = leadFormSchema.safeParse(fields);
  if (!parsed.success)
    return failure(422, 'Please correct the highlighted fields.', fieldErrorsOf(parsed.error));
  // "Do not contact me" is stored as no consent at all; the database knows only the three consents.
  const payload = Object.fromEntries(
    Object.entries(parsed.data).filter(([key, value]) => value !== undefined && key !== NO_CONTACT_FIELD),
  );
  if (!supabase) {
    console.error('leads: SUPABASE_SERVICE_ROLE_KEY is not set, so counselling requests cannot be stored.');
    return failure(503, UNAVAILABLE);
  }
  try {
    const { error } = await supabase.rpc('submit_lead', { payload });
    if (!error) {
      onStored?.();
      return success({ message: leadThankYou(parsed.data) });
    }
    if (error.code === '22023' || error.code === '23514')
      return failure(422, 'Please check the details you entered.');
    return failure(503, UNAVAILABLE);
  } catch {
    return failure(503, UNAVAILABLE);
  }
}
