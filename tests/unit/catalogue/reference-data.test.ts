import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import type { RenderedCache } from '../../../src/features/catalogue/page-cache/rendered-cache.ts';
import type { Database } from '../../../src/lib/supabase/database.types.ts';

// The catalogue version comes from the fake page cache below, never from the backend.
vi.mock('../../../src/lib/supabase/anonymous.server.ts', () => ({ anonymousClient: () => undefined }));

const { loadFacets } = await import('../../../src/features/catalogue/rates.server.ts');

/** A server whose page cache reports `version()` as the catalogue's current version. */
const serverAt = (version: () => string) =>
  ({ catalogueCache: { version: async () => version() } as unknown as RenderedCache }) as App.Locals;

/** A backend whose catalogue_facets() answers once `release` is called, counting the calls. */
function slowBackend(answers: Array<{ data: unknown; error: { message: string } | null }>) {
  const waiting: Array<() => void> = [];
  const rpc = vi.fn(async () => {
    await new Promise<void>((resolve) => waiting.push(resolve));
    return answers.shift() ?? { data: null, error: { message: 'no answer left' } };
  });
  const client = { rpc } as unknown as SupabaseClient<Database>;
  const release = () => waiting.splice(0).forEach((resolve) => resolve());
  return { client, rpc, release };
}

const facets = (level: string) => ({ levels: [{ value: level, count: 1 }] });

describe('catalogue filter options held per catalogue version', () => {
  it('asks the database once for a burst of requests arriving while the first load is running', async () => {
    const backend = slowBackend([{ data: facets('master'), error: null }]);
    const locals = serverAt(() => 'burst-v1');
    const burst = Array.from({ length: 32 }, () => loadFacets(backend.client, locals));
    await vi.waitFor(() => expect(backend.rpc).toHaveBeenCalled());
    backend.release();
    const answers = await Promise.all(burst);
    expect(backend.rpc).toHaveBeenCalledTimes(1);
    expect(answers.every((answer) => JSON.stringify(answer) === JSON.stringify(facets('master')))).toBe(true);
    expect(await loadFacets(backend.client, locals)).toEqual(facets('master'));
    expect(backend.rpc).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load instead of keeping the failure', async () => {
    const backend = slowBackend([
      { data: null, error: { message: 'canceling statement due to statement timeout' } },
      { data: facets('bachelor'), error: null },
    ]);
    const locals = serverAt(() => 'failure-v1');
    const failed = Promise.all([loadFacets(backend.client, locals), loadFacets(backend.client, locals)]);
    await vi.waitFor(() => expect(backend.rpc).toHaveBeenCalledTimes(1));
    backend.release();
    await expect(failed).rejects.toThrow('facets: canceling statement due to statement timeout');
    const retried = loadFacets(backend.client, locals);
    await vi.waitFor(() => expect(backend.rpc).toHaveBeenCalledTimes(2));
    backend.release();
    expect(await retried).toEqual(facets('bachelor'));
  });

  it('loads again when the catalogue version changes', async () => {
    let version = 'change-v1';
    const backend = slowBackend([
      { data: facets('master'), error: null },
      { data: facets('doctorate'), error: null },
    ]);
    const locals = serverAt(() => version);
    const first = loadFacets(backend.client, locals);
    await vi.waitFor(() => expect(backend.rpc).toHaveBeenCalledTimes(1));
    backend.release();
    expect(await first).toEqual(facets('master'));
    version = 'change-v2';
    const second = loadFacets(backend.client, locals);
    await vi.waitFor(() => expect(backend.rpc).toHaveBeenCalledTimes(2));
    backend.release();
    expect(await second).toEqual(facets('doctorate'));
  });
});
