/**
 * Public questions on a task (issue 20): a freelancer asks, the question appears live on the
 * owner's open page, the owner answers, and a visitor sees both, the phone number as [hidden].
 */
import { expect, test } from '@playwright/test';
import { createTask, userPage } from './robustness';
import { expectNoA11yViolations, waitForHydration } from './support';

test('a freelancer asks, the owner answers live, a visitor sees both with the phone hidden', async ({
  browser,
  baseURL,
}) => {
  const owner = await userPage(browser, 'customer@talka.test', baseURL);
  const task = await createTask(owner, {
    title: 'Hang three shelves in the hall',
    description: 'Concrete wall, shelves and brackets are here.',
  });
  const url = `/en/tasks/${task.identifier}`;

  // The owner's page is open before the question is asked: it arrives by push.
  await owner.goto(url);
  await waitForHydration(owner);
  const ownerSection = owner.getByRole('region', { name: 'Questions to the customer' });
  await expect(ownerSection.getByText('No questions yet.')).toBeVisible();

  const freelancer = await userPage(browser, 'freelancer3@talka.test', baseURL);
  await freelancer.goto(url);
  await waitForHydration(freelancer);
  const section = freelancer.getByRole('region', { name: 'Questions to the customer' });
  await section
    .getByLabel('Ask the customer a question')
    .fill('Can I call you on +371 2912 3456 to see the wall first?');
  await expectNoA11yViolations(freelancer, 'task questions: ask form filled');
  await section.getByRole('button', { name: 'Ask' }).click();
  const asked = section.getByTestId('question');
  await expect(asked).toContainText('Can I call you on [hidden] to see the wall first?');
  await expect(section).not.toContainText('2912');

  const ownerQuestion = ownerSection.getByTestId('question');
  await expect(ownerQuestion).toContainText('Can I call you on [hidden]');
  await ownerQuestion
    .getByLabel('Your answer')
    .fill('Please ask here; the wall is plain concrete.');
  await ownerQuestion.getByRole('button', { name: 'Answer' }).click();
  await expect(ownerQuestion.getByTestId('question-answer')).toContainText(
    'Please ask here; the wall is plain concrete.',
  );

  const visitorContext = await browser.newContext(baseURL ? { baseURL } : {});
  const visitor = await visitorContext.newPage();
  await visitor.goto(url);
  await waitForHydration(visitor);
  const visitorSection = visitor.getByRole('region', { name: 'Questions to the customer' });
  await expect(visitorSection.getByTestId('question')).toContainText(
    'Can I call you on [hidden] to see the wall first?',
  );
  await expect(visitorSection.getByTestId('question-answer')).toContainText(
    'Please ask here; the wall is plain concrete.',
  );
  await expect(
    visitorSection.getByRole('link', { name: 'Log in to ask a question' }),
  ).toBeVisible();
  expect(await visitor.content()).not.toContain('2912 3456');
  await expectNoA11yViolations(visitor, 'task questions: visitor');

  await visitorContext.close();
  await owner.context().close();
  await freelancer.context().close();
});
