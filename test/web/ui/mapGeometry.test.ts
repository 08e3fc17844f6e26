import { circular } from 'ol/geom/Polygon';
import { fromLonLat } from 'ol/proj';
import type { MapPoint } from '../../../src/web/ui/mapGeometry';
import {
  FIT_PADDING,
  mapFit,
  MAX_FIT_ZOOM,
  PIN_SIZE,
  placeExtent,
  placesExtent,
  spreadPins,
  toMercator,
} from '../../../src/web/ui/mapFit';

// The two places of the demo task TKBIZ001 (Teika and Āgenskalns, Rīga) as a visitor gets them.
const teika: MapPoint = { lat: 56.97724, lng: 24.17212, label: 'a', distanceKm: 2 };
const agenskalns: MapPoint = { lat: 56.94946, lng: 24.07755, label: 'b', distanceKm: 2 };

const close = (a: number[], b: number[], digits = 0) =>
  a.forEach((value, i) => expect(value).toBeCloseTo(b[i], digits));

describe('map geometry: the extent to fit', () => {
  it('projects like OpenLayers', () => {
    close(toMercator(24.1, 56.95), fromLonLat([24.1, 56.95]), 3);
  });

  it('holds the whole radius circle OpenLayers draws around an approximate place', () => {
    const drawn = circular([teika.lng, teika.lat], 2000, 64)
      .transform('EPSG:4326', 'EPSG:3857')
      .getExtent();
    // Within a metre: the 64-gon's corners touch the circle's bounds.
    close(placeExtent(teika), drawn, -1);
    const exact = { lat: 56.95, lng: 24.1, label: 'a' };
    expect(placeExtent(exact)).toEqual([...toMercator(24.1, 56.95), ...toMercator(24.1, 56.95)]);
  });

  it('fits two or more places whole, with room for the pins above them (issue 16)', () => {
    const fit = mapFit([teika, agenskalns]);
    expect(fit).toEqual({
      kind: 'extent',
      extent: placesExtent([teika, agenskalns]),
      padding: FIT_PADDING,
      maxZoom: MAX_FIT_ZOOM,
    });
    const [top, right, bottom, left] = FIT_PADDING;
    expect(top).toBeGreaterThanOrEqual(PIN_SIZE.height);
    expect(Math.min(left, right)).toBeGreaterThanOrEqual(PIN_SIZE.width / 2);
    expect(bottom).toBeGreaterThan(0);
    const extent = placesExtent([teika, agenskalns])!;
    for (const place of [teika, agenskalns]) {
      const own = placeExtent(place);
      expect(own[0]).toBeGreaterThanOrEqual(extent[0]);
      expect(own[1]).toBeGreaterThanOrEqual(extent[1]);
      expect(own[2]).toBeLessThanOrEqual(extent[2]);
      expect(own[3]).toBeLessThanOrEqual(extent[3]);
    }
  });

  it('keeps SPEC’s zoom table for one place', () => {
    expect(mapFit([teika])).toEqual({
      kind: 'centre',
      center: toMercator(24.17212, 56.97724),
      zoom: 7,
    });
    expect(mapFit([{ ...teika, distanceKm: 20 }])).toMatchObject({ kind: 'centre', zoom: 9 });
    expect(mapFit([{ ...teika, distanceKm: null }])).toMatchObject({ kind: 'centre', zoom: 6 });
    expect(mapFit([])).toBeNull();
  });
});

describe('map geometry: pins that would cover each other', () => {
  const { width, height } = PIN_SIZE;
  const apart = (a: number[], b: number[]) =>
    Math.abs(a[0] - b[0]) >= width || Math.abs(a[1] - b[1]) >= height;
  const placed = (tips: [number, number][]) =>
    spreadPins(tips).map(([dx, dy], i) => [tips[i][0] + dx, tips[i][1] + dy]);

  it('leaves pins that stand apart where they are', () => {
    expect(
      spreadPins([
        [10, 10],
        [100, 10],
        [10, 100],
      ]),
    ).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('sets two pins on one spot side by side, a left of b, around the spot', () => {
    const [a, b] = placed([
      [200, 200],
      [205, 202],
    ]);
    expect(apart(a, b)).toBe(true);
    expect(a[0]).toBeLessThan(b[0]);
    expect((a[0] + b[0]) / 2).toBeCloseTo(202.5);
    expect(a[1]).toBe(b[1]);
  });

  it('spreads any crowd so that no two pins overlap, ten on one spot included', () => {
    const crowds: [number, number][][] = [
      Array.from({ length: 10 }, () => [300, 300]),
      [
        [0, 0],
        [20, 0],
        [40, 0],
        [60, 0],
        [80, 30],
      ],
      [
        [100, 100],
        [130, 100],
        [115, 110],
        [400, 400],
      ],
    ];
    for (const tips of crowds) {
      const pins = placed(tips);
      for (let i = 0; i < pins.length; i += 1)
        for (let j = i + 1; j < pins.length; j += 1) expect(apart(pins[i], pins[j])).toBe(true);
    }
  });
});
