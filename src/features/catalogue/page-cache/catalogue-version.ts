/** Reads the catalogue's current fingerprint; null when it cannot be told (then nothing is reused). */
export type VersionReader = () => Promise<string | null>;

export interface VersionWatcher {
  /** The fingerprint, asking the database at most once per interval; concurrent callers share one ask. */
  current(read: VersionReader): Promise<string | null>;
  /** The fingerprint when it was read within the interval, else undefined (nothing is asked). */
  known(): string | null | undefined;
  /** Forgets the known fingerprint, so the next request asks again (e.g. after a staff write here). */
  invalidate(): void;
}

export function createVersionWatcher(checkEveryMs: number, now: () => number = Date.now): VersionWatcher {
  let known: { version: string | null; at: number } | undefined;
  let asking: Promise<string | null> | undefined;
  const fresh = () => (known && now() - known.at < checkEveryMs ? known : undefined);
  return {
    current(read) {
      const trusted = fresh();
      if (trusted) return Promise.resolve(trusted.version);
      asking ??= read()
        .catch(() => null)
        .then((version) => {
          known = { version, at: now() };
          asking = undefined;
          return version;
        });
      return asking;
    },
    known() {
      return fresh()?.version;
    },
    invalidate() {
      known = undefined;
    },
  };
}
