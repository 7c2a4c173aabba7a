/**
 * Distance and top speed along a stretch of a filtered trail. Counted in steps of at least
 * minStepM from the last counted point, so fixes wandering around a standing phone (a red light, a
 * parked taxi) add nothing and one noisy second does not make a top speed; a stretch loses at most
 * its last unfinished step. A step across a data gap (no point for more than maxGapSeconds) or one no taxi could
 * drive (faster than maxSpeedKmh) is not counted: the count starts again from the point after it.
 */
import type { TrailPoint } from '../positions';
import type { DetectionOptions } from './detectionOptions';
import { distanceMeters, impliedSpeedKmh } from './geo';

export type MeasureOptions = Pick<DetectionOptions, 'maxSpeedKmh' | 'minStepM' | 'maxGapSeconds'>;

export interface Measured {
  distanceM: number;
  maxSpeedKmh: number;
}

export function measureDistance(points: readonly TrailPoint[], from: number, to: number, options: MeasureOptions): Measured {
  const gapMs = options.maxGapSeconds * 1000;
  let distanceM = 0;
  let maxSpeedKmh = 0;
  let counted = from;
  for (let i = from + 1; i <= to; i += 1) {
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
  return { distanceM, maxSpeedKmh };
}
