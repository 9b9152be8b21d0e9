/**
 * What a signed-in applicant's browser sends while the stack may die under it: autosaves through
 * the app's draft endpoint, uploads (storage, then the app records the document, with the wizard's
 * own clean-up when that fails) and submissions. Each call says whether it was acknowledged.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { emptyAnswers } from '../../../src/features/applications/draft.ts';
import { settleFailedUpload } from '../../../src/features/applications/unrecorded-files.ts';
import { DOCUMENTS_BUCKET, storagePathFor } from '../../../src/features/applications/upload-file.ts';
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

/** A POST to the app as the wizard sends it; status 0 when the connection failed. */
export async function appPost(browser: Browser, path: string, body: unknown) {
  browser.requests += 1;
  try {
    const response = await fetch(new URL(path, browser.appUrl), {
      method: 'POST',
      headers: {
        cookie: browser.who.cookie,
        'x-csrf-token': browser.who.csrf,
        origin: new URL(browser.appUrl).origin,
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
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

async function storeFile(browser: Browser, path: string): Promise<boolean> {
  browser.requests += 1;
  try {
    const response = await fetch(`${browser.stackUrl}/storage/v1/object/${DOCUMENTS_BUCKET}/${path}`, {
      method: 'POST',
      headers: {
        apikey: browser.anonKey,
        authorization: `Bearer ${browser.who.token}`,
        'content-type': 'application/pdf',
        'x-upsert': 'false',
      },
      body: pdfBytes(),
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * One upload as use-document-upload does it: the file to storage, then the app records it; when
 * either fails, the wizard's settleFailedUpload keeps a recorded document or deletes the file.
 */
export async function uploadDocument(browser: Browser, applicationId: string, kind: string) {
  const path = storagePathFor(browser.who.userId, applicationId, `${kind}.pdf`);
  const recorded =
    (await storeFile(browser, path)) &&
    (
      await appPost(browser, `/api/applications/${applicationId}/documents`, {
        kind,
        storage_path: path,
        file_name: `${kind}.pdf`,
        size_bytes: 1,
        content_type: 'application/pdf',
      })
    ).status === 201;
  if (recorded) return true;
  browser.requests += 1;
  return (await settleFailedUpload(browser.supabase, applicationId, path)) !== null;
}
