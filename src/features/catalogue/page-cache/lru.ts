/** A size-bounded least-recently-used map: reading an entry makes it the newest. */
export class LruMap<V> {
  readonly #entries = new Map<string, { value: V; size: number }>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxEntries: number, maxBytes: number) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** The entry without making it the newest. */
  peek(key: string): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** Gives an entry a new size (dropping it when it no longer fits), keeping its place. */
  resize(key: string, size: number): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes += size - entry.size;
    entry.size = size;
    this.#evict(size > this.#maxBytes ? key : undefined);
  }

  set(key: string, value: V, size: number): void {
    if (size > this.#maxBytes) return;
    this.delete(key);
    this.#entries.set(key, { value, size });
    this.#bytes += size;
    this.#evict();
  }

  /** Drops `first` if given, then the oldest entries until the map is within its bounds. */
  #evict(first?: string): void {
    if (first !== undefined) this.delete(first);
    while (this.#entries.size > this.#maxEntries || this.#bytes > this.#maxBytes) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.size;
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
