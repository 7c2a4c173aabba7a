/**
 * The movements between stops (and before the first, after the last), each with its distance and
 * top speed, marked as a trip when it covers at least minTripDistanceM and lasts at least
 * minTripSeconds (both inclusive).
 */
import type { TrailPoint } from '../positions';
import type { DetectionOptions } from '../positions';
import type { StopSpan } from './detectStops';
import { measureDistance, type MeasureOptions, type Measured } from './measureDistance';

export interface MoveSpan {
  startIndex: number;
  endIndex: number;
  startTime: number;
  endTime: number;
  distanceM: number;
  maxSpeedKmh: number;
  isTrip: boolean;
}

type MoveOptions = MeasureOptions & Pick<DetectionOptions, 'minTripDistanceM' | 'minTripSeconds'>;

/** A stretch's distance and top speed; an open shift's summary answers it from walks it keeps. */
export type MeasureStretch = (from: number, to: number) => Measured;

export function detectMoves(
  points: readonly TrailPoint[],
  stops: readonly StopSpan[],
  options: MoveOptions,
  measure: MeasureStretch = (from, to) => measureDistance(points, from, to, options),
): MoveSpan[] {
  if (points.length === 0) return [];
  const starts = [0, ...stops.map((stop) => stop.endIndex)];
  const ends = [...stops.map((stop) => stop.startIndex), points.length - 1];
  const moves: MoveSpan[] = [];
  starts.forEach((from, i) => {
    const to = ends[i];
    if (to <= from) return;
    const { distanceM, maxSpeedKmh } = measure(from, to);
    const startTime = points[from].time;
    const endTime = points[to].time;
    const isTrip = distanceM >= options.minTripDistanceM && endTime - startTime >= options.minTripSeconds * 1000;
    moves.push({ startIndex: from, endIndex: to, startTime, endTime, distanceM, maxSpeedKmh, isTrip });
  });
  return moves;
}
