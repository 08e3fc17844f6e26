/**
 * The read model's cache (src/server/cache/store.ts): concurrent misses of a key share one load, a
 * request after an invalidation never gets a load that started before it, and a value loaded
 * across an invalidation of that cache is not kept (an event that concerns other caches only does
 * not stop it).
 */
import { ExpiringCache } from '../../src/server/cache/store';

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
    const cache = new ExpiringCache<string>(10);
    const source = gate<string>();
    const answers = Promise.all([1, 2, 3].map(() => cache.through('k', source.load, 1000)));
    expect(source.calls).toBe(1);
    source.release('v1');
    expect(await answers).toEqual(['v1', 'v1', 'v1']);
    expect(await cache.through('k', source.load, 1000)).toBe('v1');
    expect(source.calls).toBe(1);
  });

  it('never gives a request after a write the load that started before it, nor keeps that load', async () => {
    const cache = new ExpiringCache<string>(10);
    const before = gate<string>();
    const early = cache.through('k', before.load, 1000);
    // What the read model does for an event that concerns this cache (readModel.ts), even when
    // nothing kept matches: the value being loaded is not in the map yet.
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

  it('keeps a load across an invalidation of another cache', async () => {
    const cache = new ExpiringCache<string>(10);
    const other = new ExpiringCache<string>(10);
    const source = gate<string>();
    const answer = cache.through('k', source.load, 1000);
    // An offer's edit drops the task rows, not the list pages (readModel.ts).
    other.clear();
    expect(cache.through('k', source.load, 1000)).toBeInstanceOf(Promise);
    expect(source.calls).toBe(1);
    source.release('v');
    expect(await answer).toBe('v');
    expect(cache.get('k')).toBe('v');
  });

  it('keeps a value loaded outside it only when it was not invalidated since its mark', async () => {
    const cache = new ExpiringCache<string>(10);
    const mark = cache.mark();
    cache.setSince(mark, 'fresh', 'v', 1000);
    expect(cache.get('fresh')).toBe('v');
    const stale = cache.mark();
    cache.delete('another key');
    cache.setSince(stale, 'late', 'old', 1000);
    expect(cache.get('late')).toBeUndefined();
  });

  it('lets every waiter see a failed load fail, and the next request load again', async () => {
    const cache = new ExpiringCache<string>(10);
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
