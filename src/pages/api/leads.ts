import type { APIRoute } from 'astro';
import { failure, jsonOutcome } from '../../lib/security/form-outcome.ts';
import { leadRateLimiter } from '../../features/leads/lead-rate-limit.server.ts';
import { readLeadFields } from '../../features/leads/read-fields.server.ts';
import { submitLead } from '../../features/leads/submit-lead.server.ts';
import { createServiceRoleClient } from '../../lib/supabase/service.server.ts';
import { sendPendingMail } from '../../lib/mail/send-pending.server.ts';

export const prerender = false;

/** Leads from the counselling modal and the popup; the CSRF middleware has already checked the token. */
export const POST: APIRoute = async (context) => {
  const fields = await readLeadFields(context.request);
  if (!fields) return jsonOutcome(failure(415, 'Send the form as form data or JSON.'));
  const outcome = await submitLead({
    fields,
    clientIp: context.locals.clientIp,
    supabase: createServiceRoleClient(),
    limiter: leadRateLimiter(),
    // The acknowledgement the database wrote with the request (acknowledge_lead) goes out now.
    onStored: sendPendingMail,
  });
  return jsonOutcome(outcome);
};
