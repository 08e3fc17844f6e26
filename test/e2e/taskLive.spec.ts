import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOffer, createTask, startConversation, userPage, xsrfHeader } from './robustness';
import {
  expectEveryControlReachableByTab,
  expectFocusTrappedIn,
  expectNoA11yViolations,
  logIn,
} from './support';

/** The UI texts of one locale, straight from its catalog (translations/{locale}.json). */
function catalog(locale: string): Record<string, string> {
  const file = path.join(process.cwd(), 'translations', `${locale}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
}

const LOCALES = ['lv', 'en', 'ru', 'tr', 'et', 'lt'] as const;

test.describe('task detail page in every locale', () => {
  // Seeded TKOPEN01 (src/server/db/seedData/tasks.ts): open, by customer@talka.test.
  const TITLE = 'Nomainīt virtuves jaucējkrānu';

  for (const locale of LOCALES) {
    test(`${locale}: a visitor sees a seeded open task with its status, title and share buttons`, async ({
      page,
    }) => {
      const t = catalog(locale);
      await page.goto(`/${locale}/tasks/TKOPEN01`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);

      const task = page.getByRole('article', { name: TITLE });
      await expect(task.getByRole('heading', { level: 1 })).toHaveText(TITLE);
      await expect(task.getByText(t['tasks.detail.status.open']!, { exact: true })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(TITLE));
      await expectNoA11yViolations(page, `task detail (${locale}, visitor)`);

      const share = task.getByRole('group', { name: t['tasks.detail.share'] });
      await expect(
        share.getByRole('link', { name: t['tasks.detail.share.facebook'] }),
      ).toBeVisible();
      await expect(share.getByRole('link', { name: t['tasks.detail.share.x'] })).toBeVisible();
      // The seeded questions (issue 20), in this locale's words: the phone in one of them is the
      // translated marker until an offer is chosen.
      const questions = page.getByRole('region', { name: t['questions.heading'], exact: true });
      await expect(questions.getByTestId('question')).toHaveCount(2);
      await expect(questions.getByText(t['questions.hidden']!, { exact: true })).toBeVisible();
      await expect(questions).not.toContainText('2000 0000');
      // Before an offer is chosen nobody sees the agreement or the contacts, a visitor least of all.
      await expect(
        page.getByRole('heading', { name: t['tasks.detail.agreement'], exact: true }),
      ).toHaveCount(0);

      // OpenLayers' and lightgallery's own texts are English: ours replace them in every locale.
      const map = page.getByTestId('map');
      for (const id of ['map.zoomIn', 'map.zoomOut']) {
        const zoom = map.getByRole('button', { name: t[id], exact: true });
        await expect(zoom).toHaveAttribute('title', t[id]!);
      }
      await task.getByTestId('gallery-tile').first().click();
      // The dialog box itself has no size (its parts are fixed): its buttons show.
      const lightbox = page.getByRole('dialog', { name: t['lightbox.label'], exact: true });
      for (const id of ['lightbox.close', 'lightbox.previous', 'lightbox.next']) {
        await expect(lightbox.getByRole('button', { name: t[id], exact: true })).toBeVisible();
      }
      const close = lightbox.getByRole('button', { name: t['lightbox.close'], exact: true });
      await close.click();
      await expect(close).toBeHidden();
    });
  }
});

test.describe('live updates of an open task page', () => {
  // Seeded TKBIZ001: open, by business@talka.test, one offer (by freelancer@talka.test), none by
  // freelancer2@talka.test. No other e2e file changes it.
  test("the owner's open page shows a new offer without a reload", async ({ browser }) => {
    const ownerContext = await browser.newContext();
    const freelancerContext = await browser.newContext();
    try {
      const owner = await ownerContext.newPage();
      const freelancer = await freelancerContext.newPage();
      const offers = owner.getByRole('region', { name: 'Offers' });
      // Both get ready at once (the machine is busy); only the offer waits for the owner's page.
      await Promise.all([
        (async () => {
          await logIn(owner, 'business@talka.test');
          // The page subscribes to its task's push stream; wait until the server has it.
          const pushOpen = owner.waitForResponse(
            (response) => response.url().includes('/api/push?tasks=') && response.status() === 200,
          );
          await owner.goto('/en/tasks/TKBIZ001');
          await pushOpen;
          await expect(offers.getByRole('article')).toHaveCount(1);
          await expectNoA11yViolations(owner, 'task detail (owner, one offer)');
          // A marker that a reload (or any full navigation) would wipe out.
          await owner.evaluate(() => {
            (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
          });
        })(),
        (async () => {
          await logIn(freelancer, 'freelancer2@talka.test');
          await freelancer.goto('/en/tasks/TKBIZ001');
        })(),
      ]);

      await freelancer.getByRole('button', { name: 'Make an offer' }).click();
      const form = freelancer.getByRole('dialog', { name: 'Make an offer' });
      await expect(form.getByLabel('Description')).toBeVisible();
      await expectNoA11yViolations(freelancer, 'offer form');
      // Sent empty: the errors are shown under the fields (and scanned).
      await form.getByRole('button', { name: 'Send offer' }).click();
      await expect(form.getByLabel('Description')).toHaveAttribute('aria-invalid', 'true');
      await expectNoA11yViolations(freelancer, 'offer form with errors');
      await expectEveryControlReachableByTab(freelancer, 'offer form with errors');
      await expectFocusTrappedIn(form);
      const description = `Ar savu busiņu un diviem palīgiem pārvedīsim visu vienā dienā (${Date.now()}).`;
      await form.getByLabel('Description').fill(description);
      await form.getByLabel('Price, EUR').fill('300');
      await form.getByRole('button', { name: 'Send offer' }).click();
      await expect(freelancer.getByText('Offer created')).toBeVisible();
      await expect(form).toHaveCount(0);

      const card = offers.getByRole('article', { name: 'Mari T.' });
      await expect(card.getByText(description)).toBeVisible({ timeout: 10_000 });
      await expect(offers.getByRole('article')).toHaveCount(2);
      expect(
        await owner.evaluate(
          () => (window as unknown as { __sameDocument?: boolean }).__sameDocument,
        ),
      ).toBe(true);
    } finally {
      await ownerContext.close();
      await freelancerContext.close();
    }
  });
});

test.describe('one push stream for the whole app', () => {
  test('a chat message reaches its receiver on the home page as a notice that opens the task', async ({
    browser,
    baseURL,
  }) => {
    // A (customer@talka.test, Anna B.) owns a new task; B (freelancer@talka.test, Jānis O.) offered.
    const owner = await userPage(browser, 'customer@talka.test', baseURL);
    const freelancer = await userPage(browser, 'freelancer@talka.test', baseURL);
    try {
      const title = `Hang three shelves in the hall (${Date.now()})`;
      const task = await createTask(owner, {
        title,
        description: 'Three oak shelves, the wall is brick; the brackets are here.',
      });
      await createOffer(freelancer, task.uuid, { description: 'Tomorrow morning.', price: 60 });
      const conversation = await startConversation(owner, task.uuid, 'Can you bring a drill?');

      // A sits on the home page: no task page, so only the app-wide stream can bring the message.
      const pushOpen = owner.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/push' && response.status() === 200,
      );
      await owner.goto('/en');
      expect(new URL((await pushOpen).url()).search).toBe('');
      await owner.evaluate(() => {
        (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });

      // B answers.
      const sent = await freelancer.request.post(
        `/api/chat/conversations/${conversation}/messages`,
        { headers: await xsrfHeader(freelancer), data: { body: 'Yes, I have one.' } },
      );
      expect(sent.status(), await sent.text()).toBe(201);

      const notice = owner.getByText(`Jānis O. sent you a message about “${title}”`);
      await expect(notice).toBeVisible({ timeout: 10_000 });
      await expectNoA11yViolations(owner, 'home page with a chat notice');
      await owner.getByRole('link', { name: 'Open the task' }).click();
      await expect(owner).toHaveURL(new RegExp(`/en/tasks/${task.identifier}$`));
      await expect(owner.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(notice).toHaveCount(0);
      // Opened in the app, not by a reload.
      expect(
        await owner.evaluate(
          () => (window as unknown as { __sameDocument?: boolean }).__sameDocument,
        ),
      ).toBe(true);
    } finally {
      await owner.context().close();
      await freelancer.context().close();
    }
  });
});
