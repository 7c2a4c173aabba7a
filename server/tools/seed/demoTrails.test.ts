/**
 * The demo's taxi days, summarized by the real detection: kilometres, trips and stops a La Ligua
 * taxi could do in a shift, town and road speeds only, the trail inside the shift.
 */
import { summarizeTrail } from '../../modules/reports';
import { demoShiftTrail } from './demoTrails';
import { seededRandom } from './prng';

it('a demo shift has realistic trips, stops, kilometres and speeds', () => {
  const start = new Date('2026-11-16T11:00:00Z');
  const end = new Date('2026-11-16T19:30:00Z');
  const totals = [1, 2, 3, 4, 5].map((seed) => {
    const trail = demoShiftTrail(seededRandom(seed), start, end);
    expect(trail[0].recorded_at).toEqual(start);
    expect(trail[trail.length - 1].recorded_at).toEqual(end);
    const { totals } = summarizeTrail(trail.map((p) => ({ time: p.recorded_at.getTime(), latitude: p.latitude, longitude: p.longitude, speed: null, accuracy: null, heading: null })));
    return totals;
  });
  for (const t of totals) {
    expect(t.distance_km).toBeGreaterThan(30);
    expect(t.distance_km).toBeLessThan(300);
    expect(t.trips_count).toBeGreaterThanOrEqual(4);
    expect(t.stops_count).toBeGreaterThanOrEqual(4);
    expect(t.max_speed_kmh).toBeLessThan(100);
    expect(t.ignored_points).toBe(0);
  }
});
