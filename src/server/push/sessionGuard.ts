/**
 * Ends a signed-in push stream as soon as its session does (issue 19): a suspension or a logout
 * elsewhere deletes the session row, an expiry only lets time pass. The stream must not deliver
 * that user's personal events any longer.
 *
 * No channel of its own: the read model's bus (cache/invalidation.ts, channel `talka_cache`)
 * already hears every write to `sessions` and `users`, from every process, by the triggers of
 * migration 007. A `session:<id>` or `user:<uuid>` notice about an open stream's session or user
 * rechecks it with the session lookup's own rule (`liveSessions`); a lost and restored LISTEN
 * (`all`) rechecks them all. Between notices the stream knows until when its session lives
 * without a request: a timer rechecks it then, and an event due after that moment ends the stream
 * instead of being sent.
 */
import type { CacheBus } from '../cache/invalidation';

/** Which of these session ids are live, with how long each stays live (ms). */
export type LiveSessions = (ids: readonly string[]) => Promise<Map<string, number>>;

export interface GuardedStream {
  /** False once the session's known lifetime has passed: end the stream instead of sending. */
  live(): boolean;
  /** Stops watching (the stream ended). */
  stop(): void;
}

export interface SessionGuard {
  /** Watches a signed-in stream; `end` is called once its session is no longer live. */
  watch(sessionId: string, userUuid: string, end: () => void): GuardedStream;
  /** Streams watched right now (for tests). */
  readonly size: number;
}

/** setTimeout's limit is about 24.8 days; a longer lifetime is rechecked on the way. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Watched {
  sessionId: string;
  userUuid: string;
  end: () => void;
  /** Date.now() after which the session is dead unless a recheck says otherwise. */
  until: number;
  timer: ReturnType<typeof setTimeout> | null;
}

export function createSessionGuard(
  bus: CacheBus,
  liveSessions: LiveSessions,
  onError: (err: unknown) => void = () => undefined,
): SessionGuard {
  const bySession = new Map<string, Set<Watched>>();
  let count = 0;

  const schedule = (watched: Watched, liveMs: number) => {
    watched.until = Date.now() + liveMs;
    if (watched.timer) clearTimeout(watched.timer);
    watched.timer = setTimeout(
      () => void check([watched.sessionId]),
      Math.min(MAX_TIMER_MS, Math.max(0, liveMs)),
    );
    watched.timer.unref?.();
  };

  async function check(ids: readonly string[]): Promise<void> {
    const wanted = ids.filter((id) => bySession.has(id));
    if (wanted.length === 0) return;
    let live: Map<string, number>;
    try {
      live = await liveSessions(wanted);
    } catch (err) {
      // The database is away: the streams stay; the next notice or timer decides.
      onError(err);
      return;
    }
    for (const id of wanted) {
      const liveMs = live.get(id);
      for (const watched of [...(bySession.get(id) ?? [])]) {
        if (liveMs === undefined || liveMs <= 0) watched.end();
        else schedule(watched, liveMs);
      }
    }
  }

  bus.on(({ kind, key }) => {
    // A key-less session or user event is this process's own write (watchWrites): the trigger's
    // keyed notice about the same rows follows.
    if (kind === 'session' && key !== null) {
      void check([key]);
    } else if (kind === 'user' && key !== null) {
      const ids = [...bySession]
        .filter(([, streams]) => [...streams].some((w) => w.userUuid === key))
        .map(([id]) => id);
      void check(ids);
    } else if (kind === 'all') {
      void check([...bySession.keys()]);
    }
  });

  return {
    watch(sessionId, userUuid, end) {
      const watched: Watched = {
        sessionId,
        userUuid: userUuid.toLowerCase(),
        end,
        until: Number.POSITIVE_INFINITY,
        timer: null,
      };
      let streams = bySession.get(sessionId);
      if (!streams) {
        streams = new Set();
        bySession.set(sessionId, streams);
      }
      streams.add(watched);
      count += 1;
      // Learns the session's lifetime, and closes the race with a suspension or logout that came
      // between this request's session lookup and its subscription.
      void check([sessionId]);
      let active = true;
      return {
        live: () => Date.now() < watched.until,
        stop() {
          if (!active) return;
          active = false;
          count -= 1;
          if (watched.timer) clearTimeout(watched.timer);
          const set = bySession.get(sessionId);
          set?.delete(watched);
          if (set?.size === 0) bySession.delete(sessionId);
        },
      };
    },
    get size() {
      return count;
    },
  };
}
