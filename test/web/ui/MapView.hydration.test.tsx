/**
 * @jest-environment ./test/support/webEnvironment.ts
 *
 * The map in a server-rendered page: the server's HTML and the hydrating render hold a frame of the
 * map's size (no OpenLayers on the server, no mismatch), and the map replaces it after hydration.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../../../src/web/app/theme';
import { MapView } from '../../../src/web/ui/MapView';

const implementation = jest.fn();
// OpenLayers needs a canvas (not in jsdom): the implementation chunk is replaced by a marker.
jest.mock('../../../src/web/ui/MapView.ol', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    __esModule: true,
    default: (props: { label: string }) => {
      implementation();
      return createElement('div', { role: 'region', 'aria-label': props.label });
    },
  };
});

const map = (
  <ThemeProvider theme={theme}>
    <MapView
      points={[{ lat: 56.95, lng: 24.1, label: 'a', distanceKm: 2 }]}
      tileUrl=""
      attribution=""
      height={320}
      label="Map of the task locations"
    />
  </ThemeProvider>
);

it('renders a frame of the same height on the server and at hydration, then the map', async () => {
  const html = renderToString(map);
  expect(html).toContain('data-testid="map-fallback"');
  expect(implementation).not.toHaveBeenCalled();

  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const frame = screen.getByTestId('map-fallback');
  expect(getComputedStyle(frame).height).toBe('320px');

  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, map, { onRecoverableError: (error) => recoverable.push(error) });
  });
  expect(recoverable).toEqual([]);
  expect(await screen.findByRole('region', { name: 'Map of the task locations' })).toBeVisible();
  expect(screen.queryByTestId('map-fallback')).toBeNull();
});
