import type { PostgrestError } from '@supabase/supabase-js';
import { sendPendingMail } from '../../lib/mail/send-pending.server.ts';
import type { Tables } from '../../lib/supabase/database.types.ts';
import { readableError } from './api-request.server.ts';

export interface Missing {
  answers: string[];
  documents: string[];
}

export type LifecycleOutcome =
  | { ok: true; status: string; reference: string | null }
  | { ok: false; status: number; message: string; missing?: Missing };

function missingFrom(details: unknown): Missing | undefined {
  if (typeof details !== 'string') return undefined;
  try {
    const value = JSON.parse(details) as Partial<Missing>;
    return { answers: value.answers ?? [], documents: value.documents ?? [] };
  } catch {
    return undefined;
  }
}

/** A pending call of a lifecycle RPC (submit, withdraw, respond): each returns the application. */
export type LifecycleCall = PromiseLike<{
  data: Tables<'applications'> | null;
  error: PostgrestError | null;
}>;

/** Runs one lifecycle RPC as the applicant; the database checks ownership and the transition. */
export async function runLifecycle(call: LifecycleCall): Promise<LifecycleOutcome> {
  const { data, error } = await call;
  if (error) {
    const missing = missingFrom(error.details);
    const status = error.code === 'P0001' ? 422 : error.code === '42501' ? 403 : 400;
    return { ok: false, status, message: readableError(error), ...(missing ? { missing } : {}) };
  }
  // The RPC queued its e-mail in the same transaction; sending it must not hold up the answer.
  sendPendingMail();
  return { ok: true, status: data?.status ?? '', reference: data?.reference ?? null };
}
