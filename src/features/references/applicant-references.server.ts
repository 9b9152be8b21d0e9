import type { AstroGlobal } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types.ts';
import { submittedFields } from '../../lib/security/form-input.ts';
import {
  failure,
  wantsJsonResponse,
  type FieldErrors,
  type FormOutcome,
} from '../../lib/security/form-outcome.ts';
import { echoValues, redirectAfter } from '../../lib/security/form-response.server.ts';
import { sendPendingMail } from '../../lib/mail/send-pending.server.ts';
import { isUuid } from '../../lib/uuid.ts';
import { parse } from '../../lib/security/parse-post.ts';
import { outcomeOfReferenceError, saved } from './reference-outcome.ts';
import { referenceRequestSchema, referenceReuseSchema, referenceTargetSchema } from './reference-schemas.ts';

type Client = SupabaseClient<Database>;
type RequestRow = Database['public']['Tables']['reference_requests']['Row'];
type LetterRow = Database['public']['Tables']['reference_letters']['Row'];

export interface ApplicantReferences {
  applicationId: string;
  /** The first choice of its application, which holds the references every choice shares. */
  groupId: string;
  title: string;
  university: string;
  status: string;
  minimum: number;
  maximum: number;
  beforeSubmit: boolean;
  requests: RequestRow[];
  /** Letters the applicant may read (those they did not waive), by request. */
  letters: Map<string, LetterRow>;
  /** Letters that arrived for the applicant's other applications, which may be asked to stand here. */
  reusable: { id: string; refereeName: string; course: string }[];
  failed: {
    intent: string;
    target: string;
    message: string;
    errors: FieldErrors;
    values: Record<string, string>;
  } | null;
  today: string;
}

async function loadRequests(supabase: Client, applicationId: string) {
  const [requests, letters] = await Promise.all([
    supabase.from('reference_requests').select('*').eq('application_id', applicationId).order('sent_at'),
    supabase.from('reference_letters').select('*').eq('application_id', applicationId),
  ]);
  return {
    requests: requests.data ?? [],
    letters: new Map((letters.data ?? []).map((letter) => [letter.request_id, letter])),
  };
}

/** Received letters of the applicant's other applications not already asked for here. */
async function loadReusable(supabase: Client, applicationId: string, asked: readonly RequestRow[]) {
  const { data } = await supabase
    .from('reference_requests')
    .select('id, referee_name, referee_email, application:applications(course:courses(title))')
    .eq('status', 'received')
    .neq('application_id', applicationId);
  const here = new Set(
    asked.filter((r) => r.status !== 'withdrawn' && r.status !== 'replaced').map((r) => r.referee_email),
  );
  return (data ?? [])
    .filter((row) => !here.has(row.referee_email))
    .map((row) => ({
      id: row.id,
      refereeName: row.referee_name,
      course: row.application?.course?.title ?? 'another course',
    }));
}

/** The references page of one of the caller's applications; null when it is not theirs. */
export async function loadApplicantReferences(
  supabase: Client,
  applicationId: string,
): Promise<ApplicantReferences | null> {
  if (!isUuid(applicationId)) return null;
  const { data: app } = await supabase
    .from('applications')
    .select(
      'id, group_id, status, course:courses(title, university_name), intake:intakes(references_min, references_max, submit_before_references)',
    )
    .eq('id', applicationId)
    .maybeSingle();
  if (!app?.intake) return null;
  const { requests, letters } = await loadRequests(supabase, applicationId);
  return {
    applicationId,
    groupId: app.group_id ?? applicationId,
    title: app.course?.title ?? 'Application',
    university: app.course?.university_name ?? '',
    status: app.status,
    minimum: app.intake.references_min,
    maximum: app.intake.references_max,
    beforeSubmit: app.intake.submit_before_references,
    requests,
    letters,
    reusable: await loadReusable(supabase, applicationId, requests),
    failed: null,
    today: new Date().toISOString().slice(0, 10),
  };
}

type Handler = (
  supabase: Client,
  applicationId: string,
  fields: Record<string, string>,
) => Promise<FormOutcome>;

