import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expectEveryControlReachableByTab,
  expectFocusTrappedIn,
  expectNoA11yViolations,
} from './support';

const TASK = '/en/tasks/TKOPEN02';

/** The XSRF double-submit header the SPA sends, for API calls made from the test. */
async function xsrfHeader(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': token };
}

/**
 * A fresh browser context (own cookies, own session) logged in as `email` through the API: the
 * login form is covered by skeleton.spec.ts, and two form logins per test cost time on a busy box.
 */
async function userPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.request.get('/api/health'); // sets the XSRF-TOKEN cookie
  const login = await page.request.post('/api/login', {
    headers: await xsrfHeader(page),
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return page;
}

/** The offers list of the task page (owner: 'Offers', freelancer: 'Your offer'). */
const offersList = (page: Page, title: 'Offers' | 'Your offer') =>
  page.getByRole('region', { name: title, exact: true });

test.describe('offers between two browsers', () => {
  test('a freelancer offers and edits; the owner sees it live, meets a stale assign, then assigns', async ({
    browser,
  }) => {
    const owner = await userPage(browser, 'business@talka.test');
    const freelancer = await userPage(browser, 'freelancer@talka.test');

    await owner.goto(TASK);
    const ownerList = offersList(owner, 'Offers');
    await expect(ownerList.getByTestId('offer-card')).toHaveCount(1);
    await expect(ownerList.getByRole('article', { name: 'Mari T.' })).toBeVisible();
    await expectNoA11yViolations(owner, 'task detail (owner with offers)');
    await expectEveryControlReachableByTab(owner, 'task detail (owner with offers)');

    // The freelancer makes an offer through the modal.
    await freelancer.goto(TASK);
    await freelancer.getByRole('button', { name: 'Make an offer' }).click();
    const form = freelancer.getByRole('dialog', { name: 'Make an offer' });
    await form.getByLabel('Description').fill('Three logo concepts in five days, SVG and PDF.');
    await form.getByLabel('Price, EUR').fill('280');
    await expectNoA11yViolations(freelancer, 'offer form filled in');
    await expectEveryControlReachableByTab(freelancer, 'offer form filled in');
    await form.getByRole('button', { name: 'Send offer' }).click();
    await expect(freelancer.getByText('Offer created')).toBeVisible();
    await expect(form).toBeHidden();
    const ownCard = offersList(freelancer, 'Your offer').getByRole('article', { name: 'Jānis O.' });
    await expect(ownCard.getByLabel('Price: €280')).toBeVisible();

    // The owner's open page shows it without a reload (push tasks.view).
    const janis = ownerList.getByRole('article', { name: 'Jānis O.' });
    await expect(janis.getByLabel('Price: €280')).toBeVisible();
    await expect(janis.getByText('Three logo concepts in five days')).toBeVisible();

    // The freelancer edits the price in the edit modal; the owner's page follows.
    await ownCard.getByRole('button', { name: 'Edit' }).click();
    const edit = freelancer.getByRole('dialog', { name: 'Edit your offer' });
    await expect(edit.getByLabel('Price, EUR')).toBeVisible();
    await expectNoA11yViolations(freelancer, 'edit offer modal');
    await expectEveryControlReachableByTab(freelancer, 'edit offer modal');
    await edit.getByLabel('Price, EUR').fill('260');
    await edit.getByRole('button', { name: 'Save offer' }).click();
    await expect(freelancer.getByText('Offer updated')).toBeVisible();
    await expect(ownCard.getByLabel('Price: €260')).toBeVisible();
    await expect(janis.getByLabel('Price: €260')).toBeVisible();

    // The owner opens the assign confirm on the €260 version; meanwhile the freelancer changes the
    // offer again (through the API, since the owner's page keeps the confirm open).
    await janis.getByRole('button', { name: 'Assign' }).click();
    const confirm = owner.getByRole('dialog', { name: 'Assign this offer?' });
    await expect(confirm).toContainText('Jānis O. will do the task for €260.');
    await expectNoA11yViolations(owner, 'assign confirm');
    await expectEveryControlReachableByTab(owner, 'assign confirm');
    await expectFocusTrappedIn(confirm);
    const offerUuid = await janis.getAttribute('data-offer');
    const task = (await (await freelancer.request.get('/api/tasks/TKOPEN02')).json()) as {
      data: { uuid: string };
    };
    const put = await freelancer.request.put(`/api/tasks/${task.data.uuid}/offers/${offerUuid}`, {
      headers: await xsrfHeader(freelancer),
      data: {
        description: 'Three logo concepts in five days, SVG and PDF. Printing files extra.',
        price: 240,
        notify_if_not_chosen: false,
      },
    });
    expect(put.status()).toBe(200);
    // The push refresh reaches the owner's page while the confirm is still open.
    await expect(janis.getByLabel('Price: €240')).toBeVisible();
    // The confirm still shows (and will send the hash of) the version it was opened on.
    await expect(confirm).toContainText('Jānis O. will do the task for €260.');

    await confirm.getByRole('button', { name: 'Assign' }).click();
    const popup = owner.getByRole('dialog', { name: 'The offer could not be assigned' });
    await expect(popup.getByRole('alert')).toHaveText(
      'The offer was updated. Please review it and try again.',
    );
    await expectNoA11yViolations(owner, 'assign refused popup');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toBeHidden();
    await expect(janis.getByText('Printing files extra.')).toBeVisible();

    // Now the owner assigns the current version.
    await janis.getByRole('button', { name: 'Assign' }).click();
    await expect(confirm).toContainText('Jānis O. will do the task for €240.');
    await confirm.getByRole('button', { name: 'Assign' }).click();
    await expect(owner.getByText('Offer assigned')).toBeVisible();

    // Owner: the chosen offer first with 'Chosen', no assign buttons left, the freelancer's contacts.
    await expect(ownerList.getByTestId('offer-card').first()).toHaveAttribute(
      'data-offer',
      offerUuid ?? '',
    );
    await expect(janis.getByText('Chosen', { exact: true })).toBeVisible();
    await expect(ownerList.getByRole('button', { name: 'Assign' })).toHaveCount(0);
    const ownerContacts = owner.getByTestId('task-contacts');
    await expect(ownerContacts).toContainText('+371 2000 0002');
    await expect(ownerContacts).toContainText('freelancer@talka.test');
    await expectNoA11yViolations(owner, 'task detail (owner, assigned)');
    await expectEveryControlReachableByTab(owner, 'task detail (owner, assigned)');

    // Freelancer (live): their offer is 'Chosen', locked, and they see the owner's contacts.
    await expect(ownCard.getByText('Chosen', { exact: true })).toBeVisible();
    await expect(ownCard.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    const freelancerContacts = freelancer.getByTestId('task-contacts');
    await expect(freelancerContacts).toContainText('+371 6700 0004');
    await expect(freelancerContacts).toContainText('business@talka.test');
    await expectNoA11yViolations(freelancer, 'task detail (chosen freelancer)');
    await expectEveryControlReachableByTab(freelancer, 'task detail (chosen freelancer)');

    await owner.context().close();
    await freelancer.context().close();
  });

  test('the owner chats with a freelancer; the message reaches the freelancer live and the reply comes back', async ({
    browser,
  }) => {
    // TKET0001: Mari T. (freelancer2@) owns it, Jānis O. (freelancer@) has the one offer.
    const owner = await userPage(browser, 'freelancer2@talka.test');
    const freelancer = await userPage(browser, 'freelancer@talka.test');
    // The freelancer's task page subscribes to the push stream; wait until the server has it.
    const pushOpen = freelancer.waitForResponse(
      (response) => response.url().includes('/api/push?tasks=') && response.status() === 200,
    );
    await freelancer.goto('/en/tasks/TKET0001');
    await pushOpen;
    const unread = async () =>
      (
        (await (await freelancer.request.get('/api/chat/unread')).json()) as {
          data: { count: number };
        }
      ).data.count;
    const unreadBefore = await unread();
    // No conversation about this task yet: the freelancer's own offer card has no chat button.
    const ownOffer = offersList(freelancer, 'Your offer').getByRole('article', {
      name: 'Jānis O.',
    });
    await expect(ownOffer).toBeVisible();
    await expect(ownOffer.getByRole('button', { name: /^Chat/ })).toHaveCount(0);

    await owner.goto('/en/tasks/TKET0001');
    const janis = offersList(owner, 'Offers').getByRole('article', { name: 'Jānis O.' });
    await janis.getByRole('button', { name: 'Chat' }).click();
    // The title names the person (issue 16); the task is the line under it.
    const panel = owner.getByRole('dialog', { name: 'Chat with Jānis O.' });
    await expect(panel.getByTestId('chat-task')).toHaveText(
      'Task: Lihtne koduleht väikesele pagariärile',
    );
    const box = panel.getByLabel('Message');
    await expect(box).toBeFocused();
    await box.fill('Hello Jānis! Could you also add an online order form?');
    await box.press('Enter');
    const own = panel.getByTestId('chat-message').filter({ hasText: 'online order form' });
    await expect(own).toContainText('You');
    await expect(box).toHaveValue('');
    await expectNoA11yViolations(owner, 'chat panel (owner)');
    await expectEveryControlReachableByTab(owner, 'chat panel (owner)');

    // Live on the freelancer's open page (push chat.message): the chat button with the unread count.
    const chatButton = ownOffer.getByRole('button', { name: 'Chat (1 unread)' });
    await expect(chatButton).toBeVisible();
    expect(await unread()).toBe(unreadBefore + 1);

    // The freelancer opens the conversation (which marks it read) and sees the owner's message.
    await chatButton.click();
    const freelancerPanel = freelancer.getByRole('dialog', { name: 'Chat with Mari T.' });
    const received = freelancerPanel
      .getByTestId('chat-message')
      .filter({ hasText: 'Hello Jānis! Could you also add an online order form?' });
    await expect(received).toContainText('Mari T.');
    await expect.poll(unread).toBe(unreadBefore);
    await expect(ownOffer.getByRole('button', { name: 'Chat', exact: true })).toHaveCount(1);

    // The freelancer answers by typing and Enter.
    const freelancerBox = freelancerPanel.getByLabel('Message');
    await expect(freelancerBox).toBeFocused();
    await freelancerBox.pressSequentially('Yes, an order form is fine for €100 more.');
    await freelancerBox.press('Enter');
    await expect(
      freelancerPanel.getByTestId('chat-message').filter({ hasText: 'order form is fine' }),
    ).toContainText('You');
    await expect(freelancerBox).toHaveValue('');

    // The owner's open panel shows the reply without a reload.
    const answer = panel.getByTestId('chat-message').filter({ hasText: 'order form is fine' });
    await expect(answer).toContainText('Jānis O.');
    await expectNoA11yViolations(freelancer, 'chat panel (freelancer)');
    // The panel is not modal (the page stays usable beside it); Escape closes it and the focus
    // goes back to the button that opened it.
    await freelancerBox.press('Escape');
    await expect(freelancerPanel).toBeHidden();
    await expect(ownOffer.getByRole('button', { name: 'Chat', exact: true })).toBeFocused();

    await owner.context().close();
    await freelancer.context().close();
  });
});
