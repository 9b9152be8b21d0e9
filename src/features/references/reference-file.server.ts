import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types.ts';
import { REFERENCE_BUCKET } from './reference-bucket.ts';

export type OpenedLetter = { kind: 'signed'; url: string } | { kind: 'missing' } | { kind: 'unavailable' };

/**
 * A link to a referee's PDF, signed now with the caller's own token: RLS and the bucket's policy let
 * staff read every letter and the applicant only one they did not waive; anyone else finds nothing.
 */
export async function openReferenceLetter(
  supabase: SupabaseClient<Database>,
  requestId: string,
): Promise<OpenedLetter> {
  const { data, error } = await supabase
    .from('reference_letters')
    .select('storage_path')
    .eq('request_id', requestId)
    .maybeSingle();
  if (error) return { kind: 'unavailable' };
  if (!data?.storage_path) return { kind: 'missing' };
  const signed = await supabase.storage.from(REFERENCE_BUCKET).createSignedUrl(data.storage_path, 60);
  if (signed.error) return { kind: 'missing' };
  return { kind: 'signed', url: signed.data.signedUrl };
}
