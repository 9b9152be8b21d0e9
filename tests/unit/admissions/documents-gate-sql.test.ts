import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HeldDocument,
  type Requirement,
  unverifiedDocuments,
} from '../../../src/features/admissions/gate/documents-gate.ts';
import { DOCUMENT_KINDS, documentKindLabel, EVIDENCE_KIND } from '../../../src/lib/document-kinds.ts';

const CATALOGUE = 'supabase/migrations/20261201000200_catalogue.sql';
const APPLICATIONS = 'supabase/migrations/20261201000400_applications.sql';
const DECISIONS = 'supabase/migrations/20261201000500_decisions.sql';

function functionSql(file: string, name: string): string {
  const text = readFileSync(file, 'utf8');
  const match = new RegExp(`create or replace function public\\.${name}\\([\\s\\S]*?\\$\\$;`).exec(text);
  if (!match) throw new Error(`${name}() not found in ${file}`);
  return match[0];
}

/** The kinds a table's check constraint allows, read from its create statement. */
function checkedKinds(file: string, table: string): string[] {
  const text = readFileSync(file, 'utf8');
  const body = new RegExp(`create table public\\.${table} \\(([\\s\\S]*?)\\n\\);`).exec(text)?.[1];
  const list = body && /kind text not null check \(kind in\s*\(([^)]*)\)\)/.exec(body)?.[1];
  if (!list) throw new Error(`the kind check of ${table} not found in ${file}`);
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1] ?? '');
}

const COURSE = '00000000-0000-4000-8000-000000000001';
const OTHER_COURSE = '00000000-0000-4000-8000-000000000002';

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create();
  // The columns unverified_documents() reads, nothing else; the functions are the migrations' own text.
  await db.exec(`
    create table public.applications (id uuid primary key, course_id uuid not null);
    create table public.document_requirements (course_id uuid, kind text not null, required boolean not null);
    create table public.application_documents (
      application_id uuid not null, kind text not null, status text not null, created_at timestamptz not null);
  `);
  await db.exec(functionSql(CATALOGUE, 'course_document_requirements'));
  await db.exec(functionSql(APPLICATIONS, 'document_kind_label'));
  await db.exec(functionSql(DECISIONS, 'unverified_documents'));
}, 60_000);

afterAll(async () => {
  await db.close();
});

/** One application's documents, each older than the next, as the scenarios below name them. */
const SCENARIOS: Record<string, HeldDocument['status'][]> = {
  none: [],
  uploaded: ['uploaded'],
  verified: ['verified'],
  rejected: ['rejected'],
  'rejected, then uploaded': ['rejected', 'uploaded'],
  'uploaded, then rejected': ['uploaded', 'rejected'],
  'verified, then rejected': ['verified', 'rejected'],
  'rejected, then verified': ['rejected', 'verified'],
  'two uploaded': ['uploaded', 'uploaded'],
};
const SCENARIO_NAMES = Object.keys(SCENARIOS);

function documentsFor(
  kinds: readonly string[],
  pick: (kind: string, index: number) => string,
): HeldDocument[] {
  let minute = 0;
  return kinds.flatMap((kind, index) =>
    (SCENARIOS[pick(kind, index)] ?? []).map((status) => ({
      kind,
      status,
      created_at: new Date(Date.UTC(2026, 0, 1, 9, minute++)).toISOString(),
    })),
  );
}

async function databaseSays(
  courseId: string,
  requirements: readonly Requirement[],
  documents: readonly HeldDocument[],
): Promise<string[]> {
  const application = '10000000-0000-4000-8000-000000000001';
  await db.exec(
    'delete from public.applications; delete from public.document_requirements; delete from public.application_documents;',
  );
  await db.query('insert into public.applications values ($1, $2)', [application, courseId]);
  for (const rule of requirements)
    await db.query('insert into public.document_requirements values ($1, $2, $3)', [
      rule.course_id,
      rule.kind,
      rule.required,
    ]);
  for (const document of documents)
    await db.query('insert into public.application_documents values ($1, $2, $3, $4)', [
      application,
      document.kind,
      document.status,
      document.created_at,
    ]);
  const { rows } = await db.query<{ phrases: string[] }>(
    'select public.unverified_documents(a) as phrases from public.applications a',
  );
  return rows[0]?.phrases ?? [];
}

describe('the documents gate the review screen shows is the one the database enforces', () => {
  it('knows exactly the kinds both tables allow', () => {
    expect([...DOCUMENT_KINDS].sort()).toEqual(checkedKinds(CATALOGUE, 'document_requirements').sort());
    // An application also holds evidence for an offer's conditions, a kind no course asks for.
    expect([...DOCUMENT_KINDS, EVIDENCE_KIND].sort()).toEqual(
      checkedKinds(APPLICATIONS, 'application_documents').sort(),
    );
  });

  it('names every kind, and one it does not know, as document_kind_label() does', async () => {
    const kinds = [...DOCUMENT_KINDS, EVIDENCE_KIND, 'driving_licence'];
    const { rows } = await db.query<{ kind: string; label: string }>(
      'select k as kind, public.document_kind_label(k) as label from unnest($1::text[]) k',
      [kinds],
    );
    expect(rows.map((row) => [row.kind, row.label])).toEqual(
      kinds.map((kind) => [kind, documentKindLabel(kind)]),
    );
  });

  it('agrees, wording included, on every kind in every state of its documents', async () => {
    const required = DOCUMENT_KINDS.map((kind) => ({ course_id: COURSE, kind, required: true }));
    for (const [offset] of SCENARIO_NAMES.entries()) {
      // Each kind in a different state, the states rotating so every kind meets every state.
      const documents = documentsFor(
        DOCUMENT_KINDS,
        (_, index) => SCENARIO_NAMES[(index + offset) % SCENARIO_NAMES.length] ?? 'none',
      );
      const expected = unverifiedDocuments(COURSE, required, documents);
      expect(await databaseSays(COURSE, required, documents)).toEqual(expected);
    }
  });

  it('agrees on which rules apply: the course’s own, else the defaults, and only required ones', async () => {
    const documents = documentsFor(DOCUMENT_KINDS, (_, index) => (index % 2 === 0 ? 'uploaded' : 'none'));
    const cases: Requirement[][] = [
      DOCUMENT_KINDS.map((kind, index) => ({ course_id: null, kind, required: index % 3 !== 0 })),
      [
        ...DOCUMENT_KINDS.map((kind) => ({ course_id: null, kind, required: true })),
        { course_id: COURSE, kind: 'cv', required: true },
      ],
      [
        ...DOCUMENT_KINDS.map((kind) => ({ course_id: null, kind, required: true })),
        { course_id: COURSE, kind: 'portfolio', required: false },
      ],
      [
        { course_id: OTHER_COURSE, kind: 'passport', required: true },
        { course_id: null, kind: 'transcript', required: true },
      ],
      [],
    ];
    for (const requirements of cases) {
      const expected = unverifiedDocuments(COURSE, requirements, documents);
      expect(await databaseSays(COURSE, requirements, documents)).toEqual(expected);
    }
  });
});
