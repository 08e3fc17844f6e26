/**
 * Every page renders on the server: react-dom/server's renderToString in node (no window, document,
 * localStorage, navigator or matchMedia: a page that reads one while rendering throws here), inside
 * the app's providers, with the page's catalog parts and a store prefetched through the real API
 * as this viewer (src/web/app/prefetch.ts). Each page's main content must be in the HTML, and
 * nothing private: a visitor's task page has no exact address.
 */
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import type { Locale } from '../../../src/shared/locales';
import { pageCatalog } from '../../../src/server/render/catalog';
import { provideConfig } from '../../../src/web/app/config';
import { createMemoryHistory } from '../../../src/web/app/history';
import { LocaleRoot } from '../../../src/web/app/LocaleRoot';
import { theme } from '../../../src/web/app/theme';
import { ErrorPage, NotFoundPage } from '../../../src/web/features/errors/ErrorPage';
import FreelancersPage from '../../../src/web/features/freelancers/FreelancersPage';
import HomePage from '../../../src/web/features/home/HomePage';
import ProfilePage from '../../../src/web/features/profile/ProfilePage';
import BecomeFreelancerPage from '../../../src/web/features/registration/BecomeFreelancerPage';
import ConfirmEmailPage from '../../../src/web/features/registration/ConfirmEmailPage';
import RegisterPage from '../../../src/web/features/registration/RegisterPage';
import LoginPage from '../../../src/web/features/session/LoginPage';
import TaskFormPage from '../../../src/web/features/taskForm/TaskFormPage';
import TaskViewPage from '../../../src/web/features/taskForm/TaskViewPage';
import TaskListPage from '../../../src/web/features/taskList/TaskListPage';
import TaskDetailPage from '../../../src/web/features/tasks/TaskDetailPage';
import { pageMessageParts } from '../../../src/web/i18n/pageMessages';
import { matchRoute } from '../../../src/web/i18n/routes';
import { HistoryRouter, RouteParams } from '../../../src/web/ui/routing';
import { buildTestApp, type TestApp, type TestTask, type TestUser } from '../../support/server';
import { cookieOf, createOwnedTask, prefetchedStore, STREET } from '../../support/serverRender';

let t: TestApp;
let owner: TestUser;
let task: TestTask;

beforeAll(async () => {
  t = await buildTestApp();
  provideConfig(t.config.public);
  ({ owner, task } = await createOwnedTask(t));
});
afterAll(() => t.close());

let errors: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, 'error');
});
afterEach(() => {
  // React reports render problems (a hook misuse, a suspended lazy part) through console.error.
  const reported = errors.mock.calls.map((args) => args.map(String).join(' '));
  errors.mockRestore();
  expect(reported).toEqual([]);
});

/** The router at a URL, with the route's parameters (react-router's static router replaces it). */
function AtUrl({ url, children }: { url: string; children: ReactNode }) {
  const params = matchRoute(new URL(url, 'http://x').pathname)?.params ?? {};
  return (
    <HistoryRouter history={createMemoryHistory([url])}>
      <RouteParams params={params}>{children}</RouteParams>
    </HistoryRouter>
  );
}

/** The HTML of a page at a URL for a viewer, as the server renders it. */
async function renderPage(url: string, Page: ComponentType, viewer: TestUser | null = null) {
  const { pathname, search } = new URL(url, 'http://x');
  const match = matchRoute(pathname);
  const locale = (pathname.split('/')[1] ?? 'en') as Locale;
  const name = match?.name ?? null;
  const { store } = await prefetchedStore(
    t.app,
    { name, params: match?.params ?? {}, locale, search },
    await cookieOf(t.app, viewer),
  );
  const messages = pageCatalog(locale, pageMessageParts(name));
  return renderToString(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <AtUrl url={url}>
          <LocaleRoot locale={locale} messages={messages}>
            <Page />
          </LocaleRoot>
        </AtUrl>
      </ThemeProvider>
    </Provider>,
  );
}

/** The visible text of some HTML (tags dropped, entities of the test data decoded). */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('server render of each page', () => {
  it('home: the header, the recent tasks and the categories (Latvian)', async () => {
    const html = text(await renderPage('/lv', HomePage));
    expect(html).toContain('Paint the fence');
    expect(html).toContain('Talka');
  });

  it('task list: the cards of its URL', async () => {
    const html = text(await renderPage('/en/tasks?sort=newest', TaskListPage));
    expect(html).toContain('Paint the fence');
  });

  it('task detail for a visitor: the task, without the exact address', async () => {
    const raw = await renderPage(`/en/tasks/${task.identifier}`, TaskDetailPage);
    expect(text(raw)).toContain('Paint the fence');
    expect(text(raw)).toContain('Two coats, white.');
    expect(raw).not.toContain(STREET);
    // The map's frame (its final size), not OpenLayers: the map loads after hydration.
    expect(raw).toMatch(/data-testid="map-fallback"/);
  });

  it('task detail for its owner: the exact address', async () => {
    const html = text(await renderPage(`/en/tasks/${task.identifier}`, TaskDetailPage, owner));
    expect(html).toContain('Paint the fence');
    expect(html).toContain(STREET);
  });

  it('task view, freelancers, profile', async () => {
    expect(await renderPage(`/en/tasks/view/${task.uuid}`, TaskViewPage)).not.toContain(
      'Page not found',
    );
    expect(text(await renderPage('/en/freelancers', FreelancersPage))).toContain('Freelancers');
    expect(text(await renderPage(`/ru/user/profile/${owner.uuid}`, ProfilePage))).toContain(
      'Owner P.',
    );
  });

  it('login, register, become a freelancer, the task form, confirm email', async () => {
    expect(text(await renderPage('/en/login', LoginPage))).toMatch(/Email/);
    expect(text(await renderPage('/en/register', RegisterPage))).toMatch(/Email/);
    expect(text(await renderPage('/en/become-freelancer', BecomeFreelancerPage, owner))).toMatch(
      /freelancer/i,
    );
    const form = text(await renderPage('/en/create-task', TaskFormPage, owner));
    expect(form).toMatch(/Title/);
    // The drop zone renders on the server as in the browser (react-dropzone reads no global).
    expect(form).toMatch(/Drop images here/);
    expect(text(await renderPage('/en/confirm-email?token=x', ConfirmEmailPage))).toMatch(/\w/);
  });

  it('404 and 500', async () => {
    expect(text(await renderPage('/en/nowhere', NotFoundPage))).toContain('Page not found');
    const ServerError = () => <ErrorPage status={500} />;
    expect(text(await renderPage('/en/nowhere', ServerError))).toContain(
      'Something went wrong on our side',
    );
  });
});
