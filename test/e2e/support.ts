import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'talka-demo';

/**
 * Waits until React has hydrated the server's HTML: the layout's HydrationGate (a disabled,
 * aria-busy fieldset until then) is enabled, and one more frame has passed for the effects.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('fieldset[aria-busy="true"]'));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

/** Logs in through the real login form of the given locale. */
export async function logIn(page: Page, email: string, locale = 'en'): Promise<void> {
  const loginPath = locale === 'lv' ? 'pieslegties' : 'login';
  await page.goto(`/${locale}/${loginPath}`);
  await waitForHydration(page);
  await page.getByLabel(/email|e-pasts/i).fill(email);
  await page.getByLabel(/password|parole/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /log in|pieslēgties/i }).click();
  await expect(accountMenu(page)).toBeVisible();
}

/**
 * The header's account group: there once logged in. On wide screens its links and "Log out" sit
 * in a panel that the user's name opens; on phones all of it is behind the header's Menu button.
 */
export const accountMenu = (page: Page): Locator =>
  page.getByRole('banner').getByRole('group', { name: /^(account|konts)$/i });

/** Logs out through the header on a wide screen: the name opens the panel with "Log out". */
export async function logOut(page: Page): Promise<void> {
  const menu = accountMenu(page);
  await menu.getByRole('button', { expanded: false }).click();
  await menu.getByRole('button', { name: /^(log out|iziet)$/i }).click();
}

/** The WCAG levels the suite holds every page to (issue 8). */
const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

/**
 * Scans the page as it is now (once hydrated) with axe (WCAG 2.0 A/AA and 2.1 AA) and fails on any violation,
 * printing each rule's id, help text and the selectors of the offending nodes. `label` names the
 * page state in the message (e.g. 'task detail: offer form open').
 */
export async function expectNoA11yViolations(page: Page, label: string): Promise<void> {
  allowMoreTime(20_000);
  // The page as it is used: until hydration the layout's and each lazy part's HydrationGate is a
  // disabled, aria-busy fieldset, which axe reads as content nobody can focus.
  await waitForHydration(page);
  // Let entrance transitions finish so colours are measured as the user sees them.
  await page.evaluate(() => document.fonts.ready);
  const { violations } = await new AxeBuilder({ page }).withTags(A11Y_TAGS).analyze();
  const report = violations
    .map((violation) => {
      const targets = violation.nodes
        .map((node) => {
          const why = node.failureSummary?.split('\n').slice(1).join(' ').trim();
          return `    - ${node.target.join(' ')}${why ? `  (${why})` : ''}`;
        })
        .join('\n');
      return `  ${violation.id} [${violation.impact ?? 'n/a'}]: ${violation.help}\n${targets}`;
    })
    .join('\n');
  expect(violations.length, `axe violations on "${label}":\n${report}`).toBe(0);
}

/** What Tab must stop at: shown, enabled controls; of a radio group the checked (or first) one. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex], summary';

/** Gives the running test `ms` more time: each check below costs seconds on a busy machine. */
function allowMoreTime(ms: number): void {
  const info = test.info();
  if (info.timeout > 0) info.setTimeout(info.timeout + ms);
}

/**
 * Tabs through the whole page (with a modal open: the topmost dialog) from its top and checks that every control is reached (none is
 * left for the mouse only) and that each focused element shows a focus ring (an outline of at
 * least 2px, or a box shadow). Fails with the controls never reached or drawn without a ring.
 */
