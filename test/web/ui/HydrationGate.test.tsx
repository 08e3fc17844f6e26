/**
 * The server's HTML has its controls disabled until React hydrates it (a value typed before then
 * would be lost); hydration finds the same markup, then enables them. A client-only render is
 * enabled at once.
 */
import { act, lazy, type ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { theme } from '../../../src/web/app/theme';
import { HydrationBoundary } from '../../../src/web/ui/HydrationBoundary';
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

describe('HydrationBoundary', () => {
  function Offers() {
    return <button type="button">Chat</button>;
  }
  // The page around a part in its own chunk (a lazy component), as the server and the browser have it.
  const page = (Part: ComponentType) => (
    <ThemeProvider theme={theme}>
      <HydrationGate>
        <button type="button">Log out</button>
        <HydrationBoundary>
          <button type="button">Completed</button>
          <Part />
        </HydrationBoundary>
      </HydrationGate>
    </ThemeProvider>
  );

  it('keeps its controls disabled until its own content has hydrated, after the layout', async () => {
    // The server has the part (its render waits for lazy parts).
    const onServer = lazy(() => Promise.resolve({ default: Offers }));
    renderToString(page(onServer));
    await act(async () => undefined);
    const html = renderToString(page(onServer));
    expect(html).toContain('Chat');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);

    // In the browser, the part's chunk is still on its way when hydration starts.
    let release: () => void = () => undefined;
    const chunk = new Promise<{ default: ComponentType }>((resolve) => {
      release = () => resolve({ default: Offers });
    });
    const inBrowser = lazy(() => chunk);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, page(inBrowser), {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    // The layout has hydrated; the boundary is still the server's HTML, where a click is lost.
    expect(screen.getByRole('button', { name: 'Log out' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Completed' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Chat' })).toBeDisabled();

    await act(async () => {
      release();
      await chunk;
    });
    expect(errors).toEqual([]);
    expect(screen.getByRole('button', { name: 'Completed' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Chat' })).toBeEnabled();
    container.remove();
  });
});
