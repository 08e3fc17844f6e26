import { createContext, useContext, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during the first client render that hydrates it, true after (and at once
 * on a client-only render). What the server cannot draw (the map, the lightbox, the drop zone) and
 * what differs between the two (the time now) wait for it, so hydration finds the server's markup.
 * Every component that reads it renders again at once after hydration, in one render that is not
 * interrupted (React's rule for an external store): many of them on a page, prefer
 * useHydratedDeferred.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * The nearest HydrationGate's useHydrated, which it switches to true in a deferred render (React's
 * useDeferredValue): one that yields to the browser every few milliseconds and to the user's input.
 * Null outside a gate.
 */
export const HydratedContext = createContext<boolean | null>(null);

/**
 * Like useHydrated, for what may change a moment after hydration without holding the browser up:
 * the time now of every card and relative time (app/clock.ts), a tooltip (issue 15, Total Blocking
 * Time: on the task list the cards' one render after hydration was a 48 ms task in Lighthouse).
 * Inside a HydrationGate (the app server-renders every page inside one) it is the gate's; outside
 * one, useHydrated's own.
 */
export function useHydratedDeferred(): boolean {
  const gate = useContext(HydratedContext);
  // Outside a gate, useHydrated. Inside one, the same store reads true on the server too, so it
  // never differs between the two and never makes this component render again after hydration.
  const alone = useSyncExternalStore(
    subscribe,
    () => true,
    () => gate !== null,
  );
  return gate ?? alone;
}
