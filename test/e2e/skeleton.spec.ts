import { expect, test } from '@playwright/test';
import { expectEveryControlReachableByTab, expectNoA11yViolations, logIn, logOut } from './support';

test.describe('walking skeleton', () => {
  test.describe('a browser whose languages Talka does not speak', () => {
    test.use({ locale: 'de-DE' });

    test('opening / lands on the Latvian home page', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/lv\/?$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page, 'home (lv, visitor)');
      await expectEveryControlReachableByTab(page, 'home (lv, visitor)');
    });
  });

  test('switching to English keeps the page and translates it', async ({ page }) => {
    await page.goto('/lv/pieslegties');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page, 'login (lv)');
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expectNoA11yViolations(page, 'login (en)');
    await expectEveryControlReachableByTab(page, 'login (en)');
  });

  test('the demo customer logs in, sees their name and logs out', async ({ page }) => {
    await logIn(page, 'customer@talka.test');
    const header = page.getByRole('banner');
    await expect(
      header.getByText('Anna B.', { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    await expectNoA11yViolations(page, 'home (en, logged in)');
    await expectEveryControlReachableByTab(page, 'home (en, logged in)');
    await logOut(page);
    await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(header.getByText('Anna B.', { exact: true })).toHaveCount(0);
    // The session ended on the server too: /api/me answers 401 now.
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });

  test('a wrong password is refused with a message and the email is kept', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByLabel('Email').fill('customer@talka.test');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(/do not match|invalid|incorrect/i).first()).toBeVisible();
    await expectNoA11yViolations(page, 'login with a wrong password');
    await expectEveryControlReachableByTab(page, 'login with a wrong password');
    await expect(page.getByLabel('Email')).toHaveValue('customer@talka.test');
  });
});
