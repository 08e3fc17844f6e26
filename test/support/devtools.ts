/**
 * A stand-in for the Redux DevTools extension: records every action that reaches the reducer, as
 * the extension's log would show it. Import it before anything that loads Redux Toolkit (RTK reads
 * `window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__` once, when it loads); the store must be built with
 * `devTools` on (setupStore does, outside production).
 */
import type { Action, Reducer, StoreEnhancer } from 'redux';

export const devtoolsActions: Action[] = [];

// Typed loosely: an enhancer is generic over the store's state and actions; this one only wraps
// the reducer and hands everything else through.
const recordActions = ((createStore: (reducer: Reducer, preloaded?: unknown) => unknown) =>
  (reducer: Reducer, preloadedState?: unknown) =>
    createStore((state, action) => {
      devtoolsActions.push(action);
      return reducer(state, action);
    }, preloadedState)) as StoreEnhancer;

type Enhancer = (next: unknown) => unknown;
const compose =
  (...enhancers: Enhancer[]) =>
  (next: unknown) =>
    enhancers.reduceRight((acc, enhancer) => enhancer(acc), next);

Object.assign(window, {
  __REDUX_DEVTOOLS_EXTENSION_COMPOSE__:
    () =>
    (...enhancers: Enhancer[]) =>
      compose(recordActions as Enhancer, ...enhancers),
});

/** The recorded actions of one type (their payloads), e.g. 'navigation/redirected'. */
export const recorded = (type: string): unknown[] =>
  devtoolsActions
    .filter((action) => action.type === type)
    .map((action) => (action as Action & { payload?: unknown }).payload);
