/**
 * Helpers of the hostile-input and fault specs (xss.spec.ts, faults.spec.ts): API sessions for
 * setting up data quickly, a task made through the API the form uses, and an XSS tripwire.
 */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, waitForHydration } from './support';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a day `days` from today, in local time. */
export function dayFromNow(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The XSRF double-submit header the SPA sends, for API calls made from a test. */
export async function xsrfHeader(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': token, Accept: 'application/json' };
}

/** Logs the page's context in through the API (own cookies, own session). */
export async function apiLogIn(page: Page, email: string, baseURL?: string): Promise<void> {
  const base = baseURL ?? '';
  await page.request.get(`${base}/api/health`); // sets the XSRF-TOKEN cookie
  const login = await page.request.post(`${base}/api/login`, {
    headers: await xsrfHeader(page),
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
}

/** A fresh browser context logged in as `email` through the API. */
export async function userPage(browser: Browser, email: string, baseURL?: string): Promise<Page> {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await apiLogIn(page, email, baseURL);
  return page;
}

export interface CreatedTask {
  uuid: string;
  identifier: string;
}

/** A task of the page's (logged-in) user, made through POST /api/tasks as the form sends it. */
export async function createTask(
  page: Page,
  fields: {
    title: string;
    description: string;
    category_id?: string;
    /** Image files sent as `images[]`. */
    images?: Array<{ name: string; mimeType: string; buffer: Buffer }>;
  },
): Promise<CreatedTask> {
  const body = new FormData();
  for (const [name, value] of Object.entries({
    category_id: fields.category_id ?? '12',
    title: fields.title,
    description: fields.description,
    'languages[]': 'en',
    due_type: 'end',
    due_end: `${dayFromNow(7)}T12:00:00`,
    location_type: 'anywhere',
    budget_from: '100',
    budget_to: '300',
  }))
    body.append(name, value);
  for (const image of fields.images ?? [])
    body.append(
      'images[]',
      new Blob([new Uint8Array(image.buffer)], { type: image.mimeType }),
      image.name,
    );
  const response = await page.request.post('/api/tasks', {
    multipart: body,
    headers: await xsrfHeader(page),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: CreatedTask }).data;
}

/** An offer of the page's (logged-in freelancer) user; answers the offer's uuid. */
export async function createOffer(
  page: Page,
  taskUuid: string,
  data: { description: string; price: number; notify_if_not_chosen?: boolean },
): Promise<string> {
  const response = await page.request.post(`/api/tasks/${taskUuid}/offers`, {
    headers: await xsrfHeader(page),
    data: { notify_if_not_chosen: false, ...data },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { uuid: string } }).data.uuid;
}

/** Reads a JSON `data` body with a GET (throws on a non-2xx answer). */
export async function getData<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url, { headers: { Accept: 'application/json' } });
  expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Arms a page against injected script: every dialog (alert, confirm, prompt) is recorded and
 * dismissed; `check()` asserts that none opened and that `window.__xss` was never set.
 */
export function xssTripwire(page: Page): { dialogs: string[]; check: () => Promise<void> } {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  return {
    dialogs,
    check: async () => {
      expect(dialogs, 'no dialog may open').toEqual([]);
      const flag = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
      expect(flag, 'no injected script may run').toBeUndefined();
      // Nothing user-typed may have become an element or a script link.
      await expect(page.locator('img[src="x"], svg[onload], [onerror], [onload]')).toHaveCount(0);
      await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
    },
  };
}

/**
 * The owner opens a conversation with the task's first offerer and writes `body` in it; answers the
 * conversation's uuid.
 */
export async function startConversation(
  owner: Page,
  taskUuid: string,
  body: string,
): Promise<string> {
  const offers = await getData<Array<{ freelancer: { uuid: string } }>>(
    owner.request,
    `/api/tasks/${taskUuid}/offers`,
  );
  const headers = await xsrfHeader(owner);
  const opened = await owner.request.post(
    `/api/chat/conversations/task/${taskUuid}/${offers[0]!.freelancer.uuid}`,
    { headers },
  );
  expect([200, 201]).toContain(opened.status());
  const uuid = ((await opened.json()) as { data: { uuid: string } }).data.uuid;
  const sent = await owner.request.post(`/api/chat/conversations/${uuid}/messages`, {
    headers,
    data: { body },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return uuid;
}

/**
 * Fills the create-task form (the page is on it) with a valid task: Plumbing, English, done by
 * noon `days` from today; title and description when given (typed last).
 */
export async function fillTaskForm(
  page: Page,
  fields: { title?: string; description?: string; days?: number } = {},
): Promise<void> {
  await waitForHydration(page);
  await page.getByLabel('Category').selectOption({ label: 'Home repair and construction' });
  await page.getByLabel('Subcategory').selectOption({ label: 'Plumbing' });
  await page.getByRole('checkbox', { name: 'English' }).check();
  await page.getByRole('radio', { name: 'Done by' }).check();
  await page.getByLabel('End: date').fill(dayFromNow(fields.days ?? 4));
  await page.getByLabel('End: time (HH:MM)').fill('1200');
  if (fields.title !== undefined)
    await page.getByLabel('Title', { exact: true }).fill(fields.title);
  if (fields.description !== undefined)
    await page.getByLabel('Description').fill(fields.description);
}

/** Opens the create-task form (the user is logged in) and fills it in as fillTaskForm does. */
export async function openFilledTaskForm(
  page: Page,
  fields: Parameters<typeof fillTaskForm>[1] = {},
): Promise<void> {
  await page.goto('/en/create-task');
  await fillTaskForm(page, fields);
}

/** A customer's new task, and a freelancer (own context) on its page; close both contexts after. */
export async function ownerAndFreelancer(
  browser: Browser,
  baseURL: string | undefined,
  task: { title: string; description: string },
): Promise<{ owner: Page; freelancer: Page; task: CreatedTask }> {
  const owner = await userPage(browser, 'customer@talka.test', baseURL);
  const created = await createTask(owner, task);
  const freelancer = await userPage(browser, 'freelancer@talka.test', baseURL);
  return { owner, freelancer, task: created };
}
