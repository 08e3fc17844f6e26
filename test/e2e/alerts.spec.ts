import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { LOCALES } from '../../src/shared/locales';
import { DEMO_PASSWORD, expectNoA11yViolations, waitForHydration } from './support';

/** A fresh browser context logged in as `email` through the API (the login form has its spec). */
async function userPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.request.get('/api/health'); // sets the XSRF-TOKEN cookie
  const token = async () =>
    (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await page.request.post('/api/login', {
    headers: { 'X-XSRF-TOKEN': await token() },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return page;
}

const dayFromNow = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('task alerts (issue 20)', () => {
  test('a freelancer saves an alert; a customer posts a matching task; the freelancer sees the notice and the task in Tasks for you', async ({
    browser,
  }) => {
    const freelancer = await userPage(browser, 'freelancer3@talka.test');
    await freelancer.goto('/en/alerts');
    await waitForHydration(freelancer);
    await expect(freelancer.getByRole('heading', { name: 'Task alerts', level: 1 })).toBeVisible();
    await freelancer.getByRole('checkbox', { name: 'Plumbing' }).check();
    await freelancer.getByRole('radio', { name: 'Remote tasks (can be done anywhere)' }).check();
    await freelancer.getByLabel('Lowest budget in euros').fill('100');
    await expectNoA11yViolations(freelancer, 'task alerts form');
    await freelancer.getByRole('button', { name: 'Save the alert' }).click();
    await expect(freelancer.getByText('The alert is saved.')).toBeVisible();
    await expect(freelancer.getByRole('listitem', { name: 'Alert 1' })).toContainText('Plumbing');

    // "Tasks for you", open while the task is posted (the menu links it).
    await freelancer.getByRole('link', { name: 'Tasks for you' }).first().click();
    await expect(
      freelancer.getByRole('heading', { name: 'Tasks for you', level: 1 }),
    ).toBeVisible();
    await waitForHydration(freelancer);

    const customer = await userPage(browser, 'ruta@talka.test');
    const title = `Fix a dripping kitchen tap ${Date.now().toString(36)}`;
    const body = new FormData();
    for (const [name, value] of Object.entries({
      category_id: '12',
      title,
      description: 'The kitchen tap drips all night; advice by video call is fine.',
      'languages[]': 'en',
      due_type: 'end',
      due_end: `${dayFromNow(7)}T12:00:00`,
      location_type: 'anywhere',
      budget_from: '80',
      budget_to: '150',
    }))
      body.append(name, value);
    const token = (await customer.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
    const posted = await customer.request.post('/api/tasks', {
      multipart: body,
      headers: { 'X-XSRF-TOKEN': token ?? '', Accept: 'application/json' },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const { data } = (await posted.json()) as { data: { identifier: string } };

    // At once, without a reload: the notice with its link, and the task in the list.
    await expect(freelancer.getByText(`A new task matches your alerts: “${title}”`)).toBeVisible({
      timeout: 15_000,
    });
    await expect(freelancer.getByRole('heading', { name: title })).toBeVisible();
    await expectNoA11yViolations(freelancer, 'Tasks for you with a notice');
    await freelancer.getByRole('link', { name: 'Open the task' }).click();
    await expect(freelancer).toHaveURL(new RegExp(`/en/tasks/${data.identifier}$`));
  });
});

/** The UI texts of one locale, straight from its catalog (translations/{locale}.json). */
const catalog = (locale: string): Record<string, string> =>
  JSON.parse(
    fs.readFileSync(path.join(process.cwd(), 'translations', `${locale}.json`), 'utf8'),
  ) as Record<string, string>;

test.describe('task alerts in every locale (issue 20)', () => {
  const english = catalog('en');
  for (const locale of LOCALES) {
    test(`${locale}: the alert form and Tasks for you in the locale's words, axe finds nothing`, async ({
      browser,
    }) => {
      const t = catalog(locale);
      const freelancer = await userPage(browser, 'freelancer@talka.test');
      await freelancer.goto(`/${locale}/alerts`);
      await waitForHydration(freelancer);
      await expect(freelancer.locator('html')).toHaveAttribute('lang', locale);
      await expect(
        freelancer.getByRole('heading', { name: t['alerts.page.title'], level: 1 }),
      ).toBeVisible();
      // Saving an empty form: the errors are this locale's, under their fields.
      await freelancer.getByRole('button', { name: t['alerts.form.save'], exact: true }).click();
      await expect(freelancer.getByRole('alert').first()).toBeVisible();
      if (locale !== 'en') {
        // No English text of the alerts' catalog part on the page.
        const text = await freelancer.locator('main').innerText();
        const leaked = Object.entries(english).filter(
          ([id, en]) =>
            id.startsWith('alerts.') && en.length > 8 && en !== t[id] && text.includes(en),
        );
        expect(leaked, 'English texts on the page').toEqual([]);
      }
      await expectNoA11yViolations(freelancer, `task alerts form (${locale}, errors shown)`);

      await freelancer.goto(`/${locale}/alerts/matches`);
      await waitForHydration(freelancer);
      await expect(
        freelancer.getByRole('heading', { name: t['alerts.matches.title'], level: 1 }),
      ).toBeVisible();
      await expectNoA11yViolations(freelancer, `Tasks for you (${locale})`);
    });
  }
});
