/**
 * Helpers of the server-render tests (test/server/render): a task owner with a task in an exact
 * place (the privacy rules hide the street from everyone else), a viewer's cookies, and a server
 * store prefetched for a page as src/web/app/prefetch.ts does it for a request.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Locale } from '../../src/shared/locales';
import { apiTransport } from '../../src/server/render/apiTransport';
import { prefetchPage, type PagePrefetch } from '../../src/web/app/prefetch';
import { setupStore } from '../../src/web/app/store';
import {
  buildTestApp,
  createCategory,
  createTask,
  createUser,
  loggedInAgent,
  type TestApp,
  type TestTask,
  type TestUser,
} from './server';
import { SPA_TEMPLATE } from './spaPage';

/** The street of the task's exact address: only its owner (or the chosen freelancer) may see it. */
export const STREET = 'Brīvības iela 77';

export interface OwnedTask {
  owner: TestUser;
  task: TestTask;
  categorySlug: string;
}

/** An owner and their open task 'Paint the fence' with one exact place in Rīga. */
export async function createOwnedTask(t: TestApp): Promise<OwnedTask> {
  const owner = await createUser(t.db, { full_name: 'Owner Person', display_name: 'Owner P.' });
  const category = await createCategory(t.db);
  const task = await createTask(t.db, {
    author_uuid: owner.uuid,
    category_id: category.id,
    title: 'Paint the fence',
    description: 'Two coats, white.',
    locations: [{ address: `${STREET}, Rīga, LV-1010`, city: 'Rīga', lat: 56.958, lng: 24.121 }],
  });
  return { owner, task, categorySlug: category.slug };
}

/** The Cookie header of a browser signed in as this user; '' for a visitor. */
export async function cookieOf(app: FastifyInstance, user: TestUser | null): Promise<string> {
  if (!user) return '';
  const agent = await loggedInAgent(app, user);
  return [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** A server render's store for a page request with these cookies, prefetched. */
export async function prefetchedStore(
  app: FastifyInstance,
  page: Omit<PagePrefetch, 'locale'> & { locale: Locale },
  cookie = '',
) {
  const { transport, setCookies } = apiTransport(app, { headers: { cookie }, ip: '10.0.0.7' });
  const store = setupStore({ i18n: { locale: page.locale } }, { transport });
  await prefetchPage(store, page);
  return { store, setCookies };
}

/**
 * A test app that serves the SPA's real template (public/index.html) from a throwaway build
 * directory, so its pages are server-rendered; close() removes the directory too.
 */
export async function buildRenderApp(overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), SPA_TEMPLATE);
  const t = await buildTestApp({ staticDir: dist, ...overrides });
  return {
    ...t,
    close: async () => {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    },
  };
}
