/**
 * A trail as the replay player wants it: parallel columns of steps (see contract/replay.ts), GPS
 * jumps left out with the same filter the summary uses, and a speed for every point (the phone's,
 * or the one the last ten seconds' travel implies when the phone sent none).
 */
import { encodeSteps } from '../../../contract/replay';
import type { TrailPoint } from '../positions';
import { DEFAULT_DETECTION } from '../positions';
import { impliedSpeedKmh, toKmh } from '../positions';
import { filterJumps } from './jumpFilter';

export interface ReplayColumns {
  start_ms: number | null;
  time_steps_ms: number[];
  latitude_steps_e6: number[];
  longitude_steps_e6: number[];
  speeds_kmh: number[];
}

/**
 * A speed the phone did not send is measured from a point about this long before: second to
 * second, a standing phone's fixes wander a few metres and would read as 10-20 km/h.
 */
export const SPEED_BASELINE_MS = 10_000;
const round1 = (value: number): number => Math.round(value * 10) / 10;

export function replayColumns(trail: readonly TrailPoint[]): ReplayColumns {
  const { points } = filterJumps(trail, DEFAULT_DETECTION);
  const n = points.length;
  const times = new Float64Array(n);
  const latitudes = new Float64Array(n);
  const longitudes = new Float64Array(n);
  const speeds: number[] = new Array<number>(n);
  let base = 0;
  points.forEach((point, i) => {
    while (base + 1 < i && points[base + 1].time <= point.time - SPEED_BASELINE_MS) base += 1;
    const speed = point.speed !== null && point.speed >= 0 ? toKmh(point.speed) : i > 0 ? impliedSpeedKmh(points[base], point) : 0;
    times[i] = point.time;
    latitudes[i] = point.latitude;
    longitudes[i] = point.longitude;
    speeds[i] = round1(speed);
  });
  const timeSteps = encodeSteps(times, 1);
  if (n > 0) timeSteps[0] = 0;
  return {
    start_ms: n > 0 ? points[0].time : null,
    time_steps_ms: timeSteps,
    // Six decimals of a degree are 11 cm: more only makes the answer longer.
    latitude_steps_e6: encodeSteps(latitudes, 1e6),
    longitude_steps_e6: encodeSteps(longitudes, 1e6),
    speeds_kmh: speeds,
  };
}
