import { expect, test } from '@playwright/test';
import {
  expectEveryControlReachableByTab,
  expectFocusTrappedIn,
  expectModalKeyboardRoundTrip,
  expectNoA11yViolations,
  logIn,
  waitForHydration,
} from './support';

test.describe('completion and reports', () => {
  test.describe.configure({ mode: 'serial' });
  test('the owner marks the task completed and rates the freelancer 5 stars', async ({ page }) => {
    await logIn(page, 'customer@talka.test');
    await page.goto('/en/tasks/TKPROG01');
    const completed = page.getByRole('button', { name: 'Completed', exact: true });
    const notCompleted = page.getByRole('button', { name: 'Not completed', exact: true });
    await expect(completed).toBeVisible();
    await expectNoA11yViolations(page, 'task in progress (owner)');
    await expectEveryControlReachableByTab(page, 'task in progress (owner)');
    await completed.click();

    const wizard = page.getByRole('dialog', { name: 'Task completed' });
    const stars = wizard.getByRole('radiogroup', { name: 'Your rating' });
    await expect(stars).toBeVisible();
    await expectNoA11yViolations(page, 'completion wizard: rating');
    await expectEveryControlReachableByTab(page, 'completion wizard: rating');
    await expectFocusTrappedIn(wizard);
    // Sent without stars: the error is announced with the group (and scanned).
    await wizard.getByRole('button', { name: 'Send' }).click();
    await expect(stars).toHaveAccessibleDescription('Choose from 1 to 5 stars.');
    await expectNoA11yViolations(page, 'completion wizard: rating missing');
    // Keyboard: the first star is the tab stop; End jumps to 5.
    await stars.getByRole('radio', { name: '1 star of 5' }).focus();
    await page.keyboard.press('End');
    await expect(stars.getByRole('radio', { name: '5 stars of 5' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(stars.getByRole('radio', { name: '5 stars of 5' })).toBeFocused();
    // Arrows move the choice and the focus together; the group is a single tab stop.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const three = stars.getByRole('radio', { name: '3 stars of 5' });
    await expect(three).toHaveAttribute('aria-checked', 'true');
    await expect(three).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    await expect(stars.getByRole('radio', { name: '5 stars of 5' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(three).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Tab');
    expect(await stars.evaluate((group) => group.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await expect(stars.getByRole('radio', { name: '5 stars of 5' })).toBeFocused();
    await wizard
      .getByLabel('Feedback (optional)')
      .fill('Fast and careful work, the wardrobe is fixed to the wall.');
    await wizard.getByRole('button', { name: 'Send' }).click();

    await expect(page.getByText('Task marked as completed. Your feedback was sent.')).toBeVisible();
    await expect(wizard).toBeHidden();
    await expect(completed).toHaveCount(0);
    await expect(notCompleted).toHaveCount(0);
  });

  // Runs after the owner's test above: the owner has locked TKPROG01, the freelancer has not reviewed.
  test('the chosen freelancer then reviews it as not completed: reason, back, and submits', async ({
    page,
  }) => {
    await logIn(page, 'freelancer@talka.test');
    await page.goto('/en/tasks/TKPROG01');
    // Issue 16: the second party is told what the owner did and what their answer means.
    await expect(
      page.getByText('The customer Anna B. marked this task as completed.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Completed', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'No, not completed', exact: true }).click();

    const wizard = page.getByRole('dialog', { name: 'Your feedback' });
    await expect(
      wizard.getByText(
        'The task stays completed whatever you answer: your answer goes on your review.',
      ),
    ).toBeVisible();
    await expect(wizard).toBeVisible();
    await expectNoA11yViolations(page, 'completion wizard: reasons');
    await expectEveryControlReachableByTab(page, 'completion wizard: reasons');
    // Next without a reason: the error is shown (and scanned).
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Choose a reason.')).toBeVisible();
    await expectNoA11yViolations(page, 'completion wizard: reason missing');
    await wizard.getByRole('radio', { name: 'The task differed from the description' }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard
      .getByLabel('Feedback (optional)')
      .fill('The wardrobe was twice the size described.');

    // Back to the reasons and forward again: the choice and the typed feedback are kept.
    await wizard.getByRole('button', { name: 'Back to the reasons' }).click();
    const reason = wizard.getByRole('radio', { name: 'The task differed from the description' });
    await expect(reason).toBeChecked();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByLabel('Feedback (optional)')).toHaveValue(
      'The wardrobe was twice the size described.',
    );
    await expectNoA11yViolations(page, 'completion wizard: feedback');
    await expectEveryControlReachableByTab(page, 'completion wizard: feedback');
    await wizard.getByRole('radio', { name: '3 stars of 5' }).click();
    await wizard.getByRole('button', { name: 'Send' }).click();

    // Only a review: the success text says so, and the status stays the owner's 'completed'.
    await expect(page.getByText('Your feedback was sent. The task stays completed.')).toBeVisible();
    await expect(page.getByText(/marked as (not completed|incomplete)/)).toHaveCount(0);
    await expect(wizard).toBeHidden();
    await expect(page.getByRole('button', { name: 'No, not completed', exact: true })).toHaveCount(
      0,
    );
  });

  test('a visitor reports a task once; a second report is refused', async ({ page }) => {
    await page.goto('/en/tasks/TKLT0001');
    // The keyboard round trip focuses the button: not while the server's HTML is still disabled.
    await waitForHydration(page);
    const report = page.getByRole('button', { name: 'Report', exact: true });

    // Keyboard: Enter opens the modal, the focus stays inside, Escape gives it back to the button.
    const modal = page.getByRole('dialog', { name: 'Report this task' });
    await expectModalKeyboardRoundTrip(report, modal, 'report modal');

    await report.click();
    await modal.getByLabel('What is wrong with this task?').fill('Looks like an advertisement.');
    await modal.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Task reported')).toBeVisible();
    await expect(modal).toBeHidden();

    // Same browser, same anonymous visitor id: refused, and the modal closes.
    await report.click();
    await modal.getByLabel('What is wrong with this task?').fill('Reporting it again.');
    await modal.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('You have already reported this task')).toBeVisible();
    await expect(modal).toBeHidden();
  });
});
