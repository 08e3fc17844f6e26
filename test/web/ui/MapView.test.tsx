/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../../../src/web/app/theme';
import {
  circleRadiusMeters,
  mapCenter,
  mapDistanceKm,
  mapZoom,
  markerLetter,
  MapView,
} from '../../../src/web/ui/MapView';
import { PIN_SIZE, pinText } from '../../../src/web/ui/mapFit';

// OpenLayers needs a canvas (not in jsdom): the implementation chunk is replaced by a marker.
jest.mock('../../../src/web/ui/MapView.ol', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    __esModule: true,
    default: (props: { label: string; tileUrl: string }) =>
      createElement('div', {
        role: 'region',
        'aria-label': props.label,
        'data-tiles': props.tileUrl,
      }),
  };
});

describe('MapView helpers', () => {
  it('letters markers a, b, c ... z, then aa, ab', () => {
    expect([0, 1, 2, 25, 26, 27].map(markerLetter)).toEqual(['a', 'b', 'c', 'z', 'aa', 'ab']);
  });

  it('draws the radius circle at distance x 1000 m', () => {
    expect(circleRadiusMeters(2)).toBe(2000);
    expect(circleRadiusMeters(0.5)).toBe(500);
  });

  it('zooms by the largest distance, or the default 150 km (zoom 6)', () => {
    const at = (distanceKm?: number | null) => ({ lat: 56.9, lng: 24.1, label: 'a', distanceKm });
    expect(mapDistanceKm([at(), at(null)])).toBe(150);
    expect(mapZoom([at()])).toBe(6);
    expect(mapZoom([at(20)])).toBe(9);
    expect(mapZoom([at(30), at(20)])).toBe(8);
    expect(mapZoom([at(0)])).toBe(10);
    expect(mapZoom([at(2)])).toBe(7);
  });

  it('centres on the middle of the points', () => {
    expect(mapCenter([])).toBeNull();
    expect(
      mapCenter([
        { lat: 56, lng: 24, label: 'a' },
        { lat: 58, lng: 26, label: 'b' },
      ]),
    ).toEqual([25, 57]);
  });

  it('makes 30 x 40 px pins carrying the letter, only letters and digits, three at most', () => {
    // The picture itself is drawn on a canvas (test/e2e/taskDetail.spec.ts checks its pixels).
    expect(PIN_SIZE).toEqual({ width: 30, height: 40 });
    expect(pinText('b')).toBe('b');
    expect(pinText('<x>')).toBe('x');
    expect(pinText('ab1c')).toBe('ab1');
  });
});

describe('MapView', () => {
  it('shows a labelled fallback until the OpenLayers chunk has loaded, then the map', async () => {
    render(
      <ThemeProvider theme={theme}>
        <MapView
          points={[{ lat: 56.95, lng: 24.1, label: 'a' }]}
          tileUrl=""
          attribution=""
          height={300}
          label="Map of the task locations"
        />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('map-fallback')).toHaveAttribute(
      'aria-label',
      'Map of the task locations',
    );
    const map = await screen.findByRole('region', { name: 'Map of the task locations' });
    expect(map).toHaveAttribute('data-tiles', '');
    expect(screen.queryByTestId('map-fallback')).toBeNull();
  });
});