export async function expectEveryControlReachableByTab(page: Page, label: string): Promise<void> {
  allowMoreTime(60_000);
  const expected = await page.evaluate((selector) => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    // With a modal open only its controls count: the focus is trapped in the topmost dialog.
    const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]');
    const root: HTMLElement = dialogs[dialogs.length - 1] ?? document.body;
    const all = Array.from(root.querySelectorAll<HTMLElement>(selector)).filter((el) => {
      if (el.tabIndex < 0 || el.closest('[inert], [hidden]')) return false;
      if (!el.checkVisibility({ visibilityProperty: true })) return false;
      if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
        const group = Array.from(
          document.querySelectorAll<HTMLInputElement>('input[type="radio"]:not([disabled])'),
        ).filter((radio) => radio.name === el.name && radio.form === el.form);
        const checked = group.find((radio) => radio.checked);
        return checked ? checked === el : group[0] === el;
      }
      return true;
    });
    all.forEach((el, index) => el.setAttribute('data-tab-probe', String(index)));
    // Every focus from here on is recorded with whether it shows a ring.
    const seen: { probe: string | null; ring: boolean; what: string }[] = [];
    (window as unknown as { __tabProbe: typeof seen }).__tabProbe = seen;
    document.addEventListener('focusin', (event) => {
      const el = event.target as HTMLElement;
      const style = getComputedStyle(el);
      seen.push({
        probe: el.getAttribute('data-tab-probe'),
        ring:
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ||
          style.boxShadow !== 'none',
        what: describe(el),
      });
    });
    // Start from the top of the document (or of the dialog): a focus point that is not a tab stop.
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.id = 'tab-probe-start';
    root.prepend(start);
    start.focus();
    seen.length = 0;
    return all.map(describe);
  }, TABBABLE);

  // One press per control and a few more: past the last one the focus leaves the page.
  for (let press = 0; press < expected.length + 15; press += 1) await page.keyboard.press('Tab');
  const { seen, stillTabbable } = await page.evaluate(() => {
    document.getElementById('tab-probe-start')?.remove();
    // A control may stop being one on the way (a submit disabled once required fields are
    // touched): only those still enabled and shown count as missed.
    const stillTabbable = Array.from(document.querySelectorAll<HTMLElement>('[data-tab-probe]'))
      .filter(
        (el) =>
          !(el as HTMLButtonElement).disabled &&
          el.tabIndex >= 0 &&
          el.checkVisibility({ visibilityProperty: true }),
      )
      .map((el) => el.getAttribute('data-tab-probe'));
    document
      .querySelectorAll('[data-tab-probe]')
      .forEach((el) => el.removeAttribute('data-tab-probe'));
    const probe = (
      window as unknown as { __tabProbe: { probe: string | null; ring: boolean; what: string }[] }
    ).__tabProbe;
    return { seen: probe, stillTabbable };
  });
  const reached = new Set(seen.map((focus) => focus.probe));
  const missed = expected.filter(
    (_, index) => !reached.has(String(index)) && stillTabbable.includes(String(index)),
  );
  const order = seen.map((focus) => focus.what).join(' → ');
  expect(missed, `controls Tab never reaches on "${label}" (order: ${order})`).toEqual([]);
  const noRing = [...new Set(seen.filter((focus) => !focus.ring).map((focus) => focus.what))];
  expect(noRing, `focused without a visible focus ring on "${label}"`).toEqual([]);
}

/**
 * Keyboard round trip of a modal: Enter on `opener` opens `dialog`, which is scanned with axe and
 * keeps the focus inside; Escape closes it and the focus is back on the opener.
 */
export async function expectModalKeyboardRoundTrip(
  opener: Locator,
  dialog: Locator,
  label: string,
): Promise<void> {
  const page = opener.page();
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, label);
  await expectFocusTrappedIn(dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/**
 * With a modal dialog open: Tab and Shift+Tab cycle through its controls and never leave it
 * (pressed more times than it has controls, so each end is passed).
 */
export async function expectFocusTrappedIn(dialog: Locator): Promise<void> {
  allowMoreTime(30_000);
  const page = dialog.page();
  const stops = await dialog.evaluate((root, selector) => {
    return Array.from(root.querySelectorAll<HTMLElement>(selector)).filter(
      (el) =>
        el.tabIndex >= 0 &&
        !el.closest('[inert], [hidden]') &&
        el.checkVisibility({ visibilityProperty: true }) &&
        !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked),
    ).length;
  }, TABBABLE);
  expect(stops, 'a modal has something to focus').toBeGreaterThan(0);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press <= stops + 1; press += 1) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((root) => root.contains(document.activeElement));
      expect(inside, `${key} #${press + 1} keeps the focus inside the dialog`).toBe(true);
    }
  }
}
