import { expect, test, type Locator, type Page } from '@playwright/test';
import { logIn, waitForHydration } from './support';

/**
 * Issue 16 (flow 7): an error that appears when a field is left must not move what is under it.
 * The pointer goes down on the next control, the field's blur shows its error, and the pointer
 * comes up: had the control moved, the click would land beside it and be lost.
 */
async function leaveInvalidByClicking(page: Page, field: Locator, text: string, next: Locator) {
  await field.fill(text);
  const before = await next.boundingBox();
  expect(before).not.toBeNull();
  // One motion, as a person clicks: down and up on the spot where the control was.
  await next.click();
  expect.soft(await next.boundingBox(), 'the next control stayed where it was').toEqual(before);
}

test.describe('an error shown on leaving a field moves nothing below it', () => {
  test('login: the submit clicked right after an invalid email is clicked', async ({ page }) => {
    await page.goto('/en/login');
    await waitForHydration(page);
    const submit = page.getByRole('button', { name: 'Log in' });
    await leaveInvalidByClicking(page, page.getByLabel('Email'), 'not-an-email', submit);
    await expect(page.getByText(/^Enter a valid email address/)).toBeVisible();
    // The click took effect: the submit attempt shows the empty password's error too.
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  test('registration: the terms box ticked right after a short password', async ({ page }) => {
    await page.goto('/en/register');
    await waitForHydration(page);
    const terms = page.getByRole('checkbox');
    await leaveInvalidByClicking(page, page.getByLabel('Password', { exact: true }), 'ab', terms);
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(terms).toBeChecked();
  });

  test('task form: the description clicked right after a too short title', async ({ page }) => {
    await logIn(page, 'customer@talka.test');
    await page.goto('/en/create-task');
    await waitForHydration(page);
    const description = page.getByLabel('Description');
    await leaveInvalidByClicking(page, page.getByLabel('Title'), 'abc', description);
    await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(description).toBeFocused();
  });
});

test('phone: an error longer than its line waits until the pointer is up', async ({ page }) => {
  await logIn(page, 'customer@talka.test');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/ru/sozdat-zadanie');
  await waitForHydration(page);
  const title = page.getByLabel('Название');
  const description = page.getByLabel('Описание');
  await title.fill('abc');
  const before = await description.boundingBox();
  if (!before) throw new Error('the description is not on the screen');
  const error = page.getByText(/^Длина названия должна быть/);

  // Pressed on the description: the title is left, and nothing moves while the button is down.
  await page.mouse.move(before.x + before.width / 2, before.y + 10);
  await page.mouse.down();
  await expect(description).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(error).toBeHidden();
  expect(await description.boundingBox()).toEqual(before);

  // Released: the error shows, and it is the long kind this is about (two lines or more).
  await page.mouse.up();
  await expect(error).toBeVisible();
  const box = await error.boundingBox();
  const lineHeight = await error.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect(box?.height ?? 0).toBeGreaterThan(1.5 * lineHeight);
});
