/**
 * The GPS-jump filter: which recorded points detection may trust. A point is left out when its
 * reported accuracy is worse than maxAccuracyM, or when it is a lone jump: reaching it from the
 * last trusted point needs more than maxSpeedKmh while going straight to the point after it does
 * not (the taxi did not go there and come back). A point that is far away and stays far away (the
 * trail really continues there) is kept; the impossible step into it is then left out of
 * distances by measureDistance.
 */
import type { TrailPoint } from '../positions';
import type { DetectionOptions } from '../positions';
import { impliedSpeedKmh } from '../positions';

export interface FilteredTrail {
  points: TrailPoint[];
  /** How many points were left out. */
  ignored: number;
}

export function filterJumps(trail: readonly TrailPoint[], options: Pick<DetectionOptions, 'maxSpeedKmh' | 'maxAccuracyM'>): FilteredTrail {
  const accurate = trail.filter((point) => point.accuracy === null || point.accuracy <= options.maxAccuracyM);
  const points: TrailPoint[] = [];
  for (let i = 0; i < accurate.length; i += 1) {
    const point = accurate[i];
    const previous = points[points.length - 1];
    const next = accurate[i + 1];
    const isJump =
      previous !== undefined &&
      next !== undefined &&
      impliedSpeedKmh(previous, point) > options.maxSpeedKmh &&
      impliedSpeedKmh(previous, next) <= options.maxSpeedKmh;
    if (!isJump) points.push(point);
  }
  return { points, ignored: trail.length - points.length };
}
