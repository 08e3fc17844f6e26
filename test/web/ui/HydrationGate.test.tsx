/**
 * The server's HTML has its controls disabled until React hydrates it (a value typed before then
 * would be lost); hydration finds the same markup, then enables them. A client-only render is
 * enabled at once.
 */
import { act } from 'react';
import { render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { theme } from '../../../src/web/app/theme';
import { HydrationGate } from '../../../src/web/ui/HydrationGate';

const ui = (
  <ThemeProvider theme={theme}>
    <HydrationGate>
      <label>
        Email <input name="email" />
      </label>
      <button type="submit">Log in</button>
    </HydrationGate>
  </ThemeProvider>
);

it('is disabled in the server HTML and enabled after hydration, with no mismatch', async () => {
  const html = renderToString(ui);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  expect(container.querySelector('fieldset')).toBeDisabled();
  expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();

  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, ui, { onRecoverableError: (error) => errors.push(error) });
  });
  expect(errors).toEqual([]);
  expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  container.remove();
});

it('is enabled at once in a client-only render', () => {
  render(ui);
  expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
});
