import { isUuid } from '../../../lib/uuid.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { failure } from '../../../lib/security/form-outcome.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { done, outcomeOfError, type AdminHandler } from '../../admin/admin-action.server.ts';
import { loadPersonNames } from '../../admin/review/detail/person-names.server.ts';
import { staffEmails, type StaffMember } from '../../admin/staff-directory.server.ts';
import type { Criterion } from './criteria.ts';
import {
  criteriaOfVersion,
  loadReadResults,
  loadVisibleReads,
  type ReadResults,
  type ReadRow,
} from './reads.server.ts';

type Client = SupabaseClient<Database>;

/** The reads of one application as the review screen shows them to this member of staff. */
export interface ApplicationReads {
  reads: ReadRow[];
  results: ReadResults | null;
  criteria: Map<string, Criterion[]>;
  names: Map<string, string>;
  /** Readers a read may be given to (administrators only; empty for anyone else). */
  readers: Array<{ id: string; name: string }>;
  /** The viewer's own read of it, if they hold one. */
  mine: ReadRow | null;
}

export async function loadApplicationReads(
  supabase: Client,
  applicationId: string,
  viewer: { id: string; isAdmin: boolean },
  /** The team as the review screen already read it (staff_directory()). */
  staff: readonly StaffMember[],
): Promise<ApplicationReads> {
  const [reads, results] = await Promise.all([
    loadVisibleReads(supabase, applicationId),
    loadReadResults(supabase, applicationId),
  ]);
  const readerIds = viewer.isAdmin
    ? staff.filter((member) => member.roles.includes('reader')).map((member) => member.id)
    : [];
  const versions = [...new Set(reads.map((read) => read.scoresheet_version_id))];
  const [names, criteria] = await Promise.all([
    loadPersonNames(supabase, [...reads.map((read) => read.reader_id), ...readerIds], staffEmails(staff)),
    Promise.all(versions.map(async (id) => [id ?? '', await criteriaOfVersion(supabase, id)] as const)),
  ]);
  return {
    reads,
    results,
    criteria: new Map(criteria),
    names,
    readers: readerIds
      .map((id) => ({ id, name: names.get(id) ?? 'Former staff member' }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    mine: reads.find((read) => read.reader_id === viewer.id) ?? null,
  };
}

/** The review screen's assessment forms: assign the missing reads, ask for one more, reassign one. */
export function applicationReadHandlers(
  supabase: Client,
  applicationId: string,
): Record<string, AdminHandler> {
  return {
    'assign-reads': async () => {
      const { data, error } = await supabase.rpc('assign_reads', { application_ids: [applicationId] });
      if (error) return outcomeOfError(error);
      return data === 0
        ? failure(422, 'No read was assigned: the application has its readers, or no reader is free.')
        : done(`${data} ${data === 1 ? 'read' : 'reads'} assigned.`);
    },
    'extra-read': async () => {
      const { error } = await supabase.rpc('request_extra_read', { application_id: applicationId });
      return error ? outcomeOfError(error) : done('Another read was assigned.');
    },
    'reassign-read': async (fields) => {
      const readId = fields['read_id'] ?? '';
      const reader = fields['reader_id'] ?? '';
      const version = Number(fields['version']);
      if (!isUuid(readId) || !Number.isInteger(version))
        return failure(422, 'This read is not recognised. Reload the page.');
      if (!isUuid(reader))
        return failure(422, 'Choose the reader to give the read to.', { reader_id: 'Choose a reader.' });
      const { error } = await supabase.rpc('reassign_read', {
        read_id: readId,
        expected_version: version,
        reader,
      });
      return error ? outcomeOfError(error) : done('Read given to another reader.');
    },
  };
}
