/**
 * An open shift's kept summary equals the summary computed from scratch, whatever the track and
 * however its points arrive: random tracks (drives, stands, gaps, GPS jumps, inaccurate fixes,
 * duplicate times), cut into random batches with a read after each.
 */
import type { TrailPoint } from '../positions';
import { seededRandom, type Random } from '../../tools/seed/prng';
import { SyntheticTrack } from '../../tools/testing/syntheticTrack';
import { IncrementalReplay } from './incrementalReplay';
import { IncrementalSummary } from './incrementalSummary';
import { replayColumns } from './replayColumns';
import { summarizeTrail } from './summarizeTrail';

function randomTrack(random: Random, legs: number): TrailPoint[] {
  const track = new SyntheticTrack(new Date('2026-11-02T10:00:00Z'));
  for (let leg = 0; leg < legs; leg += 1) {
    const kind = random.int(0, 9);
    if (kind <= 3) {
      const seconds = random.int(5, 900);
      const metres = (seconds * random.int(0, 70)) / 3.6;
      const angle = random.next() * 2 * Math.PI;
      track.drive(metres * Math.cos(angle), metres * Math.sin(angle), seconds, random.int(1, 3));
    } else if (kind <= 6) {
      track.stand(random.int(10, 1200), random.int(0, 30), random.int(1, 4));
    } else if (kind === 7) {
      track.gap(random.int(60, 7200), random.int(-3000, 3000), random.int(-3000, 3000));
    } else if (kind === 8) {
      track.jump(random.int(-5000, 5000), random.int(0, 2));
    } else {
      track.fix(random.int(0, 3), random.int(5, 300), random.int(-80, 80));
    }
  }
  return track.points;
}

/** Reads after batches of random sizes: a point at a time, a few, hundreds. */
function readInBatches(points: readonly TrailPoint[], random: Random) {
  const kept = new IncrementalSummary();
  const replay = new IncrementalReplay(kept);
  let at = 0;
  while (at < points.length) {
    const size = random.chance(0.2) ? 1 : random.int(1, random.chance(0.5) ? 60 : 1500);
    const batch = points.slice(at, at + size);
    expect(kept.append(batch)).toBe(true);
    at += batch.length;
    expect(kept.summary()).toEqual(summarizeTrail(points.slice(0, at)));
    // The replay's columns too, on every other read (they are kept apart from the summary).
    if (random.chance(0.5)) expect(replay.columns()).toEqual(replayColumns(points.slice(0, at)));
  }
  return kept;
}

describe('an open shift summary kept as points arrive', () => {
  it('equals the from-scratch summary after every read, on 12 random tracks', () => {
    let trips = 0;
    let stops = 0;
    let ignored = 0;
    for (let seed = 1; seed <= 12; seed += 1) {
      const random = seededRandom(seed);
      const points = randomTrack(random, random.int(4, 20));
      const kept = readInBatches(points, random);
      const final = kept.summary();
      trips += final.trips.length;
      stops += final.stops.length;
      ignored += final.totals.ignored_points;
    }
    // The tracks exercise what detection does: trips, stops (gaps among them) and dropped fixes.
    expect(trips).toBeGreaterThan(8);
    expect(stops).toBeGreaterThan(8);
    expect(ignored).toBeGreaterThan(4);
  });

  it('equals it when each read comes after one more point, GPS jumps and stops included', () => {
    for (let seed = 1; seed <= 5; seed += 1) {
      const random = seededRandom(1000 + seed);
      const track = new SyntheticTrack(new Date('2026-11-02T10:00:00Z'));
      for (let leg = 0; leg < 6; leg += 1) {
        track.drive(random.int(-900, 900), random.int(-900, 900), random.int(40, 90), random.int(2, 3));
        track.jump(random.int(1500, 4000) * (random.chance(0.5) ? 1 : -1));
        if (random.chance(0.5)) track.jump(random.int(-4000, 4000), 0);
        if (random.chance(0.6)) track.stand(random.int(250, 400), random.int(0, 20), 10);
        if (random.chance(0.2)) track.gap(random.int(3000, 4000), random.int(-200, 200));
      }
      const points = track.points;
      const kept = new IncrementalSummary({ minStopSeconds: 60, minTripSeconds: 30 });
      const replay = new IncrementalReplay(kept);
      points.forEach((point, i) => {
        kept.append([point]);
        expect(kept.summary()).toEqual(summarizeTrail(points.slice(0, i + 1), { minStopSeconds: 60, minTripSeconds: 30 }));
        if (i % 3 === 0) expect(replay.columns()).toEqual(replayColumns(points.slice(0, i + 1)));
      });
      expect(kept.summary().totals.ignored_points).toBeGreaterThan(0);
    }
  });

  it('equals it for a 12-hour 1 Hz shift read once a minute', () => {
    const random = seededRandom(99);
    const points = randomTrack(random, 120).slice(0, 43_200);
    const kept = new IncrementalSummary();
    for (let at = 0; at < points.length; at += 60) {
      kept.append(points.slice(at, at + 60));
      if (at % 3600 === 0) expect(kept.summary()).toEqual(summarizeTrail(points.slice(0, at + 60)));
      else kept.summary();
    }
    expect(kept.summary()).toEqual(summarizeTrail(points));
  });

  it('refuses a point older than the newest one and stays as it was (the reader then starts again)', () => {
    const points = new SyntheticTrack(new Date('2026-11-02T10:00:00Z')).drive(3000, 0, 400).stand(600, 5).drive(0, 3000, 300).points;
    const kept = new IncrementalSummary();
    kept.append(points.slice(0, 500));
    const before = kept.summary();
    const late = { ...points[100], time: points[100].time + 500 };
    expect(kept.append([points[500], late])).toBe(false);
    expect(kept.summary()).toEqual(before);
    const again = new IncrementalSummary();
    const all = [...points.slice(0, 501), late].sort((a, b) => a.time - b.time);
    again.append(all);
    expect(again.summary()).toEqual(summarizeTrail(all));
  });

  it('is empty for no points, as the from-scratch one is', () => {
    expect(new IncrementalSummary().summary()).toEqual(summarizeTrail([]));
    expect(new IncrementalReplay(new IncrementalSummary()).columns()).toEqual(replayColumns([]));
  });
});
