import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../ui/GlobalStyle';
import type { createAppRouter } from './router';
import type { AppStore } from './store';
import { theme } from './theme';

interface Props {
  store: AppStore;
  router: ReturnType<typeof createAppRouter>;
}

export function App({ store, router }: Props) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>
  );
}
