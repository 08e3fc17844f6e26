import { expect, test } from '@playwright/test';

// Issue 7, Tests: a newcomer on a phone finds a task through the category sidebar and the list
// filters, registers, becomes a freelancer and gets the offer form. Only TKOPEN01 is opened (its
// data is not changed: the offer form is opened, never sent) and a fresh user is registered.
test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });

test.describe('browsing as a newcomer', () => {
  test('home → sidebar modal → filtered list → task → register → become freelancer → offer form', async ({
    page,
  }) => {
    // Home: the hero.
    await page.goto('/en/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Get it done by a local tasker' }),
    ).toBeVisible();

    // On a phone the side panel is hidden; its button opens the categories in a modal.
    const sidebarButton = page.getByRole('button', { name: 'Browse categories' });
    await expect(page.locator('#app-sidebar')).toBeHidden();
    await expect(sidebarButton).toHaveAttribute('aria-expanded', 'false');
    await sidebarButton.click();
    const modal = page.getByRole('dialog', { name: 'Categories' });
    await expect(modal).toBeVisible();
    await expect(sidebarButton).toHaveAttribute('aria-expanded', 'true');

    // A child category leads to the task list filtered by its slug; the modal closes.
    await modal
      .getByRole('list', { name: 'Subcategories of Home repair and construction' })
      .getByRole('link', { name: 'Plumbing', exact: true })
      .click();
    await expect(page).toHaveURL(/\/en\/tasks\?categories=plumbing$/);
    await expect(modal).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    await expect(page.getByLabel('Category')).toHaveValue('plumbing');

    // Filter further: open tasks only, then a search text; the URL keeps every filter.
    await page.getByLabel('Status').selectOption('open');
    await expect(page).toHaveURL(/[?&]status=open(&|$)/);
    await expect(page).toHaveURL(/[?&]categories=plumbing(&|$)/);
    await page.getByRole('searchbox', { name: 'Search' }).fill('jaucējkrān');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]q=jaucēj|[?&]q=jauc%C4%93j/);
    await expect(page).toHaveURL(/[?&]status=open(&|$)/);
    const taskLink = page.getByRole('link', { name: 'Nomainīt virtuves jaucējkrānu' });
    await expect(taskLink).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(1);

    // Open the task: a visitor's make-offer control is a link to log in, described by its tooltip.
    await taskLink.click();
    await expect(page).toHaveURL(/\/en\/tasks\/TKOPEN01$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/jaucējkrānu/);
    const visitorOffer = page.getByRole('link', { name: 'Make an offer' });
    await expect(visitorOffer).toHaveAttribute(
      'href',
      /\/en\/login\?next=%2Fen%2Ftasks%2FTKOPEN01$/,
    );
    await expect(visitorOffer).toHaveAccessibleDescription('Log in to make an offer');
    await visitorOffer.click();
    await expect(page).toHaveURL(/\/en\/login\?next=/);

    // No account yet: from the login page to the register page, keeping the way back.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/en\/register\?next=%2Fen%2Ftasks%2FTKOPEN01$/);
    const email = `newcomer-${Date.now()}@talka.test`;
    await page.getByLabel('Full name').fill('Nora Newcomer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('newcomer-pass-123');
    await page.getByLabel('I accept the terms of service and the privacy policy').check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // Back on the task, logged in but not a freelancer: the control leads to become-freelancer.
    await expect(page).toHaveURL(/\/en\/tasks\/TKOPEN01$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    const customerOffer = page.getByRole('link', { name: 'Make an offer' });
    await expect(customerOffer).toHaveAccessibleDescription('Become a freelancer to make an offer');
    await customerOffer.click();
    await expect(page).toHaveURL(/\/en\/become-freelancer\?next=%2Fen%2Ftasks%2FTKOPEN01$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Become a freelancer' }),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: 'Plumbing', exact: true }).check();
    // The page's language is offered checked; English is chosen either way.
    const english = page.getByRole('group', { name: 'Languages you speak' }).getByRole('checkbox', {
      name: 'English',
    });
    await english.check();
    await expect(english).toBeChecked();
    await page.getByRole('button', { name: 'Become a freelancer' }).click();

    // Back on the task as a freelancer: the control is now a button that opens the offer form.
    await expect(page).toHaveURL(/\/en\/tasks\/TKOPEN01$/);
    await expect(page.getByRole('link', { name: 'Make an offer' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Make an offer' }).click();
    const offerForm = page.getByRole('dialog', { name: 'Make an offer' });
    await expect(offerForm).toBeVisible();
    await expect(offerForm.getByLabel('Description')).toBeVisible();
    await expect(offerForm.getByLabel('Price, EUR')).toBeVisible();
  });

  test('task list filters round-trip through the URL', async ({ page }) => {
    await page.goto('/en/tasks?q=logo&sort=budget_desc&status=open');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('logo');
    await expect(page.getByLabel('Sort by')).toHaveValue('budget_desc');
    await expect(page.getByLabel('Status')).toHaveValue('open');
    await expect(
      page.getByRole('link', { name: 'Logo refresh for a renovation company' }),
    ).toBeVisible();

    // Changing the sort keeps the search and drops the default sort from the URL.
    await page.getByLabel('Sort by').selectOption('newest');
    await expect(page).toHaveURL(/\/en\/tasks\?q=logo&status=open$/);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('logo');

    // The back button restores the previous filters into the form.
    await page.goBack();
    await expect(page).toHaveURL(/sort=budget_desc/);
    await expect(page.getByLabel('Sort by')).toHaveValue('budget_desc');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('logo');
  });
});
