import type { SupabaseClient } from '@supabase/supabase-js';
import { renderDecisionLetterPdf } from '../../lib/letters/decision-letter-pdf.server.ts';
import { letterFileName, parseDecisionLetter } from '../../lib/letters/decision-letter.ts';
import type { Database } from '../../lib/supabase/database.types.ts';
import { createSharedRateLimiter } from '../../lib/security/shared-rate-limit.server.ts';
import { isUuid } from '../../lib/uuid.ts';

// Drawing a PDF costs real CPU: one person opens a few letters, not hundreds.
const downloads = createSharedRateLimiter({ bucket: 'decision-letter', limit: 30, windowMs: 10 * 60_000 });

/** One released decision's letter, as the application lists it. */
export interface LetterLink {
  decisionId: string;
  decision: string;
  issuedOn: string;
  href: string;
}

/** The decision letters of these applications, newest first, by application (the caller's own only). */
export async function listDecisionLetters(
  supabase: SupabaseClient<Database>,
  applicationIds: string[],
): Promise<Map<string, LetterLink[]>> {
  const letters = new Map<string, LetterLink[]>();
  if (applicationIds.length === 0) return letters;
  const { data, error } = await supabase.rpc('decision_letters', { application_ids: applicationIds });
  if (error) throw new Error(`could not list the decision letters: ${error.message}`);
  for (const row of data ?? []) {
    const list = letters.get(row.application_id) ?? [];
    list.push({
      decisionId: row.decision_id,
      decision: row.decision,
      issuedOn: row.issued_on,
      href: `/applications/${row.application_id}/letters/${row.decision_id}.pdf`,
    });
    letters.set(row.application_id, list);
  }
  return letters;
}

/** The PDF of one decision letter of this application, or a 404 when there is none the caller may read. */
export async function decisionLetterResponse(
  supabase: SupabaseClient<Database>,
  userId: string,
  applicationId: string,
  decisionId: string,
): Promise<Response> {
  if (!isUuid(applicationId) || !isUuid(decisionId)) return new Response(null, { status: 404 });
  if (!(await downloads.take(userId)))
    return new Response('Too many letters at once. Please wait a few minutes and try again.', {
      status: 429,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '600' },
    });
  const { data, error } = await supabase.rpc('decision_letter', { decision_id: decisionId });
  if (error) throw new Error(`could not read the decision letter: ${error.message}`);
  const letter = parseDecisionLetter(data);
  if (!letter || letter.application_id !== applicationId) return new Response(null, { status: 404 });
  const pdf = await renderDecisionLetterPdf(letter);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${letterFileName(letter)}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
