/**
 * Trips, stops and kilometres on synthetic recorded trails (server/testing/syntheticTrack.ts):
 * a shift with known trips, stops and a GPS jump; a data gap; no movement at all; and each
 * threshold at its edge.
 */
import { summarizeTrail } from './summarizeTrail';
import { SyntheticTrack } from '../../tools/testing/syntheticTrack';

const START = new Date('2026-11-20T11:00:00Z');
const seconds = (iso: string) => new Date(iso).getTime() / 1000;

describe('a shift with three trips, two stops and a GPS jump', () => {
  const track = new SyntheticTrack(START)
    .stand(120, 5) // waiting at a light-long rank: too short to be a stop
    .drive(3000, 0, 300) // 36 km/h north
    .stand(600, 8) // stop 1: ten minutes
    .drive(0, 1000, 200)
    .jump(5000) // one fix 5 km away, for one second
    .drive(0, 1000, 199) // the rest of the 2 km east
    .stand(900, 8) // stop 2: fifteen minutes
    .drive(-4000, 0, 480); // 30 km/h south
  const { totals, trips, stops } = summarizeTrail(track.points);

  it('counts 9 km within 1 %, leaving the jump out', () => {
    expect(totals.distance_km).toBeGreaterThan(9 * 0.99);
    expect(totals.distance_km).toBeLessThan(9 * 1.01);
    expect(totals.ignored_points).toBe(1);
    expect(totals.points_count).toBe(track.points.length);
  });

  // A stop also holds the arriving and leaving within its 50 m radius: ~5 s each side at 36 km/h.
  it('finds the two stops with their durations and places', () => {
    expect(stops).toHaveLength(2);
    expect(totals.stops_count).toBe(2);
    expect(stops[0].duration_seconds).toBeGreaterThanOrEqual(600);
    expect(stops[0].duration_seconds).toBeLessThanOrEqual(615);
    expect(stops[1].duration_seconds).toBeGreaterThanOrEqual(900);
    expect(stops[1].duration_seconds).toBeLessThanOrEqual(915);
    expect(stops.every((stop) => !stop.data_gap)).toBe(true);
    // Stop 1 is 3 km north of the start.
    expect(stops[0].latitude).toBeCloseTo(-32.4516 + 3000 / 111_195, 3);
    expect(stops[0].longitude).toBeCloseTo(-71.2311, 3);
  });

  it('finds the three trips with their distances and speeds', () => {
    expect(totals.trips_count).toBe(3);
    // A trip runs from stop to stop: less the driving inside the stops' radius (50 m each end).
    [3000, 2000, 4000].forEach((metres, i) => {
      expect(trips[i].distance_m).toBeGreaterThanOrEqual(metres - 100);
      expect(trips[i].distance_m).toBeLessThanOrEqual(metres);
    });
    expect(trips[0].max_speed_kmh).toBeGreaterThan(35);
    expect(trips[0].max_speed_kmh).toBeLessThan(37.5);
    expect(trips[2].average_speed_kmh).toBeGreaterThan(28);
    expect(trips[2].average_speed_kmh).toBeLessThanOrEqual(30.5);
    expect(totals.max_speed_kmh).toBeLessThan(37.5);
    // Trips run in order, each ending before the next stop ends.
    expect(seconds(trips[1].start_time)).toBeGreaterThanOrEqual(seconds(stops[0].end_time));
    expect(seconds(trips[1].end_time)).toBeLessThanOrEqual(seconds(stops[1].start_time));
  });

  it('splits the shift into moving and stopped time', () => {
    const span = 120 + 300 + 600 + 400 + 900 + 480;
    expect(totals.moving_seconds + totals.stopped_seconds).toBe(span);
    expect(totals.stopped_seconds).toBeGreaterThanOrEqual(1500);
    expect(totals.stopped_seconds).toBeLessThanOrEqual(1530);
    expect(totals.first_point_time).toBe(START.toISOString());
    expect(totals.average_speed_kmh).toBeCloseTo((totals.distance_km / totals.moving_seconds) * 3600, 0);
  });
});

