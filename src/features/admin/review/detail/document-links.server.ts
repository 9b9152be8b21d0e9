import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../../lib/supabase/database.types.ts';

/** Seconds the storage link made when a document is opened stays valid: enough to start the download. */
export const SIGNED_LINK_SECONDS = 60;

export interface DocumentOpenings {
  count: number;
  lastAt: string;
  lastBy: string;
}

export interface DocumentLink {
  /** The app's own address for the file: it signs a fresh storage link each time it is followed. */
  url: string;
  /** Who has opened the file so far (staff screens that load it). */
  openings?: DocumentOpenings;
}

/** The app's address that opens a document (src/pages/admin/documents/[id].astro). */
export const documentPath = (documentId: string) => `/admin/documents/${documentId}`;

/**
 * Links for an application's documents. They never expire: each one goes through the app, which
 * records the opening and signs a storage link at that moment with the staff member's own token.
 */
export function documentLinks(
  documents: readonly { id: string }[],
  openings: ReadonlyMap<string, DocumentOpenings> = new Map(),
): Map<string, DocumentLink> {
  return new Map(
    documents.map((document) => {
      const opened = openings.get(document.id);
      return [document.id, { url: documentPath(document.id), ...(opened ? { openings: opened } : {}) }];
    }),
  );
}

/** How often each document of an application was opened and by whom last; empty when unreadable. */
export async function loadDocumentOpenings(
  supabase: SupabaseClient<Database>,
  applicationId: string,
): Promise<Map<string, DocumentOpenings>> {
  const { data, error } = await supabase.rpc('document_openings_of', { application_id: applicationId });
  if (error) {
    console.error('Reading document openings failed', error.message);
    return new Map();
  }
  return new Map(
    (data ?? []).map((row) => [
      row.document_id,
      { count: Number(row.openings), lastAt: row.last_opened_at, lastBy: row.last_opened_by ?? 'someone' },
    ]),
  );
}

export type OpenedDocument = { kind: 'signed'; url: string } | { kind: 'missing' } | { kind: 'unavailable' };

/**
 * Opens a document for a member of staff: records the opening (open_application_document) and signs
 * a storage link with their token. Missing: no such document, or its file is gone from storage.
 */
export async function openDocument(
  supabase: SupabaseClient<Database>,
  documentId: string,
): Promise<OpenedDocument> {
  const opened = await supabase.rpc('open_application_document', { document_id: documentId });
  if (opened.error) {
    if (opened.error.code === 'P0002' || opened.error.code === '42501') return { kind: 'missing' };
    console.error('Opening a document failed', opened.error.message);
    return { kind: 'unavailable' };
  }
  const row = (opened.data ?? [])[0];
  if (!row) return { kind: 'missing' };
  const { data, error } = await supabase.storage
    .from('application-documents')
    .createSignedUrl(row.storage_path, SIGNED_LINK_SECONDS);
  if (error || !data) {
    const status = (error as { statusCode?: string; status?: number } | null)?.status;
    if (status === 400 || status === 404) return { kind: 'missing' };
    console.error('Signing a document link failed', error?.message);
    return { kind: 'unavailable' };
  }
  return { kind: 'signed', url: data.signedUrl };
}
