import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during the first client render that hydrates it, true after (and at once
 * on a client-only render). What the server cannot draw (the map, the lightbox, the drop zone) and
 * what differs between the two (the time now) wait for it, so hydration finds the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
