import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, Tables } from '../../../lib/supabase/database.types.ts';

export type MessageRole = 'applicant' | 'staff';

export interface ThreadAttachment {
  file_name: string;
  size_bytes: number;
  /** A short-lived signed link, or null when the file could not be signed. */
  url: string | null;
}

export interface ThreadMessage {
  id: string;
  application_id: string;
  author_id: string | null;
  author_role: MessageRole;
  body: string;
  created_at: string;
  /** Written by the viewer. */
  mine: boolean;
  /** Written by the other side since the viewer last read the thread. */
  unread: boolean;
  attachment: ThreadAttachment | null;
}

export interface Thread {
  applicationId: string;
  messages: ThreadMessage[];
  unread: number;
}

type AttachmentRow = Pick<
  Tables<'application_message_attachments'>,
  'message_id' | 'storage_path' | 'file_name' | 'size_bytes'
>;

/** A check constraint allows only these two roles in application_messages.author_role. */
const roleOf = (role: string): MessageRole => (role === 'staff' ? 'staff' : 'applicant');

/** Seconds an attachment link stays valid: long enough to read the thread and click. */
const LINK_SECONDS = 600;

async function signAttachments(
  supabase: SupabaseClient<Database>,
  rows: AttachmentRow[],
): Promise<Map<string, ThreadAttachment>> {
  const signed = new Map<string, string>();
  if (rows.length > 0) {
    const { data } = await supabase.storage.from('application-documents').createSignedUrls(
      rows.map((row) => row.storage_path),
      LINK_SECONDS,
    );
    for (const entry of data ?? [])
      if (entry.path && entry.signedUrl) signed.set(entry.path, entry.signedUrl);
  }
  return new Map(
    rows.map((row) => [
      row.message_id,
      { file_name: row.file_name, size_bytes: row.size_bytes, url: signed.get(row.storage_path) ?? null },
    ]),
  );
}

/**
 * The conversations on these applications as `viewer` sees them (RLS decides which), each message
 * marked unread when the other side wrote it after the viewer's read marker.
 */
export async function loadThreads(
  supabase: SupabaseClient<Database>,
  applicationIds: readonly string[],
  viewer: { id: string; role: MessageRole },
): Promise<Map<string, Thread>> {
  const threads = new Map(
    applicationIds.map((id) => [id, { applicationId: id, messages: [], unread: 0 } as Thread]),
  );
  if (applicationIds.length === 0) return threads;
  const ids = [...applicationIds];
  const [messages, attachments, reads] = await Promise.all([
    supabase
      .from('application_messages')
      .select('id, application_id, author_id, author_role, body, created_at')
      .in('application_id', ids)
      .order('created_at'),
    supabase
      .from('application_message_attachments')
      .select('message_id, storage_path, file_name, size_bytes')
      .in('application_id', ids),
    supabase
      .from('application_message_reads')
      .select('application_id, last_read_at')
      .eq('user_id', viewer.id)
      .in('application_id', ids),
  ]);
  const files = await signAttachments(supabase, attachments.data ?? []);
  const readAt = new Map((reads.data ?? []).map((row) => [row.application_id, Date.parse(row.last_read_at)]));
  for (const row of messages.data ?? []) {
    const thread = threads.get(row.application_id);
    if (!thread) continue;
    const author_role = roleOf(row.author_role);
    const unread =
      author_role !== viewer.role &&
      Date.parse(row.created_at) > (readAt.get(row.application_id) ?? -Infinity);
    const mine = row.author_id === viewer.id;
    thread.messages.push({ ...row, author_role, mine, unread, attachment: files.get(row.id) ?? null });
    if (unread) thread.unread += 1;
  }
  return threads;
}

/** The viewer has now seen these threads, up to the newest message shown in each. */
export async function markThreadsRead(
  supabase: SupabaseClient<Database>,
  threads: Iterable<Thread>,
): Promise<void> {
  const shown = [...threads].filter((thread) => thread.unread > 0);
  await Promise.all(
    shown.map(async (thread) => {
      const newest = thread.messages.at(-1)?.created_at;
      const { error } = await supabase.rpc('mark_messages_read', {
        application_id: thread.applicationId,
        ...(newest === undefined ? {} : { seen_until: newest }),
      });
      if (error) console.error('Marking a thread read failed', error.message);
    }),
  );
}

/** Unread messages in all of the caller's threads, for the header and the dashboard. */
export async function unreadTotal(
  supabase: SupabaseClient<Database> | undefined,
  role: MessageRole,
): Promise<number> {
  if (!supabase) return 0;
  const { data, error } = await supabase.rpc(
    role === 'staff' ? 'staff_unread_message_total' : 'my_unread_message_total',
  );
  if (error) return 0;
  return typeof data === 'number' ? data : 0;
}

/** One application's conversation for the viewer, marked read now that it is shown. */
export async function openThread(
  supabase: SupabaseClient<Database>,
  applicationId: string,
  viewer: { id: string; role: MessageRole },
): Promise<Thread | undefined> {
  const threads = await loadThreads(supabase, [applicationId], viewer);
  await markThreadsRead(supabase, threads.values());
  return threads.get(applicationId);
}
