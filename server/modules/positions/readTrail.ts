/**
 * The one way to read a shift's stored points, oldest first: reports, the trail route, and later
 * replay, read the trail here and never from shift_locations directly. Points of open shifts are
 * rows of shift_locations; an ended shift's are packed into trail_chunks (packed/packShift.ts);
 * a late point for a packed shift is a row until the next pass. This reads both tiers alike, so
 * no consumer can tell which tier a shift is in, and the exact points come back.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { readStoredPoints, ROW_PAGE, type Range } from './packed/storedPoints';
import type { PackedPoint } from './packed/trailCodec';

/** A stored point as consumers of a trail need it: time in epoch milliseconds, readings or null. */
export interface TrailPoint {
  time: number;
  latitude: number;
  longitude: number;
  /** m/s, as the phone reported it. */
  speed: number | null;
  /** metres (the phone's horizontal accuracy). */
  accuracy: number | null;
  heading: number | null;
  /** percent; optional so hand-built trails (tests, synthetic tracks) need not name it. */
  battery?: number | null;
}

/** Points per query of the row tier (a 12-hour shift at 1 Hz is 43,200 points). */
export const TRAIL_PAGE = ROW_PAGE;

/** Milliseconds, as a JS Date of the stored time reads (a stored microsecond part is cut). */
export function toTrailPoint(point: PackedPoint): TrailPoint {
  return {
    time: Math.floor(point.us / 1000),
    latitude: point.latitude,
    longitude: point.longitude,
    speed: point.speed,
    accuracy: point.accuracy,
    heading: point.heading,
    battery: point.battery,
  };
}

export async function readTrail(db: Kysely<Database>, shiftId: number, range: Range = {}): Promise<TrailPoint[]> {
  return (await readStoredPoints(db, shiftId, range)).map(toTrailPoint);
}
