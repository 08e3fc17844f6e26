/**
 * The view buffer (src/server/cache/viewBuffer.ts) on a stand-in database whose writes wait until
 * the test lets them go: views coming while a batch is written go in the next batch, and close()
 * resolves only once every queued view is written (a clean shutdown loses no counted view).
 */
import type { Db, Param, Queryable } from '../../src/server/db/db';
import { ViewBuffer } from '../../src/server/cache/viewBuffer';

interface Written {
  task: string;
  keys: string[];
}

function gatedDb() {
  const written: Written[][] = [];
  const gates: (() => void)[] = [];
  const lookups: unknown[][] = [];
  const db = {
    kind: 'pglite',
    async query<R>(_sql: string, params: readonly Param[] = []): Promise<R[]> {
      lookups.push([...params]);
      return [];
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      await new Promise<void>((resolve) => gates.push(resolve));
      const batch: Written[] = [];
      const tx: Queryable = {
        async query<R>(_sql: string, params: readonly Param[] = []): Promise<R[]> {
          batch.push({ task: String(params[0]), keys: params[1] as string[] });
          return [];
        },
        async exec() {},
      };
      const result = await fn(tx);
      written.push(batch);
      return result;
    },
  } as unknown as Db;
  /** Lets the batch that is waiting go, once it is waiting. */
  const release = async () => {
    while (gates.length === 0) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()?.();
  };
  return { db, written, lookups, release };
}

const view = (taskUuid: string, key: string) => ({
  taskUuid,
  key,
  authorUuid: 'author',
  address: null,
});

describe('ViewBuffer', () => {
  it('writes the first view at once and the ones that come meanwhile in one next batch', async () => {
    const { db, written, release } = gatedDb();
    const buffer = new ViewBuffer(db);
    expect(await buffer.view(view('t1', 'user:a'))).toBe(true);
    expect(await buffer.view(view('t1', 'user:b'))).toBe(true);
    expect(await buffer.view(view('t2', 'user:a'))).toBe(true);
    expect(buffer.pending('t1')).toBe(2);
    await release();
    await release();
    await buffer.flush();
    expect(written.map((batch) => batch.map((w) => `${w.task} ${w.keys.join(',')}`))).toEqual([
      ['t1 user:a'],
      ['t1 user:b', 't2 user:a'],
    ]);
    expect(buffer.pending('t1')).toBe(0);
  });

  it('close() resolves only when every queued view is written', async () => {
    const { db, written, release } = gatedDb();
    const buffer = new ViewBuffer(db);
    for (const key of ['user:a', 'user:b', 'user:c']) await buffer.view(view('t1', key));
    let closed = false;
    const closing = buffer.close().then(() => {
      closed = true;
    });
    await release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    await release();
    await closing;
    expect(written.flat()).toHaveLength(3);
  });

  it("a repeat view, and the owner's, write nothing; the database is asked once per new key", async () => {
    const { db, written, lookups, release } = gatedDb();
    const buffer = new ViewBuffer(db);
    expect(await buffer.view(view('t1', 'user:a'))).toBe(true);
    expect(await buffer.view(view('t1', 'user:a'))).toBe(false);
    expect(await buffer.view(view('t1', 'user:author'))).toBe(false);
    expect(lookups).toHaveLength(1);
    await release();
    await buffer.close();
    expect(written.flat()).toHaveLength(1);
    // Forgotten (another writer touched task_views): the database is asked again.
    buffer.forget('t1');
    await buffer.view(view('t1', 'user:a'));
    expect(lookups).toHaveLength(2);
  });
});
