/**
 * A per-account login throttle (ASVS 2.4.1, 6.3.1), on top of the per-address LOGIN_RATE_LIMIT:
 * after `max` failed logins for one email within WINDOW_MS, further logins for that email answer
 * 429 until the oldest of those failures is WINDOW_MS old, whatever the address. A password guesser
 * spread over many addresses gets `max` tries per window; the real owner waits at most WINDOW_MS
 * (and a successful login clears the count). Unknown emails are counted the same way, so the
 * throttle tells nothing about which accounts exist (6.3.8). Counted per process, in memory.
 */

export const LOGIN_THROTTLE_WINDOW_MS = 5 * 60 * 1000;
/** Bounds the memory an attacker can fill with made-up emails. */
const MAX_TRACKED = 50_000;

export interface LoginThrottle {
  /** Milliseconds until the email may try again, or 0 when it may now. */
  retryAfterMs(email: string, now?: number): number;
  failed(email: string, now?: number): void;
  succeeded(email: string): void;
}

export function createLoginThrottle(
  max: number,
  windowMs = LOGIN_THROTTLE_WINDOW_MS,
): LoginThrottle {
  // email -> times of its recent failures, oldest first (at most `max` kept).
  const failures = new Map<string, number[]>();
  const keyOf = (email: string) => email.trim().toLowerCase();
  const recent = (key: string, now: number): number[] => {
    const times = (failures.get(key) ?? []).filter((at) => now - at < windowMs);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  };
  return {
    retryAfterMs(email, now = Date.now()) {
      const times = recent(keyOf(email), now);
      return times.length >= max ? times[0] + windowMs - now : 0;
    },
    failed(email, now = Date.now()) {
      const key = keyOf(email);
      const times = [...recent(key, now), now].slice(-max);
      failures.delete(key);
      failures.set(key, times);
      // Map keeps insertion order: the first key is the one failed longest ago.
      if (failures.size > MAX_TRACKED) failures.delete(failures.keys().next().value as string);
    },
    succeeded(email) {
      failures.delete(keyOf(email));
    },
  };
}
