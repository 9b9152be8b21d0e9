import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { failure, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { sendPendingMail } from '../../../lib/mail/send-pending.server.ts';
import { parse } from '../../../lib/security/parse-post.ts';
import { outcomeOfReferenceError, saved } from '../../references/reference-outcome.ts';
import { refereeEmailSchema, referenceTargetSchema } from '../../references/reference-schemas.ts';

type Client = SupabaseClient<Database>;
type RequestRow = Database['public']['Tables']['reference_requests']['Row'];
type LetterRow = Database['public']['Tables']['reference_letters']['Row'];

export interface StaffReferences {
  minimum: number;
  maximum: number;
  requests: RequestRow[];
  letters: Map<string, LetterRow>;
}

/** This choice and the first choice of its application, which holds the references they share. */
async function sharingIds(supabase: Client, applicationId: string) {
  const { data } = await supabase
    .from('applications')
    .select('group_id, intake:intakes(references_min, references_max)')
    .eq('id', applicationId)
    .maybeSingle();
  return { app: data, ids: [...new Set([applicationId, data?.group_id ?? applicationId])] };
}

/** An application's reference requests and letters, as staff read them beside the documents. */
export async function loadStaffReferences(supabase: Client, applicationId: string): Promise<StaffReferences> {
  const { app, ids } = await sharingIds(supabase, applicationId);
  const [requests, letters] = await Promise.all([
    supabase.from('reference_requests').select('*').in('application_id', ids).order('sent_at'),
    supabase.from('reference_letters').select('*').in('application_id', ids),
  ]);
  return {
    minimum: app?.intake?.references_min ?? 0,
    maximum: app?.intake?.references_max ?? 0,
    requests: requests.data ?? [],
    letters: new Map((letters.data ?? []).map((letter) => [letter.request_id, letter])),
  };
}

/** Whether the request is this application's: a form naming another one's is refused. */
async function belongs(supabase: Client, applicationId: string, requestId: string): Promise<boolean> {
  const { ids } = await sharingIds(supabase, applicationId);
  const { data } = await supabase
    .from('reference_requests')
    .select('id')
    .eq('id', requestId)
    .in('application_id', ids);
  return (data ?? []).length > 0;
}

async function resend(
  supabase: Client,
  applicationId: string,
  fields: Record<string, string>,
): Promise<FormOutcome> {
  const input = parse(referenceTargetSchema, fields);
  if (!input.ok) return input.outcome;
  if (!(await belongs(supabase, applicationId, input.value.request_id)))
    return failure(404, 'That reference request is no longer part of this application.');
  const { data, error } = await supabase.rpc('resend_reference_request', {
    request_id: input.value.request_id,
  });
  if (error) return outcomeOfReferenceError(error);
  sendPendingMail();
  return saved('Request sent again', `We e-mailed ${data.referee_name} a fresh link.`);
}

async function correctEmail(
  supabase: Client,
  applicationId: string,
  fields: Record<string, string>,
): Promise<FormOutcome> {
  const input = parse(refereeEmailSchema, fields);
  if (!input.ok) return input.outcome;
  if (!(await belongs(supabase, applicationId, input.value.request_id)))
    return failure(404, 'That reference request is no longer part of this application.');
  const { error } = await supabase.rpc('correct_referee_email', input.value);
  if (error) return outcomeOfReferenceError(error);
  sendPendingMail();
  return saved(
    'Address corrected',
    `The request went to ${input.value.referee_email}; links sent to the old address no longer work.`,
  );
}

/** The review screen's reference forms, bound to the application in the URL. */
export function referenceHandlers(supabase: Client, applicationId: string) {
  return {
    'resend-reference': (fields: Record<string, string>) => resend(supabase, applicationId, fields),
    'correct-referee-email': (fields: Record<string, string>) =>
      correctEmail(supabase, applicationId, fields),
  };
}
