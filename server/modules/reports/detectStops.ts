/**
 * Stops in a filtered trail (see jumpFilter.ts). "Not moving" is defined by place, not by reported
 * speed (phones often send none, and a parked phone's speed is noise): a stay is a run of
 * consecutive points that all lie within stopRadiusM of the run's first point. A stay becomes a
 * stop when it lasts at least minStopSeconds (first to last point). A data gap — two consecutive
 * points more than maxGapSeconds apart — is a stop too, wherever the trail resumes: it runs from
 * the start of the stay before the gap (the last point, if that stay was too short to be a stop)
 * to the first point after it (marked `dataGap`). Since a stay begins at its first point within the
 * radius, a stop includes the last seconds of arriving and the first of leaving (the radius at
 * the taxi's speed: about 5 s each side at 36 km/h).
 */
import type { TrailPoint } from '../positions';
import type { DetectionOptions } from '../positions';
import { distanceMeters } from '../positions';

export interface StopSpan {
  /** The stop's first point, and its last: movement resumes from `endIndex`. */
  startIndex: number;
  endIndex: number;
  startTime: number;
  endTime: number;
  /** The mean position of the points that stood still. */
  latitude: number;
  longitude: number;
  dataGap: boolean;
}

type StopOptions = Pick<DetectionOptions, 'stopRadiusM' | 'minStopSeconds' | 'maxGapSeconds'>;

function centre(points: readonly TrailPoint[], from: number, to: number): { latitude: number; longitude: number } {
  let latitude = 0;
  let longitude = 0;
  for (let i = from; i <= to; i += 1) {
    latitude += points[i].latitude;
    longitude += points[i].longitude;
  }
  const count = to - from + 1;
  return { latitude: latitude / count, longitude: longitude / count };
}

/**
 * Where a stop scan can start again: the anchor of its first pass that read a point not yet
 * settled, and the stops found before it. Every pass before it read settled points only, so
 * more points at the end cannot change what it found.
 */
export interface StopScan {
  anchor: number;
  stops: StopSpan[];
}

export const NEW_SCAN: StopScan = Object.freeze({ anchor: 0, stops: [] as StopSpan[] });

const copyStops = (stops: readonly StopSpan[]): StopSpan[] => stops.map((stop) => ({ ...stop }));

/**
 * The stops of `points`, scanned from `from` (a checkpoint an earlier scan of the same leading
 * points gave), and the checkpoint for the next scan: the first `settled` points will not change.
 */
export function scanStops(points: readonly TrailPoint[], options: StopOptions, from: StopScan = NEW_SCAN, settled = points.length): { stops: StopSpan[]; checkpoint: StopScan } {
  const gapMs = options.maxGapSeconds * 1000;
  const minStopMs = options.minStopSeconds * 1000;
  // A merge changes the last stop found: the checkpoint's own stops are never touched.
  const stops = copyStops(from.stops);
  let anchor = from.anchor;
  let checkpoint: StopScan | null = null;
  while (anchor < points.length) {
    // The stay: every point from the anchor on that is still within the radius of the anchor.
    let last = anchor;
    let gapInside = false;
    while (last + 1 < points.length && distanceMeters(points[anchor], points[last + 1]) <= options.stopRadiusM) {
      if (points[last + 1].time - points[last].time > gapMs) gapInside = true;
      last += 1;
    }
    // This pass reads up to points[last + 1] (or ends with the trail): settled only below `settled`.
    if (!checkpoint && last + 2 > settled) checkpoint = { anchor, stops: copyStops(stops) };
    const gapAfter = last + 1 < points.length && points[last + 1].time - points[last].time > gapMs;
    if (!gapInside && !gapAfter && points[last].time - points[anchor].time < minStopMs) {
      anchor += 1;
      continue;
    }
    const endIndex = gapAfter ? last + 1 : last;
    // A taxi that lost signal while moving stopped when its points stopped, not where its stay began.
    const startIndex = gapAfter && !gapInside && points[last].time - points[anchor].time < minStopMs ? last : anchor;
    const previous = stops[stops.length - 1];
    if (previous && startIndex <= previous.endIndex) {
      // The trail resumed after a gap and stood still again at once: one stop.
      previous.endIndex = endIndex;
      previous.endTime = points[endIndex].time;
      previous.dataGap ||= gapInside || gapAfter;
    } else {
      stops.push({
        startIndex,
        endIndex,
        startTime: points[startIndex].time,
        endTime: points[endIndex].time,
        ...centre(points, startIndex, last),
        dataGap: gapInside || gapAfter,
      });
    }
    anchor = last + 1;
  }
  return { stops, checkpoint: checkpoint ?? { anchor, stops: copyStops(stops) } };
}

export function detectStops(points: readonly TrailPoint[], options: StopOptions): StopSpan[] {
  return scanStops(points, options).stops;
}
