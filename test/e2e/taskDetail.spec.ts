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
