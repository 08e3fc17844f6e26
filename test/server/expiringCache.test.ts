/**
 * The read model's cache (src/server/cache/store.ts): concurrent misses of a key share one load, a
 * request after an invalidation never gets a load that started before it, and a value loaded
 * across an invalidation of that cache is not kept (an event that concerns other caches only does
 * not stop it).
 */
import type { CacheBus, CacheEvent, CacheListener } from '../../src/server/cache/invalidation';
import { ExpiringCache } from '../../src/server/cache/store';

/** The bus without a database: events come from emit() alone. */
function memoryBus(): CacheBus {
  const listeners: CacheListener[] = [];
  let epoch = 0;
  return {
    get epoch() {
      return epoch;
    },
    on: (listener) => void listeners.push(listener),
    emit(event: CacheEvent) {
      epoch += 1;
      for (const listener of listeners) listener(event);
    },
    start: async () => undefined,
    close: async () => undefined,
  };
}

/** A load that resolves when told to, counting its calls. */
function gate<T>() {
  let calls = 0;
  const waiting: ((value: T) => void)[] = [];
  return {
    load: () => {
      calls += 1;
      return new Promise<T>((resolve) => waiting.push(resolve));
    },
    release: (value: T) => {
      for (const resolve of waiting.splice(0)) resolve(value);
    },
    get calls() {
      return calls;
    },
  };
}

describe('ExpiringCache.through', () => {
  it('shares one load among concurrent misses of a key, then serves the kept value', async () => {
    const cache = new ExpiringCache<string>(memoryBus(), 10);
    const source = gate<string>();
    const answers = Promise.all([1, 2, 3].map(() => cache.through('k', source.load, 1000)));
    expect(source.calls).toBe(1);
    source.release('v1');
    expect(await answers).toEqual(['v1', 'v1', 'v1']);
    expect(await cache.through('k', source.load, 1000)).toBe('v1');
    expect(source.calls).toBe(1);
  });

  it('never gives a request after a write the load that started before it, nor keeps that load', async () => {
    const bus = memoryBus();
    const cache = new ExpiringCache<string>(bus, 10);
    const before = gate<string>();
    const early = cache.through('k', before.load, 1000);
    // What the read model does for an event that concerns this cache (readModel.ts).
    bus.emit({ kind: 'task', key: null });
    cache.deleteWhere((value) => value === 'something else');
    const after = gate<string>();
    const late = cache.through('k', after.load, 1000);
    expect(after.calls).toBe(1);
    before.release('old');
    after.release('new');
    expect(await early).toBe('old');
    expect(await late).toBe('new');
    expect(cache.get('k')).toBe('new');
  });

  it('keeps a load across events that do not concern it (no call on this cache)', async () => {
    const bus = memoryBus();
    const cache = new ExpiringCache<string>(bus, 10);
    const source = gate<string>();
    const answer = cache.through('k', source.load, 1000);
    // Another cache's invalidation (an offer edit drops task rows, not list pages).
    bus.emit({ kind: 'offer', key: null });
    expect(cache.through('k', source.load, 1000)).toBeInstanceOf(Promise);
    expect(source.calls).toBe(1);
    source.release('v');
    expect(await answer).toBe('v');
    expect(cache.get('k')).toBe('v');
  });

  it('lets every waiter see a failed load fail, and the next request load again', async () => {
    const cache = new ExpiringCache<string>(memoryBus(), 10);
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('lost database');
    };
    const both = await Promise.allSettled([
      cache.through('k', failing, 1000),
      cache.through('k', failing, 1000),
    ]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    expect(await cache.through('k', async () => 'back', 1000)).toBe('back');
  });
});
