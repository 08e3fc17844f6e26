import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import {
  expectEveryControlReachableByTab,
  expectModalKeyboardRoundTrip,
  expectNoA11yViolations,
  logIn,
  waitForHydration,
} from './support';

test.describe('task detail page', () => {
  test('a visitor sees a seeded task with its status, budget and approximate place', async ({
    page,
  }) => {
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto('/en/tasks/TKOPEN01');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/jaucējkrānu/);
    await expect(page.getByText('Open', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('€30 – €80').first()).toBeVisible();
    // Before assignment a visitor never gets the exact street address.
    await expect(page.getByText('Brīvības iela 68')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete task' })).toHaveCount(0);
    await expectNoA11yViolations(page, 'task detail (visitor)');
    await expectEveryControlReachableByTab(page, 'task detail (visitor)');
    // The bundles start once the server's first paint is on the screen (scripts/webpack/boot.js):
    // after the first frame's rendering step and after the first contentful paint (that frame's
    // presentation), so no bundle's evaluation delays what the visitor sees first.
    const timing = await page.evaluate(() => ({
      frame: performance.getEntriesByName('talka-first-frame')[0]?.startTime ?? null,
      bundles: performance.getEntriesByName('talka-bundles-start')[0]?.startTime ?? null,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }));
    expect(timing.frame).not.toBeNull();
    expect(timing.bundles).not.toBeNull();
    expect(timing.fcp).not.toBeNull();
    expect(timing.frame!).toBeLessThan(timing.bundles!);
    expect(timing.fcp!).toBeLessThanOrEqual(timing.bundles!);
    // The loader warms up ICU's locale data in a worker of its own (a data: URL the CSP allows),
    // so hydration's first number and date formats do not pay for it on the main thread.
    expect(workers.filter((url) => url.startsWith('data:text/javascript,'))).toHaveLength(1);
    expect(refused).toEqual([]);
  });

  test('the server render preloads the first photo and loads the bundles after painting', async ({
    request,
  }) => {
    const html = await (await request.get('/en/tasks/TKOPEN01')).text();
    expect(html).toMatch(/<link rel="preload" as="image" href="\/uploads\/[^"]+" \/>/);
    // No bundle runs from the HTML: each is preloaded, and the small inline loader starts them
    // (inline: no request of its own; the Content-Security-Policy names it by its hash).
    expect(html.match(/<script[^>]*\ssrc=/g)).toBeNull();
    const inline = html.match(/<script>[\s\S]*?<\/script>/g);
    expect(inline).toHaveLength(1);
    expect(inline![0]).toContain('talka-bundles-start');
    expect(
      // At a deferred script's priority: they run after the first paint, so they do not go before
      // its pictures.
      html.match(
        /<link rel="preload" as="script" fetchpriority="low" href="\/assets\/[^"]+\.js" data-talka-entry>/g,
      )?.length,
    ).toBeGreaterThanOrEqual(2);
  });

  test('a map of two places fits them all, circles drawn to scale and every letter readable (issue 16)', async ({
    page,
  }, testInfo) => {
    const PIN = { width: 30, height: 40 };
    for (const width of [412, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      // TKBIZ001: two places across Rīga; TKEXPD01: two places 1.6 km apart in Tallinn, whose
      // 2 km circles overlap; TKOPEN01: one place (SPEC's zoom table: 2 km is zoom 7).
      for (const slug of ['TKBIZ001', 'TKEXPD01', 'TKOPEN01']) {
        const answer = await page.request.get(`/api/tasks/${slug}`);
        const { locations } = (await answer.json()).data as {
          locations: { lat: number; lng: number; distance: number | null }[];
        };
        await page.goto(`/en/tasks/${slug}`);
        const map = page.getByTestId('map');
        await map.scrollIntoViewIfNeeded();
        await expect(map).toHaveAttribute('data-view', /"pins"/);
        const view = JSON.parse((await map.getAttribute('data-view'))!) as {
          zoom: number;
          extent: [number, number, number, number];
          pins: { label: string; x: number; y: number }[];
        };
        // In the middle of the screen: nothing (the phone's action bar) over it in the picture.
        await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        const box = (await map.boundingBox())!;
        const shot = await map.screenshot();
        await testInfo.attach(`map-${slug}-${width}`, { body: shot, contentType: 'image/png' });
        // Each pin is drawn where the view says (a canvas picture, issue 15): the pin's blue
        // beside its letter, 10 px left of the middle of its head (15 px under its top).
        const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
        const scale = info.width / box.width;
        const colourAt = (x: number, y: number) => {
          const at = (Math.round(y * scale) * info.width + Math.round(x * scale)) * info.channels;
          return [data[at], data[at + 1], data[at + 2]];
        };
        for (const pin of view.pins) {
          const [red, green, blue] = colourAt(pin.x - 10, pin.y - PIN.height + 15);
          expect({ pin: pin.label, red, green, blue }).toEqual({
            pin: pin.label,
            red: expect.closeTo(0x0b, -1.5),
            green: expect.closeTo(0x5c, -1.5),
            blue: expect.closeTo(0xad, -1.5),
          });
        }
        if (locations.length === 1) {
          expect(view.zoom).toBe(7);
          continue;
        }
        const [west, south, east, north] = view.extent;
        for (const place of locations) {
          // The whole circle shows: distance km around the point.
          const km = place.distance ?? 0;
          const dLat = km / 111.2;
          const dLng = km / (111.2 * Math.cos((place.lat * Math.PI) / 180));
          expect(place.lat - dLat).toBeGreaterThan(south);
          expect(place.lat + dLat).toBeLessThan(north);
          expect(place.lng - dLng).toBeGreaterThan(west);
          expect(place.lng + dLng).toBeLessThan(east);
          // ... and big enough to see (it was 3 px wide at zoom 7).
          const metresPerPx =
            ((east - west) * 111_320 * Math.cos((place.lat * Math.PI) / 180)) / box.width;
          expect((km * 1000) / metresPerPx).toBeGreaterThan(20);
        }
        expect(view.pins.map((pin) => pin.label)).toEqual(['a', 'b']);
        for (const pin of view.pins) {
          expect(pin.x - PIN.width / 2).toBeGreaterThanOrEqual(0);
          expect(pin.x + PIN.width / 2).toBeLessThanOrEqual(box.width);
          expect(pin.y - PIN.height).toBeGreaterThanOrEqual(0);
          expect(pin.y).toBeLessThanOrEqual(box.height);
        }
        const [a, b] = view.pins;
        expect(Math.abs(a.x - b.x) >= PIN.width || Math.abs(a.y - b.y) >= PIN.height).toBe(true);
      }
    }
  });

  test('"Make an offer" is the main action: near the top, on phones a bar at the bottom that covers nothing (issue 16)', async ({
    page,
  }) => {
    // A phone: the bar is on screen from the start, at the bottom edge.
    await page.setViewportSize({ width: 412, height: 915 });
    await page.goto('/en/tasks/TKOPEN01');
    const bar = page.getByTestId('make-offer');
    const action = bar.getByRole('link', { name: 'Make an offer' });
    await expect(action).toBeInViewport();
    let box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(915);
    expect(box.width).toBe(412);
    // Scrolled to the very end, the page's last content ends above the bar. Hydrated first, and
    // scrolled again until the end holds: sections that load after the first paint grow the page.
    await waitForHydration(page);
    await expect
      .poll(async () =>
        page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          return document.getElementById('root')!.getBoundingClientRect().bottom;
        }),
      )
      .toBeLessThanOrEqual(box.y + 1);
    await expect(action).toBeInViewport();
    box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(915);

    // A desktop: in place beside the budget, above the description, on the first screen.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/en/tasks/TKOPEN01');
    await expect(action).toBeInViewport();
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('static');
    const description = (await page.getByTestId('task-description').boundingBox())!;
    expect((await action.boundingBox())!.y).toBeLessThan(description.y);
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