describe('a shift with a data gap', () => {
  it('counts a gap of over an hour as a stop, and not the distance across it', () => {
    const track = new SyntheticTrack(START).drive(2000, 0, 360).gap(2 * 3600, 5000, 0).drive(2000, 0, 360);
    const { totals, stops, trips } = summarizeTrail(track.points);
    expect(stops).toHaveLength(1);
    expect(stops[0].data_gap).toBe(true);
    expect(stops[0].duration_seconds).toBe(2 * 3600);
    expect(totals.stopped_seconds).toBe(2 * 3600);
    expect(totals.moving_seconds).toBe(720);
    expect(totals.distance_km).toBeCloseTo(4, 2);
    expect(trips).toHaveLength(2);
  });

  it('keeps a stop that goes on past a gap in the same place as one stop', () => {
    const track = new SyntheticTrack(START).drive(2000, 0, 360).stand(600, 5).gap(2 * 3600).stand(600, 5).drive(2000, 0, 360);
    const { stops, totals } = summarizeTrail(track.points);
    expect(stops).toHaveLength(1);
    expect(stops[0].data_gap).toBe(true);
    expect(stops[0].duration_seconds).toBeGreaterThanOrEqual(600 + 7200 + 600);
    expect(totals.trips_count).toBe(2);
  });
});

describe('a shift with no movement', () => {
  it('is one long stop, no trips, no kilometres', () => {
    const track = new SyntheticTrack(START).stand(2 * 3600, 12);
    const { totals, trips, stops } = summarizeTrail(track.points);
    expect(totals.distance_km).toBe(0);
    expect(trips).toEqual([]);
    expect(stops).toHaveLength(1);
    expect(stops[0].duration_seconds).toBe(7200);
    expect(totals).toMatchObject({ moving_seconds: 0, stopped_seconds: 7200, max_speed_kmh: 0, average_speed_kmh: 0 });
  });

  it('an empty trail is an empty summary', () => {
    expect(summarizeTrail([]).totals).toMatchObject({ distance_km: 0, moving_seconds: 0, stopped_seconds: 0, stops_count: 0, trips_count: 0, first_point_time: null });
  });
});

describe('thresholds at their edges', () => {
  // Points every 10 s at 15 m/s: 150 m apart, so only the arrival point and the stand are within
  // the stop radius and the stop's length is exactly the stand's.
  const standOf = (length: number) =>
    summarizeTrail(new SyntheticTrack(START).drive(1500, 0, 100, 10).stand(length, 0, 1).drive(1500, 0, 100, 10).points).stops;

  it('a stop lasts at least 300 s', () => {
    expect(standOf(300).map((stop) => stop.duration_seconds)).toEqual([300]);
    expect(standOf(299)).toEqual([]);
  });

  it('a trip is at least 500 m and at least 300 s', () => {
    // Points 20 s apart: each a whole counting step, so the trip measures exactly its length.
    const tripsOf = (metres: number, length: number) => summarizeTrail(new SyntheticTrack(START).drive(metres, 0, length, 20).points).trips;
    expect(tripsOf(500.5, 300)).toHaveLength(1);
    expect(tripsOf(499.5, 300)).toHaveLength(0);
    expect(tripsOf(600, 299)).toHaveLength(0);
    expect(tripsOf(600, 300)).toHaveLength(1);
  });

  it('a gap counts as a stop only when it is over an hour', () => {
    const gapOf = (length: number) => summarizeTrail(new SyntheticTrack(START).drive(1000, 0, 120).gap(length, 1000, 0).drive(1000, 0, 120).points);
    const hour = gapOf(3600);
    expect(hour.stops).toEqual([]);
    expect(hour.totals.distance_km).toBeCloseTo(3, 2);
    const over = gapOf(3601);
    expect(over.stops.map((stop) => stop.data_gap)).toEqual([true]);
    expect(over.totals.distance_km).toBeCloseTo(2, 2);
  });

  it('a jump is a point implying over 200 km/h', () => {
    // 55 m in one second is 198 km/h; 56 m is 201.6 km/h.
    const jumpOf = (metres: number) => summarizeTrail(new SyntheticTrack(START).stand(60).jump(metres).stand(60).points).totals.ignored_points;
    expect(jumpOf(55)).toBe(0);
    expect(jumpOf(56)).toBe(1);
  });

  it('a fix with an accuracy worse than 100 m is left out', () => {
    const withFix = (accuracy: number) => summarizeTrail(new SyntheticTrack(START).stand(60).fix(1, accuracy, 40).stand(60).points).totals.ignored_points;
    expect(withFix(100)).toBe(0);
    expect(withFix(101)).toBe(1);
  });

  it('every threshold can be changed', () => {
    const track = new SyntheticTrack(START).drive(400, 0, 40, 20).stand(120).drive(400, 0, 40, 20);
    expect(summarizeTrail(track.points).stops).toEqual([]);
    const custom = summarizeTrail(track.points, { minStopSeconds: 60, minTripDistanceM: 300, minTripSeconds: 30 });
    expect(custom.stops.map((stop) => stop.duration_seconds)).toEqual([120]);
    expect(custom.trips).toHaveLength(2);
  });
});
