/**
 * The OpenLayers implementation of MapView, in its own chunk ('map'). Not rendered in jest (no
 * canvas in jsdom); its pure parts live in mapGeometry.ts.
 */
import { useEffect, useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import { circular } from 'ol/geom/Polygon';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import { fromLonLat } from 'ol/proj';
import { createEmpty, extend } from 'ol/extent';
import { Fill, Icon, Stroke, Style } from 'ol/style';
import { defaults as defaultControls } from 'ol/control/defaults';
import olCssUrl from 'ol/ol.css';
import { MAP } from '../../shared/limits';
import { circleRadiusMeters, mapCenter, mapZoom, pinDataUrl, PIN_SIZE } from './mapGeometry';
import { MapFrame, type MapViewProps } from './MapView';
import { ensureStylesheet } from './stylesheet';

ensureStylesheet(olCssUrl);

/** The texts of OpenLayers' own controls (English by default), translated. */
const messages = defineMessages({
  zoomIn: { id: 'map.zoomIn', defaultMessage: 'Zoom in' },
  zoomOut: { id: 'map.zoomOut', defaultMessage: 'Zoom out' },
  attributions: { id: 'map.attributions', defaultMessage: 'Map data sources' },
});

const circleStyle = new Style({
  fill: new Fill({ color: 'rgba(11, 92, 173, 0.15)' }),
  stroke: new Stroke({ color: '#0b5cad', width: 2 }),
});

function pinStyle(label: string): Style {
  return new Style({
    image: new Icon({
      src: pinDataUrl(label),
      width: PIN_SIZE.width,
      height: PIN_SIZE.height,
      anchor: [0.5, 1],
    }),
  });
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
    const extent = createEmpty();
    for (const point of points) {
      const coordinate = fromLonLat([point.lng, point.lat]);
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
        extend(extent, circle.getExtent());
      }
      const marker = new Feature(new Point(coordinate));
      marker.setStyle(pinStyle(point.label));
      features.push(marker);
      extend(extent, [...coordinate, ...coordinate]);
    }

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

    const center = mapCenter(points);
    const map = new OlMap({
      target: element,
      layers,
      controls: defaultControls({
        attribution: Boolean(tileUrl),
        attributionOptions: { tipLabel: attributions },
        rotate: false,
        zoomOptions: { zoomInTipLabel: zoomIn, zoomOutTipLabel: zoomOut },
      }),
      keyboardEventTarget: element,
      view: new View({
        center: center ? fromLonLat(center) : fromLonLat([0, 0]),
        zoom: MAP.startZoom,
      }),
    });
    // The tip labels are titles; the buttons' own text is a sign ('+', '–', 'i'): name them too.
    const name = (selector: string, text: string) =>
      element.querySelector(selector)?.setAttribute('aria-label', text);
    name('.ol-zoom-in', zoomIn);
    name('.ol-zoom-out', zoomOut);
    name('.ol-attribution button', attributions);
    if (points.length > 0) {
      map.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: mapZoom(points) });
    }
    return () => map.setTarget(undefined);
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
