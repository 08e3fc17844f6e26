import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'talka-demo';

/** Logs in through the real login form of the given locale. */
export async function logIn(page: Page, email: string, locale = 'en'): Promise<void> {
  const loginPath = locale === 'lv' ? 'pieslegties' : 'login';
  await page.goto(`/${locale}/${loginPath}`);
  await page.getByLabel(/email|e-pasts/i).fill(email);
  await page.getByLabel(/password|parole/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /log in|pieslēgties/i }).click();
  await expect(page.getByRole('button', { name: /log out|iziet/i })).toBeVisible();
}
