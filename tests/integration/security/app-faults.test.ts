import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sweepUnrecordedFiles } from '../../../src/features/applications/unrecorded-files.ts';
import type { AppServer } from '../../../src/server/serve.ts';
import { applicantBrowser } from './load-burst.ts';
import {
  checkStorageOnDisk,
  folderState,
  prepareCatalogue,
  submissionState,
  type Catalogue,
} from './fault-checks.ts';
import {
  asRunningStack,
  freePort,
  randomMomentAfter,
  seedDataFolder,
  startAppFor,
  startStackChild,
  type StackChild,
} from './fault-harness.ts';
import {
  appPost,
  browserFor,
  markedAnswers,
  saveDraft,
  uploadDocument,
  type Browser,
} from './fault-workloads.ts';

const ROUNDS = 3;
let root: string;
let dataDir: string;
let port: number;
let stack: StackChild;
let app: AppServer;
let browser: Browser;
let catalogue: Catalogue;
const ids = { draft: null as string | null, version: null as number | null, uploads: '' };
const ready: string[] = [];
const tally = { faults: 0, draftAcks: 0, uploadAcks: 0, submitted: 0, orphansSwept: 0, inFlightSubmits: 0 };

const service = (): SupabaseClient =>
  createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });

beforeAll(async () => {
  // The app's outbox sender reports each delivery the dead stack cut off; expected here, so kept quiet.
  const report = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('mail:')) report(...args);
  });
  root = mkdtempSync(join(tmpdir(), 'unipath-app-faults-'));
  dataDir = join(root, 'db');
  await seedDataFolder(dataDir);
  catalogue = await prepareCatalogue(dataDir, ROUNDS * 3);
  port = await freePort();
  stack = await startStackChild(dataDir, port);
  app = await startAppFor(stack);
  const who = await applicantBrowser(asRunningStack(stack), app.url, `faults-${Date.now()}@example.com`);
  browser = browserFor(app.url, stack, who);
  const course = catalogue.courseId;
  ids.uploads = String(
    (await saveDraft(browser, { id: null, course_id: course, intake_id: catalogue.uploads })).body?.['id'],
  );
  for (const intake of catalogue.submissions) {
    const id = String(
      (await saveDraft(browser, { id: null, course_id: course, intake_id: intake })).body?.['id'],
    );
    expect(await uploadDocument(browser, id, 'passport')).toBe(true);
    expect(await uploadDocument(browser, id, 'transcript')).toBe(true);
    ready.push(id);
  }
}, 600_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await app?.close();
  await stack?.kill();
  rmSync(root, { recursive: true, force: true });
});

/**
 * Saves the draft based on the last version acknowledged. A save cut off with the stack may have
 * landed unacknowledged; the next one is then refused as stale (409), and the applicant keeps their
 * version, as the wizard's "Keep my version and save it" does: based on the stored version.
 */
async function saveKeepingMine(answers: unknown) {
  const draft = {
    id: ids.draft,
    version: ids.version,
    course_id: catalogue.courseId,
    intake_id: catalogue.drafts,
  };
  let saved = await saveDraft(browser, draft, answers);
  const current = saved.body?.['current'] as { version?: number } | undefined;
  if (saved.status === 409 && current?.version) {
    saved = await saveDraft(browser, { ...draft, version: current.version }, answers);
  }
  if (saved.status === 200) {
    ids.draft = String(saved.body?.['id']);
    ids.version = Number(saved.body?.['version']);
  }
  return saved;
}

/** Autosaves one at a time, as the wizard does, until one is not acknowledged. */
async function autosaveUntilCut(round: number, seen: { acked: number; sent: number }) {
  for (let n = 0; ; n += 1) {
    seen.sent = n;
    const saved = await saveKeepingMine(markedAnswers(`r${round}-${n}`));
    if (saved.status !== 200) return saved.status;
    seen.acked = n;
    tally.draftAcks += 1;
  }
}

async function uploadUntilCut(acks: { upload: number }) {
  while (await uploadDocument(browser, ids.uploads, 'cv')) acks.upload += 1;
  tally.uploadAcks += acks.upload;
}

async function submitUntilCut(touched: string[], acks: { submit: number }) {
  for (let id = ready.shift(); id; id = ready.shift()) {
    touched.push(id);
    const submitted = await appPost(browser, `/api/applications/${id}/submit`, {});
    if (submitted.status !== 200) return submitted.status;
    acks.submit += 1;
  }
  return 200;
}

async function expectDraftRecovered(round: number, seen: { acked: number; sent: number }) {
  const { data } = await service()
    .from('applications')
    .select('id, status, answers')
    .eq('applicant_id', browser.who.userId)
    .eq('intake_id', catalogue.drafts);
  expect(data).toHaveLength(1);
  const row = data![0] as { id: string; status: string; answers: ReturnType<typeof markedAnswers> };
  const marker = row.answers.personal.full_name;
  expect([`r${round}-${seen.acked}`, `r${round}-${seen.sent}`]).toContain(marker);
  expect(row).toMatchObject({ status: 'draft', answers: markedAnswers(marker ?? '') });
  const page = await fetch(new URL(`/admission-application?draft=${row.id}`, app.url), {
    headers: { cookie: browser.who.cookie },
  });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`Statement ${marker}`);
}

