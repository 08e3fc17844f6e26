import { expect, test, type Page } from '@playwright/test';
import { expectEveryControlReachableByTab, expectNoA11yViolations, logIn } from './support';

// Issue 9, Security (ASVS 3.4.3): the Content-Security-Policy the server sends (see
// test/server/security/headers.test.ts) lets the real SPA do everything it does: no page of the
// walk below reports a single violation, while a script injected against the policy is refused, so
// the listener demonstrably works. Nothing here changes data (no form is sent).

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations);

test.describe('Content-Security-Policy in the browser', () => {
  test('the SPA runs under the policy: no violation on any page', async ({ page }) => {
    await recordViolations(page);
    const visited: string[] = [];
    const visit = async (path: string, ready: () => Promise<void>) => {
      await page.goto(path);
      await ready();
      visited.push(path);
      expect({ path, violations: await violations(page) }).toEqual({ path, violations: [] });
    };
    const heading = () => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await visit('/en/', heading);
    await visit('/en/tasks', heading);
    // The pages no other spec walks through are held to the accessibility checks here as well.
    const accessible = async (label: string) => {
      await expectNoA11yViolations(page, label);
      await expectEveryControlReachableByTab(page, label);
    };
    await visit('/en/freelancers', heading);
    await accessible('freelancers');
    await visit('/en/tasks/TKBIZ001', heading);
    // The author's public profile, linked from the task.
    const profile = await page.locator('a[href*="/user/profile/"]').first().getAttribute('href');
    await visit(profile ?? '/en/user/profile/missing', heading);
    await accessible('profile (visitor)');
    await visit('/en/no-such-page', heading);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await accessible('404');
    await visit('/en/login', heading);
    await visit('/en/register', heading);

    await logIn(page, 'customer@talka.test');
    // The owner's in-progress task: exact places on the map (its pins drawn on a canvas), chat.
    await visit('/en/tasks/TKPROG01', heading);
    // Their own profile, with its edit form and photo upload.
    const me = (await (await page.request.get('/api/me')).json()) as { data: { uuid: string } };
    await visit(`/en/user/profile/${me.data.uuid}`, heading);
    await expect(page.getByRole('heading', { level: 2, name: 'Edit your profile' })).toBeVisible();
    await accessible('own profile (edit form)');
    await visit('/en/create-task', heading);
    // A picked image is previewed from a blob: URL.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
    await expect(page.locator('img[src^="blob:"]').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(visited).toHaveLength(11);
  });

  test('an inline script against the policy is refused and reported', async ({ page }) => {
    await recordViolations(page);
    await page.goto('/en/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { __injected?: boolean };
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return w.__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations(page)).toContainEqual(expect.stringMatching(/^script-src/));
  });
});
