/**
 * The push streams' session guard (src/server/push/sessionGuard.ts) without a database: a stream
 * ends when its session's lifetime runs out with no notice at all, and an event due after it is
 * not sent. The database-backed cases (suspension, logout elsewhere) are in push.test.ts.
 */
import type { CacheBus, CacheListener } from '../../src/server/cache/invalidation';
import { createSessionGuard } from '../../src/server/push/sessionGuard';

function fakeBus(): CacheBus {
  const listeners: CacheListener[] = [];
  return {
    epoch: 0,
    on: (listener) => listeners.push(listener),
    emit: (event) => listeners.forEach((listener) => listener(event)),
    start: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

const USER = '11111111-1111-4111-8111-111111111111';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('rechecks when the known lifetime runs out and ends the stream if the session is gone', async () => {
  let live = new Map([['s1', 60_000]]);
  const check = jest.fn((ids: readonly string[]) =>
    Promise.resolve(new Map([...live].filter(([id]) => ids.includes(id)))),
  );
  const guard = createSessionGuard(fakeBus(), check);
  const end = jest.fn();
  const stream = guard.watch('s1', USER, end);
  await jest.advanceTimersByTimeAsync(0);
  expect(check).toHaveBeenCalledTimes(1);
  expect(stream.live()).toBe(true);

  // Nothing told us anything; the minute passes and the session has expired meanwhile.
  live = new Map();
  await jest.advanceTimersByTimeAsync(59_999);
  expect(end).not.toHaveBeenCalled();
  expect(stream.live()).toBe(true);
  await jest.advanceTimersByTimeAsync(1);
  expect(stream.live()).toBe(false);
  expect(check).toHaveBeenCalledTimes(2);
  expect(end).toHaveBeenCalledTimes(1);
});

it('a session used elsewhere meanwhile lives on: its new lifetime is learnt from the notice', async () => {
  const bus = fakeBus();
  let liveMs = 60_000;
  const check = jest.fn(() => Promise.resolve(new Map([['s1', liveMs]])));
  const guard = createSessionGuard(bus, check);
  const end = jest.fn();
  const stream = guard.watch('s1', USER, end);
  await jest.advanceTimersByTimeAsync(30_000);
  liveMs = 60_000;
  bus.emit({ kind: 'session', key: 's1' });
  await jest.advanceTimersByTimeAsync(45_000);
  expect(stream.live()).toBe(true);
  expect(end).not.toHaveBeenCalled();
});

it('notices about other sessions and users, and keyless ones, check nothing', async () => {
  const bus = fakeBus();
  const check = jest.fn(() => Promise.resolve(new Map([['s1', 60_000]])));
  const guard = createSessionGuard(bus, check);
  guard.watch('s1', USER, jest.fn());
  await jest.advanceTimersByTimeAsync(0);
  bus.emit({ kind: 'session', key: 's2' });
  bus.emit({ kind: 'user', key: '22222222-2222-4222-8222-222222222222' });
  bus.emit({ kind: 'session', key: null });
  bus.emit({ kind: 'task', key: null });
  await jest.advanceTimersByTimeAsync(0);
  expect(check).toHaveBeenCalledTimes(1);
  bus.emit({ kind: 'user', key: USER });
  bus.emit({ kind: 'all', key: null });
  await jest.advanceTimersByTimeAsync(0);
  expect(check).toHaveBeenCalledTimes(3);
});

it('a failed check (the database away) keeps the stream; stop() forgets it', async () => {
  const check = jest.fn(() => Promise.reject(new Error('down')));
  const onError = jest.fn();
  const guard = createSessionGuard(fakeBus(), check, onError);
  const end = jest.fn();
  const stream = guard.watch('s1', USER, end);
  await jest.advanceTimersByTimeAsync(0);
  expect(onError).toHaveBeenCalledTimes(1);
  expect(end).not.toHaveBeenCalled();
  expect(guard.size).toBe(1);
  stream.stop();
  expect(guard.size).toBe(0);
});