const request: Handler = async (supabase, applicationId, fields) => {
  const input = parse(referenceRequestSchema, fields);
  if (!input.ok) return input.outcome;
  const { referee_name, referee_email, relationship, note, waived } = input.value;
  const { error } = await supabase.rpc('request_reference', {
    application_id: applicationId,
    referee_name,
    referee_email,
    relationship,
    note,
    waived: waived === 'yes',
  });
  return error
    ? outcomeOfReferenceError(error)
    : saved('Request sent', `We e-mailed ${referee_name} a private link to write the reference.`);
};

const replace: Handler = async (supabase, _applicationId, fields) => {
  const target = referenceTargetSchema.safeParse(fields);
  const input = parse(referenceRequestSchema, fields);
  if (!target.success) return failure(400, 'This form is not recognised. Refresh the page and try again.');
  if (!input.ok) return input.outcome;
  const { referee_name, referee_email, relationship, note, waived } = input.value;
  const { error } = await supabase.rpc('replace_reference_request', {
    request_id: target.data.request_id,
    referee_name,
    referee_email,
    relationship,
    note,
    waived: waived === 'yes',
  });
  return error
    ? outcomeOfReferenceError(error)
    : saved(
        'Referee replaced',
        `We e-mailed ${referee_name} a private link; the earlier link no longer works.`,
      );
};

const remind: Handler = async (supabase, _applicationId, fields) => {
  const target = referenceTargetSchema.safeParse(fields);
  if (!target.success) return failure(400, 'This form is not recognised. Refresh the page and try again.');
  const { error } = await supabase.rpc('remind_referee', { request_id: target.data.request_id });
  return error
    ? outcomeOfReferenceError(error)
    : saved('Reminder sent', 'We e-mailed your referee a reminder.');
};

const withdraw: Handler = async (supabase, _applicationId, fields) => {
  const target = referenceTargetSchema.safeParse(fields);
  if (!target.success || fields['confirm'] !== 'yes')
    return failure(422, 'Tick the box to confirm the withdrawal.', {
      confirm: 'Tick the box to confirm the withdrawal.',
    });
  const { error } = await supabase.rpc('withdraw_reference_request', { request_id: target.data.request_id });
  return error
    ? outcomeOfReferenceError(error)
    : saved('Request withdrawn', 'The referee’s link no longer works and no more reminders go out.');
};

const reuse: Handler = async (supabase, applicationId, fields) => {
  const input = parse(referenceReuseSchema, fields);
  if (!input.ok) return input.outcome;
  const { error } = await supabase.rpc('reuse_reference', {
    request_id: input.value.request_id,
    application_id: applicationId,
  });
  return error
    ? outcomeOfReferenceError(error)
    : saved('Request sent', 'Your referee can confirm with one click that the same letter counts here.');
};

const HANDLERS: Record<string, Handler> = {
  'reference-request': request,
  'reference-replace': replace,
  'reference-remind': remind,
  'reference-withdraw': withdraw,
  'reference-reuse': reuse,
};

/**
 * A form posted to the references page: done, then back (post/redirect/get) with a toast and the
 * referee's e-mail on its way; refused, the page renders again with the message and what was typed.
 */
export async function handleReferencePost(
  astro: AstroGlobal,
  supabase: Client,
  applicationId: string,
): Promise<Response | ApplicantReferences['failed']> {
  const fields = await submittedFields(astro.request);
  const intent = fields['intent'] ?? '';
  const handler = Object.hasOwn(HANDLERS, intent) ? HANDLERS[intent] : undefined;
  const outcome = handler
    ? await handler(supabase, applicationId, fields).catch((error: unknown) => {
        console.error('A reference form failed', error);
        return failure(502, 'The change could not be saved. Please try again in a moment.');
      })
    : failure(400, 'This form is not recognised. Refresh the page and try again.');
  if (outcome.ok) {
    sendPendingMail();
    return redirectAfter(
      astro,
      outcome,
      `${astro.url.pathname}#references`,
      wantsJsonResponse(astro.request),
    );
  }
  astro.response.status = outcome.status;
  if (outcome.message)
    astro.locals.flash.push({ title: 'Not sent', message: outcome.message, kind: 'error' });
  return {
    intent,
    target: fields['request_id'] ?? '',
    message: outcome.message ?? 'The change could not be saved.',
    errors: outcome.fieldErrors ?? {},
    values: echoValues(fields),
  };
}
