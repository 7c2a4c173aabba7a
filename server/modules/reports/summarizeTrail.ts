/**
 * A shift's trail → its summary, trips and stops, in the contract's shape (contract/reports.ts).
 * Pure: the service reads the trail and decides whether to keep the result.
 *
 * Kilometres: the whole filtered trail, in steps (measureDistance.ts), less what crosses a data gap.
 * Time: the trail's span (first to last trusted point) is split into stops and movements, so
 * moving_seconds + stopped_seconds = that span. Short stands (a red light, under minStopSeconds)
 * count as moving, as in traccar. Speeds are measured between consecutive points, not taken from
 * the phone's reported speed (which many phones leave out).
 */
import type { ShiftSummary, Stop, Trip } from '../../../contract/reports';
import type { TrailPoint } from '../positions';
import { detectionOptions, type DetectionOptions } from '../positions';
import { detectMoves, type MoveSpan } from './detectMoves';
import { detectStops, type StopSpan } from './detectStops';
import { toKmh } from '../positions';
import { filterJumps } from './jumpFilter';
import { measureDistance } from './measureDistance';

export type TrailTotals = Omit<ShiftSummary, 'shift_id' | 'computed_at' | 'final'>;

export interface TrailSummary {
  totals: TrailTotals;
  trips: Trip[];
  stops: Stop[];
}

const iso = (time: number): string => new Date(time).toISOString();
const round = (value: number, decimals: number): number => Math.round(value * 10 ** decimals) / 10 ** decimals;
const wholeSeconds = (ms: number): number => Math.round(ms / 1000);
const averageKmh = (metres: number, ms: number): number => (ms > 0 ? round(toKmh(metres / (ms / 1000)), 1) : 0);

export function summarizeTrail(trail: readonly TrailPoint[], given: Partial<DetectionOptions> = {}): TrailSummary {
  const options = detectionOptions(given);
  const { points, ignored } = filterJumps(trail, options);
  const stopSpans = detectStops(points, options);
  const moves = detectMoves(points, stopSpans, options);
  // The whole trail in one walk: a stop's edges (the first and last metres inside its radius) are
  // real driving that no movement holds.
  const distanceM = points.length ? measureDistance(points, 0, points.length - 1, options).distanceM : 0;
  return presentSummary({ trailLength: trail.length, points, ignored, stopSpans, moves, distanceM });
}

/** What detection found in a filtered trail: summarizeTrail and an open shift's kept summary both give it. */
export interface Detected {
  trailLength: number;
  points: readonly TrailPoint[];
  ignored: number;
  stopSpans: readonly StopSpan[];
  moves: readonly MoveSpan[];
  distanceM: number;
}

/** Detection's findings in the contract's shape. */
export function presentSummary({ trailLength, points, ignored, stopSpans, moves, distanceM }: Detected): TrailSummary {
  const movingMs = moves.reduce((sum, move) => sum + (move.endTime - move.startTime), 0);
  const stoppedMs = stopSpans.reduce((sum, stop) => sum + (stop.endTime - stop.startTime), 0);

  const trips: Trip[] = moves
    .filter((move) => move.isTrip)
    .map((move) => ({
      start_time: iso(move.startTime),
      end_time: iso(move.endTime),
      duration_seconds: wholeSeconds(move.endTime - move.startTime),
      distance_m: Math.round(move.distanceM),
      start_latitude: points[move.startIndex].latitude,
      start_longitude: points[move.startIndex].longitude,
      end_latitude: points[move.endIndex].latitude,
      end_longitude: points[move.endIndex].longitude,
      max_speed_kmh: round(move.maxSpeedKmh, 1),
      average_speed_kmh: averageKmh(move.distanceM, move.endTime - move.startTime),
    }));
  const stops: Stop[] = stopSpans.map((stop) => ({
    start_time: iso(stop.startTime),
    end_time: iso(stop.endTime),
    duration_seconds: wholeSeconds(stop.endTime - stop.startTime),
    latitude: round(stop.latitude, 6),
    longitude: round(stop.longitude, 6),
    data_gap: stop.dataGap,
  }));

  return {
    totals: {
      distance_km: round(distanceM / 1000, 3),
      moving_seconds: wholeSeconds(movingMs),
      stopped_seconds: wholeSeconds(stoppedMs),
      stops_count: stops.length,
      trips_count: trips.length,
      max_speed_kmh: round(Math.max(0, ...moves.map((move) => move.maxSpeedKmh)), 1),
      average_speed_kmh: averageKmh(distanceM, movingMs),
      points_count: trailLength,
      ignored_points: ignored,
      first_point_time: points.length ? iso(points[0].time) : null,
      last_point_time: points.length ? iso(points[points.length - 1].time) : null,
    },
    trips,
    stops,
  };
}
