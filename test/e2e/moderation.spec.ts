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
    visitor.getByRole('heading', { name: 'Moderators ir noņēmis šo uzdevumu' }),
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

test('a reported question reaches the moderator, who hides it; the reporter sees the outcome', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const title = `Question moderation ${Date.now().toString(36)}`;
  const spam = 'Cheap watches for sale, write to watches at example dot com';
  const owner = await userPage(browser, 'customer@talka.test', baseURL);
  const task = await createTask(owner, {
    title,
    description: 'Paint the garden fence, about 20 metres, paint is here.',
  });
  const asker = await userPage(browser, 'freelancer3@talka.test', baseURL);
  const asked = await asker.request.post(`/api/tasks/${task.uuid}/questions`, {
    headers: await xsrfHeader(asker),
    data: { message: spam },
  });
  expect(asked.status()).toBe(201);

  // A user reports the question on the task page.
  const reporter = await userPage(browser, 'ruta@talka.test', baseURL);
  await reporter.goto(`/en/tasks/${task.identifier}`);
  await waitForHydration(reporter);
  const question = reporter
    .getByRole('region', { name: 'Questions to the customer' })
    .getByTestId('question');
  await question.getByRole('button', { name: 'Report', exact: true }).click();
  const modal = reporter.getByRole('dialog', { name: 'Report this question' });
  await modal.getByLabel('What is wrong with this question?').fill('Advertising, not a question.');
  await modal.getByRole('button', { name: 'Send report' }).click();
  await expect(reporter.getByText('Question reported')).toBeVisible();

  // The moderator sees it in "Reported questions" (as written) and hides it with a reason.
  await logIn(page, 'moderator@talka.test');
  const errors = collectErrors(page);
  await page.goto('/en/moderation');
  await waitForHydration(page);
  expect(errors).toEqual([]);
  const section = page.getByRole('region', { name: 'Reported questions' });
  const group = section.getByRole('article', { name: `Question on “${title}”` });
  await expect(group.getByText(spam)).toBeVisible();
  await expect(group.getByText('Advertising, not a question.')).toBeVisible();
  await expect(group.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    `/en/tasks/${task.identifier}`,
  );
  await expectNoA11yViolations(page, 'moderation page: reported questions');
  await group.getByRole('button', { name: 'Hide the question' }).click();
  const form = group.getByRole('form', { name: 'Hide the question' });
  await form.getByRole('textbox').fill('Advertising');
  await expectNoA11yViolations(page, 'moderation page: question reason form open');
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Decision saved')).toBeVisible();
  await expect(group).toBeHidden();
  await expect(
    page
      .getByRole('region', { name: 'Decision log' })
      .getByText(`hid a question on “${title}”`)
      .first(),
  ).toBeVisible();

  // The question is gone for a visitor.
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto(`/en/tasks/${task.identifier}`);
  await waitForHydration(visitor);
  const visitorSection = visitor.getByRole('region', { name: 'Questions to the customer' });
  await expect(visitorSection.getByText('No questions yet.')).toBeVisible();
  await expect(visitorSection).not.toContainText('watches');

  // The reporter learns the outcome on "My reports".
  await reporter.goto('/en/my-reports');
  await waitForHydration(reporter);
  const item = reporter
    .getByRole('listitem')
    .filter({ hasText: title })
    .filter({ hasText: 'About a question on this task' });
  await expect(item.getByText('Action taken')).toBeVisible();
  await expectNoA11yViolations(reporter, 'my reports: a question report');
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

test('the tabs stay on one line on phones in ru, tr and lt; the chosen one is shown whole', async ({
  page,
}, testInfo) => {
  test.slow();
  await logIn(page, 'moderator@talka.test');
  const sizes = [
    ...['ru', 'tr', 'lt', 'en'].flatMap((locale) => [360, 412].map((width) => ({ locale, width }))),
    { locale: 'ru', width: 1366 },
  ];
  for (const { locale, width } of sizes) {
    await page.setViewportSize({ width, height: 800 });
    for (const status of ['open', 'closed']) {
      await page.goto(`/${locale}/moderation${status === 'closed' ? '?status=closed' : ''}`);
      await waitForHydration(page);
      const label = `${locale} ${width} px ${status}`;
      const row = page.getByTestId('moderation-tabs');
      const links = await row.getByRole('link').evaluateAll((all) =>
        all.map((a) => {
          const box = a.getBoundingClientRect();
          const parent = a.parentElement!.getBoundingClientRect();
          return {
            top: box.top,
            height: box.height,
            current: a.getAttribute('aria-current') === 'page',
            whole: box.left >= parent.left - 0.5 && box.right <= parent.right + 0.5,
          };
        }),
      );
      expect(links, label).toHaveLength(2);
      // One row, and neither label broken over two lines.
      expect(links[1].top, label).toBe(links[0].top);
      expect(links[1].height, label).toBe(links[0].height);
      expect(links.find((l) => l.current)?.whole, label).toBe(true);
      if (width < 1366 && locale !== 'en' && status === 'closed') {
        await testInfo.attach(`tabs ${label}`, {
          body: await page.screenshot({ clip: { x: 0, y: 0, width, height: 480 } }),
          contentType: 'image/png',
        });
      }
    }
  }
});
