import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../../lib/supabase/database.types.ts';

/** Seconds a document link stays valid: long enough to click, too short to forward usefully. */
export const LINK_SECONDS = 60;

export interface DocumentLink {
  url: string;
  /** When the link stops working (ISO time). */
  expiresAt: string;
}

/**
 * Short-lived signed URLs for the private bucket, made with the staff member's own token so the
 * storage policy (staff read every file) decides. A file that cannot be signed has no link.
 */
export async function signDocumentLinks(
  supabase: SupabaseClient<Database>,
  documents: readonly { id: string; storage_path: string }[],
): Promise<Map<string, DocumentLink>> {
  const links = new Map<string, DocumentLink>();
  if (documents.length === 0) return links;
  const expiresAt = new Date(Date.now() + LINK_SECONDS * 1000).toISOString();
  const { data, error } = await supabase.storage.from('application-documents').createSignedUrls(
    documents.map((document) => document.storage_path),
    LINK_SECONDS,
  );
  if (error) {
    console.error('Signing document links failed', error.message);
    return links;
  }
  const byPath = new Map(data.map((entry) => [entry.path, entry.signedUrl]));
  for (const document of documents) {
    const url = byPath.get(document.storage_path);
    if (url) links.set(document.id, { url, expiresAt });
  }
  return links;
}
