/**
 * The part of react-router's data router (createBrowserRouter in main.tsx, createMemoryRouter in
 * tests) the sagas use; tests may pass a fake with the same shape.
 */
export interface AppRouter {
  navigate(to: string, options?: { replace?: boolean }): unknown;
  state: { location: { pathname: string; search: string; hash?: string } };
}

export interface SagaContext {
  router?: AppRouter;
}
