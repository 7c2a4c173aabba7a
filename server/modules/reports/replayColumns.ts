/**
 * A trail as the replay player wants it: parallel columns (see contract/replay.ts), GPS jumps left
 * out with the same filter the summary uses, and a speed for every point (the phone's, or the one
 * the last ten seconds' travel implies when the phone sent none).
 */
import type { TrailPoint } from '../positions';
import { DEFAULT_DETECTION } from './detectionOptions';
import { impliedSpeedKmh, toKmh } from './geo';
import { filterJumps } from './jumpFilter';

export interface ReplayColumns {
  start_ms: number | null;
  offsets_ms: number[];
  latitudes: number[];
  longitudes: number[];
  speeds_kmh: number[];
}

/** Six decimals of a degree are 11 cm: more only makes the answer longer. */
/**
 * A speed the phone did not send is measured from a point about this long before: second to
 * second, a standing phone's fixes wander a few metres and would read as 10-20 km/h.
 */
const SPEED_BASELINE_MS = 10_000;
const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;
const round1 = (value: number): number => Math.round(value * 10) / 10;

export function replayColumns(trail: readonly TrailPoint[]): ReplayColumns {
  const { points } = filterJumps(trail, DEFAULT_DETECTION);
  const start = points.length > 0 ? points[0].time : null;
  const columns: ReplayColumns = { start_ms: start, offsets_ms: [], latitudes: [], longitudes: [], speeds_kmh: [] };
  let base = 0;
  points.forEach((point, i) => {
    while (base + 1 < i && points[base + 1].time <= point.time - SPEED_BASELINE_MS) base += 1;
    const speed = point.speed !== null && point.speed >= 0 ? toKmh(point.speed) : i > 0 ? impliedSpeedKmh(points[base], point) : 0;
    columns.offsets_ms.push(point.time - (start as number));
    columns.latitudes.push(round6(point.latitude));
    columns.longitudes.push(round6(point.longitude));
    columns.speeds_kmh.push(round1(speed));
  });
  return columns;
}
