import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  expectEveryControlReachableByTab,
  expectFocusTrappedIn,
  expectNoA11yViolations,
  logIn,
} from './support';

const CUSTOMER = 'customer@talka.test';

/** A small PNG made on the spot (no fixtures on disk). */
async function png(name: string, background: string) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD' of a day `days` from today, in local time (what the date picker shows). */
function dayFromNow(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
/** 'YYYY-MM-DD' -> 'DD.MM.YYYY' as the task page shows dates. */
const shown = (date: string) => date.split('-').reverse().join('.');

/** Types into an address combobox and picks the suggestion that starts with the text. */
async function pickAddress(page: Page, label: string, text: string): Promise<string> {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(text);
  const option = page.getByRole('listbox', { name: label }).getByRole('option').first();
  // The server loads its offline gazetteer on the first search: allow a cold start.
  await expect(option).toHaveText(new RegExp(`^${text}`), { timeout: 20_000 });
  // The offline gazetteer knows towns, not streets: the street is pinned at its town, and says so.
  await expect(option).toContainText(/Approximate: the pin is at the centre of /);
  const address = (await option.locator('span').first().textContent()) ?? '';
  await option.click();
  await expect(input).toHaveValue(address);
  return address;
}

/**
 * The same with the keyboard only: the open list is scanned, Escape closes it, ArrowDown opens it
 * again on the first suggestion and Enter picks that one without sending the form.
 */
async function pickAddressByKeyboard(page: Page, label: string, text: string): Promise<string> {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(text);
  const list = page.getByRole('listbox', { name: label });
  const first = list.getByRole('option').first();
  await expect(first).toHaveText(new RegExp(`^${text}`), { timeout: 20_000 });
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expectNoA11yViolations(page, `task form: ${label} suggestions open`);
  await input.press('Escape');
  await expect(list).toBeHidden();
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await input.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  const address = (await first.locator('span').first().textContent()) ?? '';
  await input.press('Enter');
  await expect(input).toHaveValue(address);
  await expect(list).toBeHidden();
  await expect(page).toHaveURL(/\/en\/create-task$/);
  return address;
}

async function chooseImages(page: Page, files: Awaited<ReturnType<typeof png>>[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByText(/Drop images here or click to choose/).click();
  await (await chooser).setFiles(files);
}

test.describe('task form', () => {
  test('creates a task with a period, two addresses, a budget range and two images', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await logIn(page, CUSTOMER);
    await page.goto('/en/create-task');
    await expect(page.getByRole('heading', { level: 1, name: 'Post a task' })).toBeVisible();
    await expectNoA11yViolations(page, 'task form (empty)');

    await page.getByLabel('Category').selectOption({ label: 'Home repair and construction' });
    await page.getByLabel('Subcategory').selectOption({ label: 'Plumbing' });
    const title = `Fix the bathroom tap ${Date.now()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page
      .getByLabel('Description')
      .fill('The tap drips day and night; bring a new cartridge.');
    await page.getByRole('checkbox', { name: 'Latvian' }).check();
    await page.getByRole('checkbox', { name: 'English' }).check();

    await page.getByRole('radio', { name: 'Between two dates' }).check();
    const startDay = dayFromNow(3);
    const endDay = dayFromNow(5);
    await page.getByLabel('Start: date').fill(startDay);
    await page.getByLabel('Start: time (HH:MM)').fill('0930');
    await page.getByLabel('End: date').fill(endDay);
    await page.getByLabel('End: time (HH:MM)').fill('1800');
    // Masked while typed.
    await expect(page.getByLabel('Start: time (HH:MM)')).toHaveValue('09:30');
    await expect(page.getByLabel('End: time (HH:MM)')).toHaveValue('18:00');

    await page.getByRole('radio', { name: 'At specific addresses' }).check();
    const addressA = await pickAddress(page, 'Address A', 'Brīvības iela 68, Rīga');
    await page.getByRole('button', { name: 'Add another address' }).click();
    const addressB = await pickAddressByKeyboard(page, 'Address B', 'Elizabetes iela 10, Rīga');

    await page.getByLabel('From', { exact: true }).fill('100');
    await page.getByLabel('To', { exact: true }).fill('300');

    await chooseImages(page, [await png('tap.png', '#f00'), await png('sink.png', '#00f')]);
    await expect(page.getByText('2 of 12 images')).toBeVisible();
    await expect(page.getByRole('img', { name: 'tap.png' })).toBeVisible();
    await expectNoA11yViolations(page, 'task form filled in, two images');
    await expectEveryControlReachableByTab(page, 'task form filled in, two images');

    await page.getByRole('button', { name: 'Add task' }).click();

    // /en/tasks/view/{uuid} replaces itself with the task's own page.
    await expect(page).toHaveURL(/\/en\/tasks\/(?!view\/)[^/]+$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const places = page.getByRole('list', { name: 'Location' });
    // The owner sees the exact addresses, in order (after the marker letters A and B).
    await expect(places.getByRole('listitem')).toHaveCount(2);
    await expect(places.getByRole('listitem')).toContainText([addressA, addressB]);
    await expect(page.getByRole('img', { name: /^Photo \d of 2: / })).toHaveCount(2);
    await expect(page.getByText('€100 – €300').first()).toBeVisible();
    await expect(page.getByTestId('task-time')).toHaveText(
      `${shown(startDay)} 09:30 – ${shown(endDay)} 18:00`,
    );
    // Both languages, in whatever order the server lists them.
    await expect(page.getByTestId('task-languages')).toHaveText(/^(LV, EN|EN, LV)$/);
    await expectNoA11yViolations(page, 'task detail (owner, addresses and images)');
    await expectEveryControlReachableByTab(page, 'task detail (owner, addresses and images)');
    // The lightbox, opened from a thumbnail.
    await page.getByRole('button', { name: /^Photo 1 of 2: / }).click();
    await expect(page.locator('.lg-outer .lg-current img')).toBeVisible();
    await expectNoA11yViolations(page, 'lightbox');
    await expectEveryControlReachableByTab(page, 'lightbox');
  });

  test('edits a task from its page: one image fewer and a specific amount', async ({ page }) => {
    await logIn(page, CUSTOMER);
    // A task with two images, made through the API the form uses.
    const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
    expect(token).toBeTruthy();
    const title = `Paint the hallway ${Date.now()}`;
    const body = new FormData();
    for (const [name, value] of Object.entries({
      category_id: '12',
      title,
      description: 'Two walls, about twenty square metres.',
      'languages[]': 'en',
      due_type: 'end',
      due_end: `${dayFromNow(7)}T12:00:00`,
      location_type: 'anywhere',
      budget_from: '100',
      budget_to: '300',
    }))
      body.append(name, value);
    for (const [name, color] of [
      ['wall.png', '#0f0'],
      ['door.png', '#ff0'],
    ]) {
      const file = await png(name, color);
      body.append('images[]', new Blob([file.buffer], { type: file.mimeType }), name);
    }
    const response = await page.request.post('/api/tasks', {
      multipart: body,
      headers: { 'X-XSRF-TOKEN': token!, Accept: 'application/json' },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { data } = (await response.json()) as { data: { identifier: string } };

    await page.goto(`/en/tasks/${data.identifier}`);
    await expect(page.getByRole('img', { name: /^Photo \d of 2: / })).toHaveCount(2);
    await expect(page.getByText('€100 – €300').first()).toBeVisible();

    await page.getByRole('button', { name: 'Edit task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the task' });
    await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(dialog.getByText('2 of 12 images')).toBeVisible();
    await expectNoA11yViolations(page, 'edit task modal');
    await expectEveryControlReachableByTab(page, 'edit task modal');
    // The dropzone's file input is hidden: the focus still cycles through the visible controls.
    await expectFocusTrappedIn(dialog);
    await dialog.getByRole('button', { name: 'Remove image Image 1' }).click();
    await expect(dialog.getByText('1 of 12 images')).toBeVisible();
    await dialog.getByLabel('Or a specific amount').fill('250');
    await dialog.getByRole('button', { name: 'Save changes' }).click();

    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(page.getByText('Task updated')).toBeVisible();
    await expect(page.getByText('€250', { exact: true })).toBeVisible();
    await expect(page.getByText('€100 – €300')).toHaveCount(0);
    await expect(page.getByRole('img', { name: /^Photo 1 of 1: / })).toHaveCount(1);
    // Stored, not just shown: a reload says the same.
    await page.reload();
    await expect(page.getByText('€250', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Photo \d of \d: / })).toHaveCount(1);
  });

  // Issue 16, layout polish: the specific amount's hint stretched the From and To boxes taller.
  test('the budget boxes are the same height and no gap under the category, at both widths', async ({
    page,
  }) => {
    await logIn(page, CUSTOMER);
    for (const width of [1366, 412]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/en/create-task');
      const heights = await Promise.all(
        ['task-budget_from', 'task-budget_to', 'task-budget_specific'].map(async (id) =>
          Math.round((await page.locator(`#${id}`).boundingBox())?.height ?? 0),
        ),
      );
      expect(heights[0], `at ${width} px`).toBeGreaterThan(20);
      expect(heights, `at ${width} px`).toEqual([heights[0], heights[0], heights[0]]);
      // No large gap under the category select: its error line and one field gap, no more.
      const select = await page.locator('#task-category-parent').boundingBox();
      const title = await page.locator('label', { hasText: /^Title$/ }).boundingBox();
      expect(title!.y - (select!.y + select!.height), `at ${width} px`).toBeLessThan(60);
    }
  });

  test('an invalid form says so, and a server 422 shows under its field', async ({ page }) => {
    await logIn(page, CUSTOMER);
    await page.goto('/en/create-task');
    const submit = page.getByRole('button', { name: 'Add task' });
    await expect(submit).toBeVisible();
    await expectEveryControlReachableByTab(page, 'task form (empty)');
    // Tabbing through touched every field; start the checks below from a fresh form.
    await page.reload();
    await expect(submit).toBeEnabled();
    await submit.click();

    const invalid = page.getByRole('button', { name: 'Invalid form' });
    await expect(invalid).toBeVisible();
    await expect(invalid).toBeDisabled();
    const titleInput = page.getByLabel('Title', { exact: true });
    await expect(titleInput).toHaveAttribute('aria-invalid', 'true');
    await expect(titleInput).toHaveAccessibleDescription(/This field is required\./);
    await expect(page.getByLabel('Description')).toHaveAccessibleDescription(
      /This field is required\./,
    );
    await expect(page.getByRole('checkbox', { name: 'English' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // The first field in error takes the focus.
    await expect(page.getByLabel('Category')).toBeFocused();
    await expectNoA11yViolations(page, 'task form with errors');
    await expectEveryControlReachableByTab(page, 'task form with errors');

    // Filled in properly, the form is sendable again.
    await page.getByLabel('Category').selectOption({ label: 'Home repair and construction' });
    await page.getByLabel('Subcategory').selectOption({ label: 'Plumbing' });
    await titleInput.fill('Hang three shelves');
    await page.getByLabel('Description').fill('Oak shelves, concrete wall, I have the brackets.');
    await page.getByRole('checkbox', { name: 'English' }).check();
    await page.getByRole('radio', { name: 'Done by' }).check();
    await page.getByLabel('End: date').fill(dayFromNow(4));
    await page.getByLabel('End: time (HH:MM)').fill('1200');
    await expect(submit).toBeEnabled();

    // A rule only the server knows: it answers 422 for the title.
    let posted = 0;
    await page.route('**/api/tasks', (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posted += 1;
      return route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'The given data was invalid.',
          errors: { title: ['Server says no'] },
        }),
      });
    });
    await submit.click();

    await expect(titleInput).toHaveAccessibleDescription(/Server says no/);
    await expect(page.getByText('Server says no')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Some fields need attention' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invalid form' })).toBeDisabled();
    await expectNoA11yViolations(page, 'task form with a server error');
    await expectEveryControlReachableByTab(page, 'task form with a server error');
    expect(posted).toBe(1);
    // Nothing typed is lost, and the page did not move.
    await expect(titleInput).toHaveValue('Hang three shelves');
    await expect(page.getByLabel('Description')).toHaveValue(
      'Oak shelves, concrete wall, I have the brackets.',
    );
    await expect(page.getByRole('checkbox', { name: 'English' })).toBeChecked();
    await expect(page).toHaveURL(/\/en\/create-task$/);

    // Editing the field clears the server's message and the button comes back.
    await titleInput.fill('Hang three oak shelves');
    await expect(page.getByText('Server says no')).toHaveCount(0);
    await expect(submit).toBeEnabled();
  });
});
