import type { LocationPoint } from '../../../contract/entities';
import { buildRoute, routeBounds, routeEnds, routeLine } from './routeGeo';

const point = (latitude: number, longitude: number, minute: number): LocationPoint => ({
  latitude,
  longitude,
  timestamp: `2026-11-15T12:${String(minute).padStart(2, '0')}:00.000Z`,
});
const points = [point(-32.45, -71.22, 0), point(-32.44, -71.25, 10), point(-32.47, -71.21, 20)];

describe('routeLine', () => {
  it('joins the points in order as [longitude, latitude] positions', () => {
    expect(routeLine(points)).toEqual({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [-71.22, -32.45],
          [-71.25, -32.44],
          [-71.21, -32.47],
        ],
      },
    });
  });
});

describe('routeEnds', () => {
  it('marks Inicio at the first point and Fin at the last one of a finished shift', () => {
    expect(routeEnds(points, false)).toEqual([
      { kind: 'start', label: 'Inicio', longitude: -71.22, latitude: -32.45 },
      { kind: 'end', label: 'Fin', longitude: -71.21, latitude: -32.47 },
    ]);
  });

  it('calls the last point Última posición while the shift is active', () => {
    expect(routeEnds(points, true)[1]).toEqual({ kind: 'last', label: 'Última posición', longitude: -71.21, latitude: -32.47 });
  });

  it('marks only the start of a single point, and nothing without points', () => {
    expect(routeEnds([points[1]], false)).toEqual([{ kind: 'start', label: 'Inicio', longitude: -71.25, latitude: -32.44 }]);
    expect(routeEnds([], true)).toEqual([]);
  });
});

describe('routeBounds', () => {
  it('is the west-south and east-north corners of all points', () => {
    expect(routeBounds(points)).toEqual([
      [-71.25, -32.47],
      [-71.21, -32.44],
    ]);
  });

  it('is a point-sized box for one point and null for none', () => {
    expect(routeBounds([points[0]])).toEqual([
      [-71.22, -32.45],
      [-71.22, -32.45],
    ]);
    expect(routeBounds([])).toBeNull();
  });
});

describe('buildRoute', () => {
  it('puts line, ends and bounds together, or null when nothing was recorded', () => {
    const route = buildRoute(points, false);
    expect(route?.line.geometry.coordinates).toHaveLength(3);
    expect(route?.ends.map((end) => end.label)).toEqual(['Inicio', 'Fin']);
    expect(route?.bounds).toEqual(routeBounds(points));
    expect(buildRoute([], false)).toBeNull();
  });
});
