/**
 * OpenLayers is not needed by the form tests: this stand-in for ui/MapView lists the marker letters.
 * Use: jest.mock('…/src/web/ui/MapView', () => jest.requireActual('./mapViewStub')).
 */
import { createElement } from 'react';

export * from '../../../../src/web/ui/mapGeometry';

export const MapView = ({ points }: { points: Array<{ label: string }> }) =>
  createElement('div', { 'data-testid': 'map' }, points.map((p) => p.label).join(','));
