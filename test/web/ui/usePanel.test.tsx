/**
 * usePanel: the one open state of the header's panels (the phone's menu, the account's links):
 * the button toggles it, Escape closes it with the focus back on the button, another page closes it.
 */
import { screen } from '@testing-library/react';
import { usePanel } from '../../../src/web/ui/usePanel';
import { renderWithProviders } from '../../support/render';

function Panel({ page }: { page: string }) {
  const panel = usePanel(page);
  return (
    <div onKeyDown={panel.onKeyDown}>
      <button {...panel.buttonProps}>Links</button>
      <div id={panel.id} hidden={!panel.open}>
        <a href="#one">One</a>
      </div>
    </div>
  );
}

it('opens and closes from its button, and Escape closes it with the focus on the button', async () => {
  const { user } = renderWithProviders(<Panel page="/en" />);
  const button = screen.getByRole('button', { name: 'Links' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(document.getElementById(button.getAttribute('aria-controls') ?? '')).not.toBeVisible();
  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'false');

  await user.click(button);
  screen.getByRole('link', { name: 'One' }).focus();
  await user.keyboard('{Escape}');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveFocus();
});

it('closes when the page changes', async () => {
  const { user, rerender } = renderWithProviders(<Panel page="/en" />);
  await user.click(screen.getByRole('button', { name: 'Links' }));
  rerender(<Panel page="/en/tasks" />);
  expect(screen.getByRole('button', { name: 'Links' })).toHaveAttribute('aria-expanded', 'false');
});
