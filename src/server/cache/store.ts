/**
 * A bounded in-memory map whose entries live until a deadline or until invalidated, filled only
 * when this cache was not invalidated while the value was being loaded (its own generation: any
 * clear, delete or deleteWhere, whatever it matched, since a value being loaded is not in the map
 * yet). Concurrent misses of one key share one load (a crowd after a write costs one query, not
 * one per request), but only a load that started since the last invalidation: a request after a
 * write never gets an answer read before it. Events that do not concern a cache (the read model
 * makes no call on it for them) leave its loads alone: under a stream of offer edits the list
 * pages, which do not show them, are still kept (issue 18).
 */

interface Entry<V> {
  value: V;
  expires: number;
}

export class ExpiringCache<V> {
  private readonly map = new Map<string, Entry<V>>();
  /** Loads under way, by key, with the generation they started at. */
  private readonly loading = new Map<string, { generation: number; value: Promise<unknown> }>();
  /** Moved by every invalidation of this cache (see the file comment). */
  private generation = 0;

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.map.size;
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.map.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Loads through `load` on a miss and keeps the result for `ttlMs`, unless an invalidation came
   * in meanwhile or the value is null (a missing task is asked for again: it may be created).
   */
  async through<T extends V | null>(
    key: string,
    load: () => Promise<T>,
    ttlMs: number,
  ): Promise<V | T> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const current = this.loading.get(key);
    // The same key's loader gives the same type of value (one call site per cache and key).
    if (current && current.generation === generation) return current.value as Promise<V | T>;
    const value: Promise<T> = load()
      .then((loaded) => {
        if (loaded !== null && this.generation === generation) this.set(key, loaded, ttlMs);
        return loaded;
      })
      .finally(() => {
        if (this.loading.get(key)?.value === value) this.loading.delete(key);
      });
    this.loading.set(key, { generation, value });
    return value;
  }

  /** This cache's generation now: what `setSince` compares with (see the file comment). */
  mark(): number {
    return this.generation;
  }

  /**
   * Keeps a value loaded outside `through` since `mark()` said `generation`, unless this cache was
   * invalidated since.
   */
  setSince(generation: number, key: string, value: V, ttlMs: number): void {
    if (ttlMs > 0 && this.generation === generation) this.set(key, value, ttlMs);
  }

  set(key: string, value: V, ttlMs: number): void {
    this.map.delete(key);
    if (this.map.size >= this.maxEntries) {
      // The oldest entry (insertion order) makes room.
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    this.map.set(key, { value, expires: Date.now() + ttlMs });
  }

  /** Drops the entries whose value matches. */
  deleteWhere(match: (value: V, key: string) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.map) if (match(entry.value, key)) this.map.delete(key);
  }

  delete(key: string): void {
    this.generation += 1;
    this.map.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.map.clear();
  }
}
