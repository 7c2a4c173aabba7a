import { makeShift } from '../../../testing/fixtures';
import { DEFAULT_CENTER, initialCenter, isSameView, positionsBounds, taxiFeature, taxiPoints, trailGeoJson } from './mapGeo';
import { describeTaxis } from '../state/taxiRows';
import { screenPixels } from './glide';

const NOW = Date.parse('2026-11-21T15:00:00.000Z');
const secondsAgo = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

const shifts = [
  makeShift({ id: 7, latitude: -32.45, longitude: -71.23, last_location_time: secondsAgo(10) }),
  makeShift({ id: 3, latitude: null, longitude: null, last_location_time: null }),
  makeShift({ id: 9, latitude: -32.4, longitude: -71.3, last_location_time: secondsAgo(600) }),
];

describe('describeTaxis', () => {
  it('numbers shifts in list order and tells live, stale and unlocated apart', () => {
    const rows = describeTaxis(shifts, NOW, 120);
    expect(rows.map((row) => [row.shift.id, row.number, row.position, row.stale])).toEqual([
      [7, 1, [-71.23, -32.45], false],
      [3, 2, null, false],
      [9, 3, [-71.3, -32.4], true],
    ]);
  });

  it.each([
    [119, false],
    [120, false],
    [121, true],
  ])('a position %i s old is stale: %s (limit 120 s)', (age, stale) => {
    const [row] = describeTaxis([makeShift({ last_location_time: secondsAgo(age) })], NOW, 120);
    expect(row.stale).toBe(stale);
  });

  it('follows the configured limit', () => {
    const [row] = describeTaxis([makeShift({ last_location_time: secondsAgo(45) })], NOW, 30);
    expect(row.stale).toBe(true);
  });
});

describe('taxiPoints', () => {
  it('has one point per located taxi, with its number and whether its position is current', () => {
    const points = taxiPoints(describeTaxis(shifts, NOW, 120), false);
    expect(points).toEqual([
      { id: 7, position: [-71.23, -32.45], properties: { shiftId: 7, number: 1, stale: false } },
      { id: 9, position: [-71.3, -32.4], properties: { shiftId: 9, number: 3, stale: true } },
    ]);
    expect(taxiFeature(points[0])).toEqual({ type: 'Feature', id: 7, geometry: { type: 'Point', coordinates: [-71.23, -32.45] }, properties: points[0].properties });
    expect(taxiFeature(points[0], [-71.2, -32.4]).geometry.coordinates).toEqual([-71.2, -32.4]);
  });

  it('marks every taxi not current while the connection is down', () => {
    expect(taxiPoints(describeTaxis(shifts, NOW, 120), true).map((point) => point.properties.stale)).toEqual([true, true]);
  });

  it('is empty when nobody has a position', () => {
    expect(taxiPoints(describeTaxis([shifts[1]], NOW, 120), false)).toEqual([]);
  });
});

describe('positionsBounds', () => {
  it('spans every position, west-south to east-north', () => {
    expect(positionsBounds(describeTaxis(shifts, NOW, 120))).toEqual([
      [-71.3, -32.45],
      [-71.23, -32.4],
    ]);
  });

  it('is a point for one taxi and null for none', () => {
    expect(positionsBounds(describeTaxis([shifts[0]], NOW, 120))).toEqual([
      [-71.23, -32.45],
      [-71.23, -32.45],
    ]);
    expect(positionsBounds(describeTaxis([shifts[1]], NOW, 120))).toBeNull();
  });
});

describe('initialCenter', () => {
  it('is the first located driver in list order', () => {
    expect(initialCenter(describeTaxis([shifts[1], shifts[2], shifts[0]], NOW, 120))).toEqual([-71.3, -32.4]);
  });

  it('is about La Ligua (-32.4519, -71.2264) when no driver has a position', () => {
    expect(initialCenter(describeTaxis([shifts[1]], NOW, 120))).toEqual([-71.2264, -32.4519]);
    expect(initialCenter([])).toEqual(DEFAULT_CENTER);
  });
});

describe('trailGeoJson', () => {
  const points = [
    { latitude: -32.45, longitude: -71.23, timestamp: secondsAgo(60) },
    { latitude: -32.44, longitude: -71.22, timestamp: secondsAgo(30) },
  ];

  it('draws the points in order and ends at a newer live position', () => {
    const trail = trailGeoJson(points, { latitude: -32.43, longitude: -71.21, timestamp: secondsAgo(5) });
    expect(trail.geometry.coordinates).toEqual([
      [-71.23, -32.45],
      [-71.22, -32.44],
      [-71.21, -32.43],
    ]);
  });

  it('does not repeat a live position the trail already has', () => {
    expect(trailGeoJson(points, points[1]).geometry.coordinates).toHaveLength(2);
  });
});

describe('isSameView', () => {
  it('ignores rounding but not a real move', () => {
    const view = { center: [-71.2264, -32.4519] as [number, number], zoom: 13 };
    expect(isSameView(view, { center: [-71.22640000001, -32.45190000001], zoom: 13.0000001 })).toBe(true);
    expect(isSameView(view, { center: [-71.2265, -32.4519], zoom: 13 })).toBe(false);
    expect(isSameView(view, { center: view.center, zoom: 13.5 })).toBe(false);
  });
});

describe('screenPixels', () => {
  it('matches Web Mercator at a 512-px world: a degree of longitude at the equator, and a degree of latitude twice as long at 60°', () => {
    expect(screenPixels([0, 0], [1, 0], 0)).toBeCloseTo(512 / 360, 6);
    expect(screenPixels([0, -60.5], [0, -59.5], 0)).toBeCloseTo((512 / 360) * 2, 2);
    // 11 m in La Ligua at zoom 12 (a city seen whole): well under the 2 px a move must add up to.
    expect(screenPixels([-71.2264, -32.4519], [-71.2264, -32.4518], 12)).toBeLessThan(1);
    expect(screenPixels([-71.2264, -32.4519], [-71.2264, -32.4518], 17)).toBeGreaterThan(10);
  });
});
