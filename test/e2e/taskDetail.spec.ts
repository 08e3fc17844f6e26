import { expect, test } from '@playwright/test';
import {
  expectEveryControlReachableByTab,
  expectModalKeyboardRoundTrip,
  expectNoA11yViolations,
  logIn,
} from './support';

test.describe('task detail page', () => {
  test('a visitor sees a seeded task with its status, budget and approximate place', async ({
    page,
  }) => {
    await page.goto('/en/tasks/TKOPEN01');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/jaucējkrānu/);
    await expect(page.getByText('Open', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('€30 – €80').first()).toBeVisible();
    // Before assignment a visitor never gets the exact street address.
    await expect(page.getByText('Brīvības iela 68')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete task' })).toHaveCount(0);
    await expectNoA11yViolations(page, 'task detail (visitor)');
    await expectEveryControlReachableByTab(page, 'task detail (visitor)');
    // The bundles start after the first frame (scripts/webpack/boot.js): its rendering step ran
    // (the server's first paint, with the inlined photo, was drawn) before the first bundle was
    // added. (First contentful paint is the frame's presentation time, a few ms after that step.)
    const timing = await page.evaluate(() => ({
      frame: performance.getEntriesByName('talka-first-frame')[0]?.startTime ?? null,
      bundles: performance.getEntriesByName('talka-bundles-start')[0]?.startTime ?? null,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }));
    expect(timing.frame).not.toBeNull();
    expect(timing.bundles).not.toBeNull();
    expect(timing.fcp).not.toBeNull();
    expect(timing.frame!).toBeLessThan(timing.bundles!);
  });

  test('the server render preloads the first photo and loads the bundles after painting', async ({
    request,
  }) => {
    const html = await (await request.get('/en/tasks/TKOPEN01')).text();
    expect(html).toMatch(/<link rel="preload" as="image" href="\/uploads\/[^"]+" \/>/);
    // No bundle runs from the HTML: each is preloaded, and the one small loader starts them.
    expect(html.match(/<script[^>]*\ssrc=/g)).toHaveLength(1);
    expect(html).toMatch(/<script defer="defer" src="\/assets\/boot\.[0-9a-f]+\.js"><\/script>/);
    expect(
      html.match(/<link rel="preload" as="script" href="\/assets\/[^"]+\.js" data-talka-entry>/g)
        ?.length,
    ).toBeGreaterThanOrEqual(3);
  });

  test('the owner deletes an open task and lands on the task list', async ({ page }) => {
    await logIn(page, 'customer@talka.test');
    await page.goto('/en/tasks/TKNEW001');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page, 'task detail (owner)');
    await expectEveryControlReachableByTab(page, 'task detail (owner)');
    // Keyboard: the confirm opens from the button, keeps the focus, and gives it back on Escape.
    const deleteButton = page.getByRole('button', { name: 'Delete task' });
    await expectModalKeyboardRoundTrip(deleteButton, page.getByRole('dialog'), 'delete confirm');
    await deleteButton.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/en\/tasks$/);
    await expect(page.getByText('Task deleted')).toBeVisible();
    expect((await page.request.get('/api/tasks/TKNEW001')).status()).toBe(404);
  });

  test('a request that gets 401 logs the user out to the login page with a notice', async ({
    page,
  }) => {
    await logIn(page, 'business@talka.test');
    await page.goto('/en/tasks/TKBIZ001');
    // The session has ended on the server (as after an idle timeout): the next call answers 401.
    await page.route('**/api/tasks/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Your session has expired.' }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Delete task' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/en\/login\?next=/);
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
  });
});
