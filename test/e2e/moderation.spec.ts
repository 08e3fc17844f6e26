/**
 * Moderation end to end (issue 19): a reported task reaches the moderator, who hides it with a
 * reason; its owner sees why, a visitor gets the translated 410 page, the reporter sees the
 * outcome in "My reports". axe finds nothing on the new pages. Each run makes its own task.
 */
import { expect, test, type Page } from '@playwright/test';
import { createTask, getData, userPage, xsrfHeader } from './robustness';
import { expectNoA11yViolations, logIn, waitForHydration } from './support';

/** Console errors and warnings while a page loads and hydrates (as test/e2e/ssr.spec.ts). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    if (/Failed to load resource/.test(text) || text.startsWith('[api] ')) return;
    errors.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

test('a moderator hides a reported task: the owner sees the reason, a visitor gets 410', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const title = `Moderation check ${Date.now().toString(36)}`;
  const owner = await userPage(browser, 'customer@talka.test', baseURL);
  const task = await createTask(owner, {
    title,
    description: 'Cheap watches from a friend, write me for the price list.',
  });
  const reporter = await userPage(browser, 'ruta@talka.test', baseURL);
  const reported = await reporter.request.post(`/api/tasks/${task.uuid}/report`, {
    headers: await xsrfHeader(reporter),
    data: { message: 'This looks like counterfeit goods.' },
  });
  expect(reported.status()).toBe(201);

  await logIn(page, 'moderator@talka.test');
  const moderatorErrors = collectErrors(page);
  await page.goto('/en/moderation');
  await waitForHydration(page);
  expect(moderatorErrors).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const group = page.getByRole('article', { name: title });
  await expect(group.getByText('This looks like counterfeit goods.')).toBeVisible();
  await expectNoA11yViolations(page, 'moderation page');

  await group.getByRole('button', { name: 'Hide the task' }).click();
  const form = group.getByRole('form', { name: 'Hide the task' });
  await form.getByRole('textbox').fill('Selling counterfeit goods');
  await expectNoA11yViolations(page, 'moderation page: reason form open');
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Decision saved')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Decision log' }).getByText(`hid the task “${title}”`).first(),
  ).toBeVisible();

  // The owner sees the task and why it was removed.
  await owner.goto(`/en/tasks/${task.identifier}`);
  await expect(owner.getByTestId('task-hidden')).toContainText('Selling counterfeit goods');

  // A visitor gets the translated 410 page, from the server's own render.
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  const visitorErrors = collectErrors(visitor);
  const response = await visitor.goto(`/lv/tasks/${task.identifier}`);
  expect(response?.status()).toBe(410);
  await waitForHydration(visitor);
  await expect(
    visitor.getByRole('heading', { name: 'Šo uzdevumu moderācija ir noņēmusi' }),
  ).toBeVisible();
  expect(visitorErrors).toEqual([]);
  await expectNoA11yViolations(visitor, 'hidden task (410)');

  // The reporter learns the outcome.
  const reporterErrors = collectErrors(reporter);
  await reporter.goto('/en/my-reports');
  await waitForHydration(reporter);
  expect(reporterErrors).toEqual([]);
  const item = reporter.getByRole('listitem').filter({ hasText: title });
  await expect(item.getByText('Action taken')).toBeVisible();
  await expectNoA11yViolations(reporter, 'my reports');
});

test('a suspended user’s open page learns it at once: session ended, login page', async ({
  page,
  browser,
  baseURL,
}) => {
  // Rūta has no offers, so suspending her withdraws nothing; lifting it brings her tasks back.
  await logIn(page, 'ruta@talka.test');
  await page.goto('/en/tasks');
  await waitForHydration(page);
  const { uuid } = await getData<{ uuid: string }>(page.request, '/api/me');
  const moderator = await userPage(browser, 'moderator@talka.test', baseURL);
  const headers = await xsrfHeader(moderator);
  try {
    const suspended = await moderator.request.post(`/api/moderation/users/${uuid}/suspend`, {
      headers,
      data: { reason: 'Checking that the push stream ends.' },
    });
    expect(suspended.status()).toBe(200);
    // No click, no request of its own: the closed push stream tells the page.
    await expect(page).toHaveURL(/\/en\/login\?next=%2Fen%2Ftasks$/, { timeout: 10_000 });
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
  } finally {
    await moderator.request.post(`/api/moderation/users/${uuid}/unsuspend`, { headers, data: {} });
  }
});
