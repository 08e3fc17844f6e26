/**
 * A bounded in-memory map whose entries live until a deadline or until invalidated, filled only
 * when no invalidation happened while the value was being loaded (CacheBus.epoch).
 */
import type { CacheBus } from './invalidation';

interface Entry<V> {
  value: V;
  expires: number;
}

export class ExpiringCache<V> {
  private readonly map = new Map<string, Entry<V>>();

  constructor(
    private readonly bus: CacheBus,
    private readonly maxEntries: number,
  ) {}

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
    const epoch = this.bus.epoch;
    const value = await load();
    if (value !== null && this.bus.epoch === epoch) this.set(key, value, ttlMs);
    return value;
  }

  /** Keeps a value loaded since `epoch` (CacheBus.epoch) unless an invalidation came since. */
  setSince(epoch: number, key: string, value: V, ttlMs: number): void {
    if (ttlMs > 0 && this.bus.epoch === epoch) this.set(key, value, ttlMs);
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
    for (const [key, entry] of this.map) if (match(entry.value, key)) this.map.delete(key);
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}