async function expectNoOrphans() {
  const before = await folderState(service(), browser.who.userId, ids.uploads);
  expect(before.missing).toEqual([]);
  const swept = await sweepUnrecordedFiles(browser.supabase, browser.who.userId, ids.uploads, 0);
  expect(swept).toBe(before.orphans.length);
  tally.orphansSwept += swept ?? 0;
  const after = await folderState(service(), browser.who.userId, ids.uploads);
  expect(after).toEqual({ objects: before.objects - before.orphans.length, orphans: [], missing: [] });
}

async function round(r: number) {
  const seen = { acked: -1, sent: 0 };
  const acks = { upload: 0, submit: 0 };
  const touched: string[] = [];
  const work = Promise.all([autosaveUntilCut(r, seen), uploadUntilCut(acks), submitUntilCut(touched, acks)]);
  await randomMomentAfter(
    () => seen.acked >= 0 && acks.upload > 0 && (acks.submit > 0 || !ready.length),
    250,
  );
  await stack.kill();
  tally.faults += 1;
  const [draftStatus, , submitStatus] = await work;
  expect([draftStatus, submitStatus].filter((status) => ![0, 200, 503].includes(status ?? 0))).toEqual([]);
  if (r === ROUNDS - 1) {
    const disk = await checkStorageOnDisk(dataDir);
    expect({ rows: disk.rowsWithoutFile, documents: disk.documentsWithoutObject }).toEqual({
      rows: [],
      documents: [],
    });
  }
  stack = await startStackChild(dataDir, port);
  await expectDraftRecovered(r, seen);
  await expectNoOrphans();
  for (const id of touched) {
    const state = await submissionState(service(), id);
    expect(['submitted', 'draft']).toContain(state);
    if (state === 'draft') ready.push(id);
    else tally.submitted += 1;
  }
  if (submitStatus !== 200) tally.inFlightSubmits += 1;
}

describe('the stack SIGKILLed while an applicant saves, uploads and submits through the app', () => {
  it(`loses no acknowledged draft, leaves no orphan file and no half submission over ${ROUNDS} kills`, async () => {
    for (let r = 0; r < ROUNDS; r += 1) await round(r);
    expect(tally.faults).toBe(ROUNDS);
    expect(tally.draftAcks).toBeGreaterThanOrEqual(ROUNDS);
    expect(tally.uploadAcks).toBeGreaterThanOrEqual(ROUNDS);
    expect(tally.submitted).toBeGreaterThan(0);
  }, 600_000);
});

const PAGES = ['/dashboard', '/applications', '/admission-application', '/courses', '/universities/{slug}'];

async function visit(path: string, init: RequestInit = {}) {
  browser.requests += 1;
  const response = await fetch(new URL(path, app.url), {
    redirect: 'manual',
    ...init,
    headers: { cookie: browser.who.cookie, accept: 'text/html', ...init.headers },
  });
  return { status: response.status, cookies: response.headers.getSetCookie(), text: await response.text() };
}

describe('the app while the stack is down, and after it is back', () => {
  it('answers 503 with a clear message, keeps the session, and recovers without a restart', async ({
    annotate,
  }) => {
    const universities = await fetch(new URL('/universities', app.url)).then((r) => r.text());
    const slug = /href="\/universities\/([a-z0-9-]+)"/.exec(universities)?.[1] ?? '';
    const pages = PAGES.map((path) => path.replace('{slug}', slug));
    await stack.kill();
    tally.faults += 1;
    for (const path of pages) {
      const down = await visit(path);
      expect({ path, status: down.status }).toEqual({ path, status: 503 });
      expect(down.text).toContain('Unipath can’t reach its services right now. Your work is safe;');
      expect(down.text).toContain('<header');
      expect(down.text).not.toMatch(/\bat \S+\.m?js:\d+|TypeError|fetch failed/);
      expect(down.cookies.filter((line) => line.startsWith('sb-'))).toEqual([]);
    }
    const signIn = await visit('/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(app.url).origin },
      body: new URLSearchParams({
        intent: 'sign-in',
        email: 'x@example.com',
        password: 'not-the-password',
        csrf_token: browser.who.csrf,
      }).toString(),
    });
    expect(signIn.status).toBe(503);
    const save = await saveKeepingMine(markedAnswers('while-down'));
    expect(save).toEqual({
      status: 503,
      body: {
        ok: false,
        status: 503,
        message: 'Unipath can’t reach its services right now. Your work is safe; try again in a moment.',
      },
    });
    expect((await visit('/unavailable')).status).toBe(404);

    const disk = await checkStorageOnDisk(dataDir);
    expect(disk).toMatchObject({ rowsWithoutFile: [], filesWithoutRow: [], documentsWithoutObject: [] });

    stack = await startStackChild(dataDir, port);
    for (const path of pages)
      expect({ path, status: (await visit(path)).status }).toEqual({ path, status: 200 });
    expect((await saveKeepingMine(markedAnswers('after-restart'))).status).toBe(200);
    await annotate(
      `${tally.faults} SIGKILLs, ${browser.requests} requests; acknowledged: ${tally.draftAcks} draft saves, ` +
        `${tally.uploadAcks} uploads, ${tally.submitted} submissions (${tally.inFlightSubmits} cut off in flight); ` +
        `${tally.orphansSwept} unrecorded file(s) swept; ${disk.objects} stored objects all accounted for`,
    );
  }, 300_000);
});
