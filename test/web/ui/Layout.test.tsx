/**
 * The header's phone menu: on a narrow screen the languages and the account sit behind a "Menu"
 * button (CSS shows them in the header's row on wide screens; jsdom has no media queries, so these
 * tests check the button's state and the panel it controls). It closes with Escape (focus back on
 * the button) and when the page changes.
 */
import { screen } from '@testing-library/react';
import { Link, useLocation } from 'react-router-dom';
import { Layout } from '../../../src/web/ui/Layout';
import { renderWithProviders } from '../../support/render';

function Page() {
  const { pathname } = useLocation();
  return (
    <Layout
      logo="Talka"
      navLabel="Main"
      skipLabel="Skip to content"
      menuLabel="Menu"
      menuResetKey={pathname}
      actions={
        <>
          <Link to="/lv">LV</Link>
          <button type="button">Log out</button>
        </>
      }
    >
      <p>Content</p>
    </Layout>
  );
}

it('the menu button shows and hides the languages and the account', async () => {
  const { user } = renderWithProviders(<Page />);
  const button = screen.getByRole('button', { name: 'Menu' });
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  // Closed: in the page (for wide screens) but not shown here.
  const logOut = screen.getByRole('button', { name: 'Log out', hidden: true });
  expect(panel).toContainElement(logOut);
  expect(panel).toContainElement(screen.getByRole('link', { name: 'LV', hidden: true }));
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(logOut).not.toBeVisible();

  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('button', { name: 'Log out' })).toBeVisible();
  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(logOut).not.toBeVisible();
});

it('Escape closes the open menu and puts the focus back on its button', async () => {
  const { user } = renderWithProviders(<Page />);
  const button = screen.getByRole('button', { name: 'Menu' });
  await user.click(button);
  await user.tab();
  expect(screen.getByRole('link', { name: 'LV' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveFocus();
});

it('closes when the page changes (a link in it was followed)', async () => {
  const { user, router } = renderWithProviders(<Page />, { route: '/en' });
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  await user.click(screen.getByRole('link', { name: 'LV' }));
  expect(router.state.location.pathname).toBe('/lv');
  expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
});
