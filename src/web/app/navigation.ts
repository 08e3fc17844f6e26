/**
 * The part of the router (history.ts, historyNavigation) the sagas use; tests pass a fake with the
 * same shape.
 */
export interface AppRouter {
  navigate(to: string, options?: { replace?: boolean }): unknown;
  state: { location: { pathname: string; search: string; hash?: string } };
}

export interface SagaContext {
  router?: AppRouter;
}
