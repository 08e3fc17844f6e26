import { expect, test, type Page } from '@playwright/test';
import { logIn, waitForHydration } from './support';

/**
 * Every page is rendered on the server from the app's React tree (src/server/render): readable
 * without JavaScript, in its locale, then hydrated by the same tree without a mismatch.
 */

interface PageCase {
  url: string;
  lang: string;
  /** The page's main heading. */
  heading: RegExp;
  status?: number;
}

const VISITOR_PAGES: PageCase[] = [
  { url: '/en', lang: 'en', heading: /Get it done by a local freelancer/ },
  { url: '/lv', lang: 'lv', heading: /.+/ },
  { url: '/en/tasks?sort=budget_desc', lang: 'en', heading: /^Tasks$/ },
  { url: '/ru/tasks', lang: 'ru', heading: /.+/ },
  { url: '/en/tasks/TKOPEN01', lang: 'en', heading: /jaucējkrānu/ },
  { url: '/en/freelancers', lang: 'en', heading: /Freelancers/ },
  { url: '/ru/vhod', lang: 'ru', heading: /Вход/ },
  { url: '/en/register', lang: 'en', heading: /Create an account/ },
  { url: '/en/become-freelancer', lang: 'en', heading: /Become a freelancer/ },
  { url: '/en/confirm-email', lang: 'en', heading: /Confirm your account/ },
  // The footer's pages (src/web/features/info), in two of their localised paths.
  { url: '/lv/noteikumi', lang: 'lv', heading: /^Lietošanas noteikumi$/ },
  { url: '/ru/konfidentsialnost', lang: 'ru', heading: /^Политика конфиденциальности$/ },
  { url: '/en/help', lang: 'en', heading: /^Help$/ },
  { url: '/et/kontakt', lang: 'et', heading: /^Kontakt$/ },
  { url: '/en/no/such/page', lang: 'en', heading: /Page not found/, status: 404 },
  { url: '/en/tasks/TKNOSUCH', lang: 'en', heading: /Page not found/, status: 404 },
];

/** Console errors and page errors while a page loads and hydrates (React reports mismatches so). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    // The closed network: OpenStreetMap tiles and the like cannot load; not the page's fault.
    if (/Failed to load resource/.test(text)) return;
    // The app's own log of API answers (a missing task's 404 is the page's subject, not an error).
    if (text.startsWith('[api] ')) return;
    errors.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { url, lang, heading, status = 200 } of VISITOR_PAGES) {
    test(`${url} shows its content in ${lang}`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(status);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
      expect(await page.title()).toMatch(/Talka/);
    });
  }

  test('the task list shows its cards, the task page its budget', async ({ page }) => {
    await page.goto('/en/tasks');
    await expect(page.locator('a[href^="/en/tasks/TK"]').first()).toBeVisible();
    await page.goto('/en/tasks/TKOPEN01');
    await expect(page.getByText('€30 – €80').first()).toBeVisible();
  });

  test('a signed-in user gets the task form and their name in the header', async ({ browser }) => {
    const withJs = await browser.newContext({ javaScriptEnabled: true });
    await logIn(await withJs.newPage(), 'customer@talka.test');
    const cookies = await withJs.cookies();
    await withJs.close();
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto('/en/create-task');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post a task');
    await expect(page.getByLabel('Title')).toBeVisible();
    await context.close();
  });
});

test.describe('with JavaScript: hydration', () => {
  for (const { url, heading } of VISITOR_PAGES) {
    test(`${url} hydrates without a mismatch`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  }

  test('hydration keeps the server’s styles as they are: no rule is deleted (issue 15)', async ({
    page,
  }) => {
    // A global style written again in hydration's commit deletes its rules (`*`, `body`, `:root`)
    // and inserts them anew: the browser then computes every element's style once more.
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const deleted: string[] = [];
      Object.assign(window, { deletedRules: deleted });
      const deleteRule = CSSStyleSheet.prototype.deleteRule;
      CSSStyleSheet.prototype.deleteRule = function (this: CSSStyleSheet, index: number) {
        deleted.push(this.cssRules[index]?.cssText ?? `#${index}`);
        deleteRule.call(this, index);
      };
    });
    // The task page has the phone's action bar, with the global style that makes room for it.
    for (const url of ['/en', '/en/tasks', '/en/tasks/TKOPEN01']) {
      await page.goto(url);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      const deleted = await page.evaluate(
        () => (window as unknown as { deletedRules: string[] }).deletedRules,
      );
      expect({ url, deleted }).toEqual({ url, deleted: [] });
    }
  });

  test('a hydrated page is usable: links, the language switcher, a form', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/en');
    await page.waitForLoadState('networkidle');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Browse tasks' })
      .click();
    await expect(page).toHaveURL(/\/en\/tasks$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tasks');
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: /LV/ })
      .click();
    await expect(page).toHaveURL(/\/lv\/tasks$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
    expect(errors).toEqual([]);
  });

  test('signed in: the task form hydrates and asks before leaving with typed input', async ({
    page,
  }) => {
    await logIn(page, 'customer@talka.test');
    const errors = collectErrors(page);
    await page.goto('/en/create-task');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Title').fill('Paint my fence');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Browse tasks' })
      .click();
    const ask = page.getByRole('dialog', { name: 'Leave this page?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Stay on the page' }).click();
    await expect(page).toHaveURL(/\/en\/create-task$/);
    await expect(page.getByLabel('Title')).toHaveValue('Paint my fence');
    expect(errors).toEqual([]);
  });

  // The parties' parts of a task page (offers, completion, reviews) are lazy slots with texts of
  // their own catalog part: the page names the parts it was rendered with and the browser loads
  // them before hydrating, so each slot hydrates with the texts it was rendered with.
  test('a finished task’s reviews hydrate for a visitor, with their texts', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/en/tasks/TKDONE01');
    await expect(page.getByText('Lovely family, clear instructions, paid on time.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('The customer’s review')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('signed in: the owner’s task page hydrates with its offers and actions usable', async ({
    page,
  }) => {
    await logIn(page, 'customer@talka.test');
    const errors = collectErrors(page);
    await page.goto('/en/tasks/TKOPEN01');
    await page.waitForLoadState('networkidle');
    const offers = page.getByRole('heading', { name: /^Offers/ });
    await expect(offers).toBeVisible();
    await page.getByRole('button', { name: 'Delete task' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });
});
