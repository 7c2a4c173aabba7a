import { createTaxiIndex, distanceMeters } from './taxiIndex';

const OWNER = 1;
const now = Date.now();
const pickup = { latitude: -32.45, longitude: -71.23 };

function bruteNearest(points: { shiftId: number; latitude: number; longitude: number }[], k: number) {
  return points
    .map((p) => ({ id: p.shiftId, d: distanceMeters(pickup.latitude, pickup.longitude, p.latitude, p.longitude) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, k)
    .map((p) => p.id);
}

describe('the taxi index', () => {
  it('finds the same nearest taxis as measuring every one (3,000 scattered over 40 km)', () => {
    const index = createTaxiIndex();
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const points = Array.from({ length: 3000 }, (_v, i) => ({
      shiftId: i + 1,
      ownerId: OWNER,
      latitude: pickup.latitude + (random() - 0.5) * 0.36,
      longitude: pickup.longitude + (random() - 0.5) * 0.42,
      time: now,
    }));
    points.forEach((p) => index.put(p));
    const found = index.nearest(OWNER, pickup.latitude, pickup.longitude, { limit: 10, minTime: now - 1000, maxDistanceM: 100_000 });
    expect(found.map((t) => t.shiftId)).toEqual(bruteNearest(points, 10));
    expect(found[0].distanceM).toBeLessThanOrEqual(found[9].distanceM);
  });

  it('moves a taxi between cells, skips stale positions, other fleets and refused taxis', () => {
    const index = createTaxiIndex();
    index.put({ shiftId: 1, ownerId: OWNER, latitude: -32.5, longitude: -71.3, time: now });
    index.put({ shiftId: 1, ownerId: OWNER, latitude: -32.4501, longitude: -71.2301, time: now + 1 });
    index.put({ shiftId: 1, ownerId: OWNER, latitude: -33, longitude: -71, time: now - 5000 }); // older: ignored
    index.put({ shiftId: 2, ownerId: OWNER, latitude: -32.451, longitude: -71.231, time: now - 200_000 });
    index.put({ shiftId: 3, ownerId: 2, latitude: -32.45, longitude: -71.23, time: now });
    index.put({ shiftId: 4, ownerId: OWNER, latitude: -32.46, longitude: -71.24, time: now });
    const near = (accept?: (id: number) => boolean) =>
      index.nearest(OWNER, pickup.latitude, pickup.longitude, { limit: 5, minTime: now - 120_000, maxDistanceM: 50_000, accept }).map((t) => t.shiftId);
    expect(near()).toEqual([1, 4]);
    expect(near((id) => id !== 1)).toEqual([4]);
    expect(index.size(OWNER)).toBe(3);
    index.remove(OWNER, 1);
    expect(near()).toEqual([4]);
  });

  it('answers nothing beyond the distance limit', () => {
    const index = createTaxiIndex();
    index.put({ shiftId: 1, ownerId: OWNER, latitude: -33.45, longitude: -70.66, time: now });
    expect(index.nearest(OWNER, pickup.latitude, pickup.longitude, { limit: 5, minTime: 0, maxDistanceM: 30_000 })).toEqual([]);
  });
});
