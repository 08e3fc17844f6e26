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
import { apiTransport } from '../../../src/server/render/apiTransport';
import { provideConfig } from '../../../src/web/app/config';
import { LocaleRoot } from '../../../src/web/app/LocaleRoot';
import { messagePartsOf, prefetchPage } from '../../../src/web/app/prefetch';
import { setupStore } from '../../../src/web/app/store';
import { theme } from '../../../src/web/app/theme';
import { ErrorPage, NotFoundPage } from '../../../src/web/features/errors/ErrorPage';
import FreelancersPage from '../../../src/web/features/freelancers/FreelancersPage';
import HomePage from '../../../src/web/features/home/HomePage';
import { INFO_PAGES } from '../../../src/web/features/info/InfoPages';
import ProfilePage from '../../../src/web/features/profile/ProfilePage';
import AlertsPage from '../../../src/web/features/alerts/AlertsPage';
import TasksForYouPage from '../../../src/web/features/alerts/TasksForYouPage';
import BecomeFreelancerPage from '../../../src/web/features/registration/BecomeFreelancerPage';
import ConfirmEmailPage from '../../../src/web/features/registration/ConfirmEmailPage';
import RegisterPage from '../../../src/web/features/registration/RegisterPage';
import LoginPage from '../../../src/web/features/session/LoginPage';
import TaskFormPage from '../../../src/web/features/taskForm/TaskFormPage';
import TaskViewPage from '../../../src/web/features/taskForm/TaskViewPage';
import TaskListPage from '../../../src/web/features/taskList/TaskListPage';
import TaskDetailPage from '../../../src/web/features/tasks/TaskDetailPage';
import { matchRoute, routePattern } from '../../../src/web/i18n/routes';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import {
  buildTestApp,
  createCategory,
  createTask,
  createUser,
  loggedInAgent,
  type TestApp,
  type TestTask,
  type TestUser,
} from '../../support/server';

let t: TestApp;
let owner: TestUser;
let task: TestTask;
const STREET = 'Brīvības iela 77';

beforeAll(async () => {
  t = await buildTestApp();
  provideConfig(t.config.public);
  owner = await createUser(t.db, { full_name: 'Owner Person', display_name: 'Owner P.' });
  const category = await createCategory(t.db);
  task = await createTask(t.db, {
    author_uuid: owner.uuid,
    category_id: category.id,
    title: 'Paint the fence',
    description: 'Two coats, white.',
    locations: [{ address: `${STREET}, Rīga, LV-1010`, city: 'Rīga', lat: 56.958, lng: 24.121 }],
  });
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

/**
 * react-router's static (data) router at a URL, the element mounted at its route's pattern
 * (useParams, ScrollRestoration and useBlocker need a data router).
 */
async function atUrl(url: string, element: ReactNode) {
  const { pathname } = new URL(url, 'http://x');
  const match = matchRoute(pathname);
  const path = match ? `/${match.locale}/${routePattern(match.locale, match.name)}` : '*';
  const handler = createStaticHandler([{ path, element }]);
  const context = await handler.query(new Request(new URL(url, 'http://x')));
  if (context instanceof Response) throw new Error(`redirected: ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return <StaticRouterProvider router={router} context={context} hydrate={false} />;
}

/** The HTML of a page at a URL for a viewer, as the server renders it. */
async function renderPage(url: string, Page: ComponentType, viewer: TestUser | null = null) {
  const { pathname, search } = new URL(url, 'http://x');
  const match = matchRoute(pathname);
  const locale = (pathname.split('/')[1] ?? 'en') as Locale;
  const cookie = viewer
    ? [...(await loggedInAgent(t.app, viewer)).cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    : '';
  const { transport } = apiTransport(t.app, { headers: { cookie }, ip: '10.0.0.9' });
  const store = setupStore({ i18n: { locale } }, { transport });
  const name = match?.name ?? null;
  await prefetchPage(store, { name, params: match?.params ?? {}, locale, search });
  const messages = pageCatalog(
    locale,
    messagePartsOf(store, { name, params: match?.params ?? {}, locale }),
  );
  const routed = await atUrl(
    url,
    <LocaleRoot locale={locale} messages={messages}>
      <Page />
    </LocaleRoot>,
  );
  return renderToString(
    <Provider store={store}>
      <ThemeProvider theme={theme}>{routed}</ThemeProvider>
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
    expect(text(await renderPage('/en/create-task', TaskFormPage, owner))).toMatch(/Title/);
    expect(text(await renderPage('/en/confirm-email?token=x', ConfirmEmailPage))).toMatch(/\w/);
  });

  it('task alerts and Tasks for you, with the freelancer’s data (issue 20)', async () => {
    const freelancer = await createUser(t.db, { is_freelancer: true });
    await t.db.query(
      `INSERT INTO task_alerts (user_uuid, categories, location_type, address, lat, lng, radius_km,
                                languages, match_keys)
       VALUES ($1, $2::int[], 'specific', 'Alertu iela 3, Rīga', 56.95, 24.11, 15, '{lv}', '{}')`,
      [freelancer.uuid, [task.category_id]],
    );
    await t.db.query('INSERT INTO task_alert_matches (user_uuid, task_uuid) VALUES ($1, $2)', [
      freelancer.uuid,
      task.uuid,
    ]);
    expect(text(await renderPage('/en/alerts', AlertsPage, freelancer))).toMatch(
      /Task alerts.*You have 1 alert\..*Within 15 km of Alertu iela 3, Rīga/,
    );
    expect(text(await renderPage('/lv/alerts/matches', TasksForYouPage, freelancer))).toMatch(
      /Uzdevumi jums.*1 uzdevums.*Paint the fence/,
    );
    // A customer is told what alerts are for, with no data of anyone.
    expect(text(await renderPage('/en/alerts', AlertsPage, owner))).toContain(
      'Task alerts are for freelancers.',
    );
  });

  it('the footer’s pages, with their catalog part (later), and the footer on every page', async () => {
    const terms = text(await renderPage('/lv/noteikumi', INFO_PAGES.terms));
    expect(terms).toMatch(/Lietošanas noteikumi.*Kas ir Talka.*Piemērojamie tiesību akti/);
    expect(terms).toMatch(/Palīdzība.*Kontakti.*Lietošanas noteikumi.*Privātuma politika/);
    expect(text(await renderPage('/ru/konfidentsialnost', INFO_PAGES.privacy))).toMatch(
      /Политика конфиденциальности.*Ваши права/,
    );
    expect(text(await renderPage('/tr/yardim', INFO_PAGES.help))).toMatch(/Yardım.*Adım adım/);
    expect(text(await renderPage('/lt/kontaktai', INFO_PAGES.contact))).toMatch(
      /Kontaktai.*support@talka\.example/,
    );
  });

  it('404 and 500', async () => {
    expect(text(await renderPage('/en/nowhere', NotFoundPage))).toContain('Page not found');
    const ServerError = () => <ErrorPage status={500} />;
    expect(text(await renderPage('/en/nowhere', ServerError))).toContain(
      'Something went wrong on our side',
    );
  });
});
