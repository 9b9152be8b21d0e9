import type { AstroGlobal } from 'astro';
import { formFields } from '../../lib/security/form-input.ts';
import { jsonOutcome, wantsJsonResponse, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { echoValues } from '../../lib/security/form-response.server.ts';
import { createServiceRoleClient } from '../../lib/supabase/service.server.ts';
import { sendPendingMail } from '../../lib/mail/send-pending.server.ts';
import { externalReferrer, utmFrom } from './attribution.ts';
import { upcomingIntakes } from './intakes.ts';
import { leadRateLimiter } from './lead-rate-limit.server.ts';
import type { LeadFormProps } from './LeadForm.tsx';
import { CONSENT_FIELDS, HONEYPOT_FIELD, leadThankYou, UTM_FIELDS } from './schema.ts';
import { submitLead } from './submit-lead.server.ts';

const SENT_FLAG = 'sent';
/** The consents a sent request gave, as the value of ?sent= ("email,phone", or "none"). */
const SENT_WAYS: Readonly<Record<(typeof CONSENT_FIELDS)[number], string>> = {
  consent_email: 'email',
  consent_phone: 'phone',
  consent_whatsapp: 'whatsapp',
};

function sentValue(fields: Record<string, string>): string {
  const ways = CONSENT_FIELDS.filter((name) => fields[name] === 'on' || fields[name] === 'true');
  return ways.map((name) => SENT_WAYS[name]).join(',') || 'none';
}

/** The thank-you for ?sent=…: it promises contact only in the ways the request agreed to. */
function sentNotice(value: string): string {
  const ways = new Set(value.split(','));
  return leadThankYou({
    consent_email: ways.has('email'),
    consent_phone: ways.has('phone'),
    consent_whatsapp: ways.has('whatsapp'),
  });
}
const CONTEXT_FIELDS = ['page_path', 'course_id', ...UTM_FIELDS, 'referrer'] as const;

/** Course, campaign and referrer of the visit, from the query string and the Referer header. */
function contextOf(astro: AstroGlobal): Record<string, string> {
  const course = astro.url.searchParams.get('course')?.trim();
  const referrer = externalReferrer(astro.request.headers.get('referer') ?? '', astro.url.origin);
  return {
    page_path: '/contact/',
    ...(course ? { course_id: course.slice(0, 64) } : {}),
    ...utmFrom(astro.url.search),
    ...(referrer ? { referrer } : {}),
  };
}

function formProps(astro: AstroGlobal, extra: Partial<LeadFormProps>): LeadFormProps {
  return {
    formId: 'contact-lead',
    action: '/contact/',
    source: 'contact',
    csrfToken: astro.locals.csrfToken,
    context: contextOf(astro),
    intakes: upcomingIntakes(new Date()),
    submitLabel: 'Send my message',
    ...extra,
  };
}

async function handlePost(
  astro: AstroGlobal,
): Promise<{ outcome: FormOutcome; fields: Record<string, string> }> {
  let fields: Record<string, string> = {};
  try {
    fields = formFields(await astro.request.formData());
  } catch {
    // An unreadable body is validated as an empty form.
  }
  const outcome = await submitLead({
    fields,
    clientIp: astro.locals.clientIp,
    supabase: createServiceRoleClient(),
    limiter: leadRateLimiter(),
    // The acknowledgement the database wrote with the request (acknowledge_lead) goes out now.
    onStored: sendPendingMail,
  });
  return { outcome, fields };
}

/** The contact form: rendered, or handled as a post that redirects on success and re-renders on failure. */
export async function loadContactForm(astro: AstroGlobal): Promise<LeadFormProps | Response> {
  if (astro.request.method !== 'POST') {
    const sent = astro.url.searchParams.get(SENT_FLAG);
    return formProps(astro, sent === null ? {} : { notice: sentNotice(sent) });
  }
  const { outcome, fields } = await handlePost(astro);
  if (wantsJsonResponse(astro.request)) return jsonOutcome(outcome);
  if (outcome.ok) return astro.redirect(`/contact/?${SENT_FLAG}=${sentValue(fields)}#contact-form`, 303);
  astro.response.status = outcome.status;
  const values = echoValues(fields);
  delete values[HONEYPOT_FIELD];
  const context = Object.fromEntries(
    CONTEXT_FIELDS.flatMap((name) => (values[name] ? [[name, values[name]]] : [])),
  );
  return formProps(astro, {
    values,
    context,
    fieldErrors: outcome.fieldErrors ?? {},
    ...(outcome.message ? { error: outcome.message } : {}),
  });
}
