import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../ui/GlobalStyle';
import type { AppStore } from './store';
import { theme } from './theme';

/** What a data router needs to render: the browser's (main.tsx) or a memory one (tests). */
type DataRouter = Parameters<typeof RouterProvider>[0]['router'];

interface Props {
  store: AppStore;
  /** react-router's data router over the app's routes (router.tsx appRoutes). */
  router: DataRouter;
}

/** The app's providers around the router; the server renders the same tree with a static router. */
export function App({ store, router }: Props) {
  return (
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/** Redux, the theme and the global styles: shared by the client's and the server's render. */
export function AppProviders({ store, children }: { store: AppStore; children: React.ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </Provider>
  );
}
