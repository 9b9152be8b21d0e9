import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { describeEntry } from '../../../src/features/admin/audit/audit-entry.ts';
import { parseAuditQuery } from '../../../src/features/admin/audit/audit-query.ts';
import {
  listAudit,
  listAuditPeople,
  readAuditBatch,
} from '../../../src/features/admin/audit/audit.server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { course, intake, person, submitted, type Person } from '../applications/fixtures.ts';
import { callOf, DENIED, eachOf } from './support.ts';

let stack: RunningStack;
let applicant: Person;
let siobhan: Person;
let ada: Person;
let callers: Record<'anon' | 'applicant' | 'counsellor' | 'admin', SupabaseClient>;
const ids = { application: '', reference: '' };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const query = (text: string) => parseAuditQuery(new URLSearchParams(text));

async function versionOf(applicationId: string): Promise<number> {
  const { rows } = await stack.db.query<{ version: number }>(
    'select version from public.applications where id = $1',
    [applicationId],
  );
  return rows[0]!.version;
}

beforeAll(async () => {
  stack = await startTestStack();
  [applicant, siobhan, ada] = [
    await person(stack),
    await person(stack, ['counsellor']),
    await person(stack, ['admin']),
  ];
  for (const [who, name] of [
    [siobhan, 'Siobhán Ní Bhriain'],
    [ada, 'Ada Okonkwo'],
  ] as const) {
    await stack.db.query('update public.profiles set full_name = $2 where id = $1', [who.id, name]);
  }
  callers = {
    anon: clientFor(stack),
    applicant: applicant.client,
    counsellor: siobhan.client,
    admin: ada.client,
  };
  const courseId = await course(stack);
  ids.application = (await submitted(applicant, courseId, await intake(stack, courseId))).id;
  const { rows } = await stack.db.query<{ reference: string }>(
    'select reference from public.applications where id = $1',
    [ids.application],
  );
  ids.reference = rows[0]!.reference;
  const assigned = await ada.client.rpc('assign_application', {
    application_id: ids.application,
    assignee: siobhan.id,
    expected_version: await versionOf(ids.application),
  });
  expect(assigned.error).toBeNull();
  const noted = await siobhan.client
    .from('application_notes')
    .insert({ application_id: ids.application, body: 'Called the school.' });
  expect(noted.error).toBeNull();
});
afterAll(() => stack.stop());

describe('the labelled audit log', () => {
  it('is read by administrators only', async () => {
    const rows = async (client: SupabaseClient) => {
      const { data, error } = await client.rpc('audit_entries', { person: siobhan.id });
      return error ? String(error.code) : (data as unknown[]).length;
    };
    expect(await eachOf(callers, rows)).toEqual({
      anon: DENIED,
      applicant: DENIED,
      counsellor: DENIED,
      admin: 1,
    });
    expect(await eachOf(callers, (client) => callOf(client, 'audit_people'))).toEqual({
      anon: DENIED,
      applicant: DENIED,
      counsellor: DENIED,
      admin: 'ok',
    });
  });

  it('names the people and the application of an assignment instead of their ids', async () => {
    const page = await listAudit(ada.client, query(`entity=applications&person=${ada.id}`));
    expect(page?.total).toBe(1);
    const entry = page!.entries[0]!;
    expect(entry).toMatchObject({
      actorName: 'Ada Okonkwo',
      entityLabel: ids.reference,
      applicationId: ids.application,
      before: { assigned_to: null },
      after: { assigned_to: 'Siobhán Ní Bhriain' },
    });
    expect(describeEntry(entry)).toMatchObject({
      label: ids.reference,
      summary: 'Assigned to Siobhán Ní Bhriain',
      href: `/admin/applications/${ids.application}`,
    });
  });

  it('filters by person and names a note by its application', async () => {
    const page = await listAudit(ada.client, query(`person=${siobhan.id}`));
    expect(page?.entries.map((entry) => [entry.actorName, entry.entityLabel])).toEqual([
      ['Siobhán Ní Bhriain', `Note on ${ids.reference}`],
    ]);
    expect(JSON.stringify(page?.entries)).not.toMatch(new RegExp(siobhan.id));
  });

  it('searches people and records without accents or case, and shows no raw id anywhere', async () => {
    const byName = await listAudit(ada.client, query('q=SIOBHAN ni'));
    // Her note, and the role the set-up granted her (no one signed in: the system).
    expect(byName?.entries.map((entry) => [entry.actorName, entry.entityLabel])).toEqual([
      ['Siobhán Ní Bhriain', `Note on ${ids.reference}`],
      [null, 'Counsellor role of Siobhán Ní Bhriain'],
    ]);
    const byReference = await listAudit(ada.client, query(`q=${ids.reference.toLowerCase()}`));
    expect(byReference?.total).toBe(2);
    for (const entry of byReference?.entries ?? []) {
      expect(JSON.stringify([entry.actorName, entry.entityLabel, entry.before, entry.after])).not.toMatch(
        UUID,
      );
    }
  });

  it('offers everyone who acted for the person filter, and reads the whole log in batches', async () => {
    expect((await listAuditPeople(ada.client)).map((someone) => someone.name)).toEqual(
      expect.arrayContaining(['Ada Okonkwo', 'Siobhán Ní Bhriain']),
    );
    const whole = query(`q=${ids.reference}`);
    const first = await readAuditBatch(ada.client, whole, null, 1);
    const second = await readAuditBatch(ada.client, whole, first[0]!.id, 1);
    const third = await readAuditBatch(ada.client, whole, second[0]!.id, 1);
    expect([first.length, second.length, third.length]).toEqual([1, 1, 0]);
    expect(second[0]!.id).toBeLessThan(first[0]!.id);
  });
});
