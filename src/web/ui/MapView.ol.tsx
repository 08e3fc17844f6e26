/**
 * The OpenLayers implementation of MapView, in its own chunk ('map'). Not rendered in jest (no
 * canvas in jsdom); its pure parts live in mapGeometry.ts.
 */
import { useEffect, useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import View from 'ol/View';
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import { circular } from 'ol/geom/Polygon';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import { fromLonLat, toLonLat } from 'ol/proj';
import type { FeatureLike } from 'ol/Feature';
import { Circle as CircleStyle, Fill, Icon, Stroke, Style } from 'ol/style';
import { defaults as defaultControls } from 'ol/control/defaults';
import olCssUrl from 'ol/ol.css';
import { circleRadiusMeters } from './mapGeometry';
import { drawPin, mapFit, PIN_SIZE, spreadPins } from './mapFit';
import { MapFrame, type MapViewProps } from './MapView';
import { ensureStylesheet } from './stylesheet';

ensureStylesheet(olCssUrl);

/** The texts of OpenLayers' own controls (English by default), translated. */
const messages = defineMessages({
  zoomIn: { id: 'map.zoomIn', defaultMessage: 'Zoom in' },
  zoomOut: { id: 'map.zoomOut', defaultMessage: 'Zoom out' },
  attributions: { id: 'map.attributions', defaultMessage: 'Map data sources' },
});

const PIN_COLOR = '#0b5cad';

// Circles under everything, then leader lines and dots, then the pins (a, b, c ... on top).
const circleStyle = new Style({
  fill: new Fill({ color: 'rgba(11, 92, 173, 0.15)' }),
  stroke: new Stroke({ color: PIN_COLOR, width: 2 }),
  zIndex: 0,
});

const leaderStroke = new Stroke({ color: PIN_COLOR, width: 2 });
const dotStyle = new Style({
  image: new CircleStyle({
    radius: 4,
    fill: new Fill({ color: PIN_COLOR }),
    stroke: new Stroke({ color: '#fff', width: 1.5 }),
  }),
  zIndex: 1,
});

function pinStyle(
  picture: HTMLCanvasElement,
  index: number,
  count: number,
  shift: [number, number],
): Style {
  return new Style({
    image: new Icon({
      img: picture,
      width: PIN_SIZE.width,
      height: PIN_SIZE.height,
      anchor: [0.5, 1],
      // OpenLayers' displacement is in pixels with y up; spreadPins answers y down.
      displacement: [shift[0], -shift[1]],
    }),
    zIndex: 2 + count - index,
  });
}

/** The map's view as the page's tests read it (no OpenLayers API reaches them). */
export interface MapViewState {
  zoom: number;
  /** [west, south, east, north] of what shows, in degrees. */
  extent: [number, number, number, number];
  /** Each pin's point on screen (px from the map's top left, after spreading), by letter. */
  pins: { label: string; x: number; y: number }[];
}

export default function MapViewOl({ points, tileUrl, attribution, height, label }: MapViewProps) {
  const target = useRef<HTMLDivElement>(null);
  const intl = useIntl();
  const zoomIn = intl.formatMessage(messages.zoomIn);
  const zoomOut = intl.formatMessage(messages.zoomOut);
  const attributions = intl.formatMessage(messages.attributions);

  useEffect(() => {
    const element = target.current;
    if (!element) return undefined;

    const features: Feature[] = [];
    const coordinates = points.map((point) => fromLonLat([point.lng, point.lat]));
    for (const point of points) {
      if (point.distanceKm) {
        // A geodesic circle: distance x 1000 m on the ground, whatever the latitude.
        const circle = circular(
          [point.lng, point.lat],
          circleRadiusMeters(point.distanceKm),
          64,
        ).transform('EPSG:4326', 'EPSG:3857');
        const feature = new Feature(circle);
        feature.setStyle(circleStyle);
        features.push(feature);
      }
    }

    // Where each pin goes at a resolution: spread apart where they would cover each other
    // (rotation is off, so screen pixels are the map's coordinates over the resolution). The
    // styles are made once per resolution, not on every frame.
    let spreadAt = Number.NaN;
    let shifts: [number, number][] = [];
    let styles: (Style | Style[] | undefined)[] = [];
    // Each pin's picture, drawn once (the styles are made again at each resolution).
    const pictures = points.map((point) => drawPin(point.label, window.devicePixelRatio));
    const shiftsAt = (resolution: number): [number, number][] => {
      if (resolution !== spreadAt) {
        spreadAt = resolution;
        shifts = spreadPins(coordinates.map(([x, y]) => [x / resolution, -y / resolution]));
        styles = [];
      }
      return shifts;
    };
    const markerStyle = (index: number, resolution: number): Style | Style[] => {
      const shift = shiftsAt(resolution)[index];
      const cached = styles[index];
      if (cached) return cached;
      const coordinate = coordinates[index];
      const pin = pinStyle(pictures[index], index, points.length, shift);
      let style: Style | Style[] = pin;
      if (shift[0] !== 0 || shift[1] !== 0) {
        // A moved pin keeps a line to its place, which is marked with a dot.
        const tip = [coordinate[0] + shift[0] * resolution, coordinate[1] - shift[1] * resolution];
        const leader = new Style({
          geometry: new LineString([coordinate, tip]),
          stroke: leaderStroke,
          zIndex: 1,
        });
        style = [leader, dotStyle, pin];
      }
      styles[index] = style;
      return style;
    };
    coordinates.forEach((coordinate, index) => {
      const marker = new Feature(new Point(coordinate));
      marker.setStyle((_feature: FeatureLike, resolution: number) =>
        markerStyle(index, resolution),
      );
      features.push(marker);
    });

    const layers = [];
    // Offline (no tile URL): no tiles layer; the markers and circles still show.
    if (tileUrl) {
      layers.push(
        new TileLayer({
          source: new XYZ({ url: tileUrl, attributions: attribution, crossOrigin: 'anonymous' }),
        }),
      );
    }
    layers.push(new VectorLayer({ source: new VectorSource({ features }) }));

    const fit = mapFit(points);
    // Made first, then put on the page in a task of its own (issue 15): building the map and
    // attaching it to the page (its DOM, its size, its view's fit) were one task of 30-40 ms on a
    // phone's main thread; the map draws its first frame after both, as before.
    const map = new OlMap({
      layers,
      controls: defaultControls({
        attribution: Boolean(tileUrl),
        attributionOptions: { tipLabel: attributions },
        rotate: false,
        zoomOptions: { zoomInTipLabel: zoomIn, zoomOutTipLabel: zoomOut },
      }),
      keyboardEventTarget: element,
      view: new View({
        center: fit?.kind === 'centre' ? fit.center : fromLonLat([0, 0]),
        zoom: fit?.kind === 'centre' ? fit.zoom : 2,
        // Pins are spread apart in screen pixels: a turned map would need them laid out again.
        enableRotation: false,
      }),
    });
    // The view as data on the frame, for the end-to-end tests (markers are drawn on a canvas).
    const describe = () => {
      const view = map.getView();
      const resolution = view.getResolution();
      const size = map.getSize();
      if (resolution === undefined || !size) return;
      const [minX, minY, maxX, maxY] = view.calculateExtent(size);
      const [west, south] = toLonLat([minX, minY]);
      const [east, north] = toLonLat([maxX, maxY]);
      const spread = shiftsAt(resolution);
      const state: MapViewState = {
        zoom: view.getZoom() ?? 0,
        extent: [west, south, east, north],
        pins: points.map((point, index) => {
          const [x, y] = map.getPixelFromCoordinate(coordinates[index]) ?? [0, 0];
          return { label: point.label, x: x + spread[index][0], y: y + spread[index][1] };
        }),
      };
      element.dataset.view = JSON.stringify(state);
    };
    // OpenLayers' first moveend comes with its second frame; a map whose pictures are all drawn
    // already (canvas pins, no tiles offline) may have only one: its first complete render too.
    // By key: `un` of a listener that `once` was given removes that one whatever the type.
    const described = [map.on('moveend', describe), map.once('rendercomplete', describe)];
    const attach = setTimeout(() => {
      map.setTarget(element);
      // The tip labels are titles; the buttons' own text is a sign ('+', '–', 'i'): name them too.
      const name = (selector: string, text: string) =>
        element.querySelector(selector)?.setAttribute('aria-label', text);
      name('.ol-zoom-in', zoomIn);
      name('.ol-zoom-out', zoomOut);
      name('.ol-attribution button', attributions);
      if (fit?.kind === 'extent') {
        map.getView().fit(fit.extent, { padding: [...fit.padding], maxZoom: fit.maxZoom });
      }
    }, 0);
    return () => {
      clearTimeout(attach);
      unByKey(described);
      map.setTarget(undefined);
    };
  }, [points, tileUrl, attribution, zoomIn, zoomOut, attributions]);

  return (
    <MapFrame
      ref={target}
      $height={typeof height === 'number' ? `${height}px` : height}
      role="region"
      aria-label={label}
      tabIndex={0}
      data-testid="map"
    />
  );
}
