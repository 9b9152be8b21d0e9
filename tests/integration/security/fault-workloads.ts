/**
 * What a signed-in applicant's browser sends while the stack may die under it: autosaves through
 * the app's draft endpoint, uploads (the app checks, stores and records the document, with the
 * wizard's own clean-up when the answer is lost) and submissions. Each call says whether it was acknowledged.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { emptyAnswers } from '../../../src/features/applications/draft.ts';
import { settleFailedUpload } from '../../../src/features/applications/unrecorded-files.ts';
import { storagePathFor } from '../../../src/features/applications/upload-file.ts';
import { STEPS } from '../../../src/features/applications/steps.ts';
import { completeAnswers, pdfBytes } from '../applications/fixtures.ts';

export interface Applicant {
  userId: string;
  token: string;
  cookie: string;
  csrf: string;
}

export interface Browser {
  appUrl: string;
  stackUrl: string;
  anonKey: string;
  who: Applicant;
  /** The wizard's browser client: the applicant's own token, no stored session. */
  supabase: SupabaseClient;
  /** Requests sent to the app or the stack, whatever became of them. */
  requests: number;
}

export function browserFor(appUrl: string, stack: { url: string; anonKey: string }, who: Applicant): Browser {
  const supabase = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { authorization: `Bearer ${who.token}` } },
  });
  return { appUrl, stackUrl: stack.url, anonKey: stack.anonKey, who, supabase, requests: 0 };
}

/** A POST to the app as the wizard sends it (JSON, or a multipart form); status 0 when the connection failed. */
export async function appPost(browser: Browser, path: string, body: unknown) {
  const form = body instanceof FormData;
  browser.requests += 1;
  try {
    const response = await fetch(new URL(path, browser.appUrl), {
      method: 'POST',
      headers: {
        cookie: browser.who.cookie,
        'x-csrf-token': browser.who.csrf,
        origin: new URL(browser.appUrl).origin,
        accept: 'application/json',
        ...(form ? {} : { 'content-type': 'application/json' }),
      },
      body: form ? body : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as Record<string, unknown>,
    };
  } catch {
    return { status: 0, body: null };
  }
}

/** Answers in which every free-text field carries the same marker, so a mixed save would show. */
export function markedAnswers(marker: string) {
  const answers = emptyAnswers();
  return {
    ...answers,
    personal: { ...answers.personal, full_name: marker, city: marker },
    statement: `Statement ${marker}`,
  };
}

export function saveDraft(
  browser: Browser,
  draft: { id: string | null; version?: number | null; course_id: string; intake_id: string },
  answers: unknown = completeAnswers(),
) {
  return appPost(browser, '/api/applications/draft', {
    ...draft,
    current_step: STEPS[0]!.id,
    answers,
    changed_at: new Date().toISOString(),
  });
}

/**
 * One upload as use-document-upload does it: the file to the app, which checks, stores and records
 * it; when the answer is lost, the wizard's settleFailedUpload keeps a recorded document or deletes
 * the file.
 */
export async function uploadDocument(browser: Browser, applicationId: string, kind: string) {
  const path = storagePathFor(browser.who.userId, applicationId, `${kind}.pdf`);
  const form = new FormData();
  form.set('file', new File([pdfBytes()], `${kind}.pdf`, { type: 'application/pdf' }));
  form.set('kind', kind);
  form.set('storage_path', path);
  const { status } = await appPost(browser, `/api/applications/${applicationId}/documents`, form);
  if (status === 201) return true;
  if (status !== 0 && status < 500) return false;
  browser.requests += 1;
  return (await settleFailedUpload(browser.supabase, applicationId, path)) !== null;
}
