/**
 * A hidden task's page is an answer, not a fault: when a visitor on its 410 page logs in (and is
 * not its owner), the task is asked for again and answers 410 again. The app's API log keeps that
 * at the debug level: no "[api] … -> 410" warning or error in the console (the browser's own
 * "Failed to load resource" line for the status is not the app's and cannot be silenced).
 */
import { expect, test } from '@playwright/test';
import { createTask, userPage, xsrfHeader } from './robustness';
import { DEMO_PASSWORD, waitForHydration } from './support';

test("a hidden task's 410, asked again after logging in, is no console warning", async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await userPage(browser, 'customer@talka.test', baseURL);
  const task = await createTask(owner, {
    title: `Hidden log check ${Date.now().toString(36)}`,
    description: 'A task a moderator will hide for this check.',
  });
  const moderator = await userPage(browser, 'moderator@talka.test', baseURL);
  const hidden = await moderator.request.post(`/api/moderation/tasks/${task.uuid}/hide`, {
    headers: await xsrfHeader(moderator),
    data: { reason: 'Hidden for the console check' },
  });
  expect(hidden.status(), await hidden.text()).toBe(200);

  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (/Failed to load resource/.test(message.text())) return;
    logged.push(`${message.type()}: ${message.text()}`);
  });
  const response = await page.goto(`/en/tasks/${task.identifier}`);
  expect(response?.status()).toBe(410);
  await waitForHydration(page);

  // Log in from the page's own link: the login returns here and the task is asked for again.
  const asked = page.waitForResponse(
    (answer) => answer.url().includes(`/api/tasks/${task.identifier}`) && answer.status() === 410,
  );
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).first().click();
  await page.getByLabel('Email').fill('freelancer@talka.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await asked;
  await expect(
    page.getByRole('heading', { name: 'This task was removed by moderation' }),
  ).toBeVisible();
  expect(logged).toEqual([]);
});
