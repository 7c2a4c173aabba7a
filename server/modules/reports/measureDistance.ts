/**
 * Distance and top speed along a stretch of a filtered trail. Counted in steps of at least
 * minStepM from the last counted point, so fixes wandering around a standing phone (a red light, a
 * parked taxi) add nothing and one noisy second does not make a top speed; a stretch loses at most
 * its last unfinished step. A step across a data gap (no point for more than maxGapSeconds) or one no taxi could
 * drive (faster than maxSpeedKmh) is not counted: the count starts again from the point after it.
 */
import type { TrailPoint } from '../positions';
import type { DetectionOptions } from '../positions';
import { distanceMeters, impliedSpeedKmh } from '../positions';

export type MeasureOptions = Pick<DetectionOptions, 'maxSpeedKmh' | 'minStepM' | 'maxGapSeconds'>;

export interface Measured {
  distanceM: number;
  maxSpeedKmh: number;
}

/**
 * Where a walk along the trail stands after `index`: what it has counted since its first point.
 * It depends only on the points up to `index`, so a walk can stop there and go on later
 * (incrementalSummary.ts keeps one per movement of an open shift).
 */
export interface MeasureWalk extends Measured {
  index: number;
  /** The last counted point: the next step is measured from it. */
  counted: number;
}

export const startWalk = (from: number): MeasureWalk => ({ index: from, counted: from, distanceM: 0, maxSpeedKmh: 0 });

/** Goes on with `walk` up to point `to` (a walk already past `to` comes back as it is). */
export function continueWalk(points: readonly TrailPoint[], walk: MeasureWalk, to: number, options: MeasureOptions): MeasureWalk {
  const gapMs = options.maxGapSeconds * 1000;
  let { distanceM, maxSpeedKmh, counted } = walk;
  for (let i = walk.index + 1; i <= to; i += 1) {
    const point = points[i];
    if (point.time - points[i - 1].time > gapMs) {
      counted = i;
      continue;
    }
    const step = distanceMeters(points[counted], point);
    // What is left of a step at the end is not counted: a parked phone's wandering never adds up.
    if (step < options.minStepM) continue;
    const speed = impliedSpeedKmh(points[counted], point);
    if (speed <= options.maxSpeedKmh) {
      distanceM += step;
      if (point.time > points[counted].time) maxSpeedKmh = Math.max(maxSpeedKmh, speed);
    }
    counted = i;
  }
  return { index: Math.max(walk.index, to), counted, distanceM, maxSpeedKmh };
}

export function measureDistance(points: readonly TrailPoint[], from: number, to: number, options: MeasureOptions): Measured {
  const { distanceM, maxSpeedKmh } = continueWalk(points, startWalk(from), to, options);
  return { distanceM, maxSpeedKmh };
}
