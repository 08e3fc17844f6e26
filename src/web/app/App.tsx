import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../ui/GlobalStyle';
import { HistoryRouter } from '../ui/routing';
import type { AppHistory } from './history';
import { AppRoutes } from './router';
import type { AppStore } from './store';
import { theme } from './theme';

interface Props {
  store: AppStore;
  history: AppHistory;
}

export function App({ store, history }: Props) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <HistoryRouter history={history}>
          <AppRoutes />
        </HistoryRouter>
      </ThemeProvider>
    </Provider>
  );
}
