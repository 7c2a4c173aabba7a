/**
 * The one shift-and-position service every source hands points to: the driver API (and /conductor
 * and the simulator through it) with submitFromDriver, OsmAnd/Traccar Client and hardware trackers
 * with submitFromDevice. Device id → driver and the driver's active shift both come from the driver
 * cache (server/ingest/driverCache.ts): a request of a driver already on shift reads no database.
 * It answers domain outcomes; each route maps them to its protocol.
 *
 * Rules: a point more than FUTURE_TOLERANCE_MS in the future (a wrong clock) refuses a driver's whole
 * batch, while a device's such points are dropped and counted as ignored (trackers resend what is
 * refused, forever); a point older than `maxPointAgeDays` (the other end of the same rule) is dropped
 * from either source and counted as `tooOld`: it never opens a tracker shift in the past, and a
 * phone's older queue is answered, so the phone lets it go; points timed before the shift started
 * are ignored; a shift takes at most
 * `pointsPerMinute` points a minute; a device's first point with no active shift starts a tracker
 * shift (shiftService.ts), and the idle sweep ends those.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { systemClock, type Clock } from '../../platform/clock';
import { createPositionEvents, type PositionAccepted } from './events';
import { createIngest, DEFAULT_POINT_MAX_AGE_DAYS, FUTURE_TOLERANCE_MS, type IngestPoint } from './ingest/ingest';
import type { StoredPoint } from './ingest/flushPoints';
import { atStoredPrecision } from './storedPrecision';
import type { PublishLocations } from '../../platform/realtime/publisher';
import { startIdleShiftSweep } from './osmand/idleShiftSweep';
import type { LeaderGate } from '../../platform/leadership';
import type { DomainEventBus } from '../../platform/domainEvents';
import type { DriverCache, DriverState } from '../identity';
import type { ShiftService } from '../shifts';

export type SubmitOutcome =
  /** Points kept (stored, or already stored by an earlier copy); `ignored` were before the shift or (device) in the future. */
  | { outcome: 'accepted'; accepted: number; ignored: number }
  /** Nothing to keep: every point was before the shift, in the future (device), or there was none. */
  | { outcome: 'ignored'; ignored: number }
  /** Nothing kept. `future`: the index of the first point too far ahead (driver only). */
  | { outcome: 'refused'; reason: 'future'; index: number }
  | { outcome: 'refused'; reason: 'noShift' | 'unknownDriver' | 'unknownDevice' }
  | { outcome: 'refused'; reason: 'rateLimited'; retryAfterSeconds: number };

/** A signed-in driver; `state` is the cache entry the token check already read (read again when absent). */
export interface SubmittingDriver {
  id: number;
  ownerId: number;
  state?: DriverState;
}

export interface PositionServiceOptions {
  db: Kysely<Database>;
  /** The desks' position stream (the platform's). */
  publishLocations: PublishLocations;
  /** Where each request's newest kept point goes to the modules above (positionAccepted). */
  events: Pick<DomainEventBus, 'tell'>;
  /** The working drivers in memory (identity's). */
  drivers: DriverCache;
  /** Starts a tracker's shift at its first point, ends it once quiet. */
  shifts: Pick<ShiftService, 'startByTracker' | 'endIdleTrackerShifts'>;
  log: FastifyBaseLogger;
  /** Set with PostgreSQL: the ingest's flushes run on connections of their own. */
  databaseUrl: string | null;
  pointsPerMinute?: number;
  /** POINT_MAX_AGE_DAYS: points older than this are dropped and counted, never stored. */
  maxPointAgeDays?: number;
  /** Trackers' shifts end after this many minutes without points, checked every `idleSweepMs`. */
  shiftIdleEndMinutes: number;
  idleSweepMs: number;
  /** "Now" for the future-point check and the idle sweep (platform/clock.ts); the system's by default. */
  clock?: Clock;
  /** Whether this process runs the idle sweep's rounds (one process among several; always by default). */
  leader?: LeaderGate;
}

const isFuture = (time: Date, latest: number) => time.getTime() > latest;
const DAY_MS = 86_400_000;

export type { PositionAccepted };

export function createPositionService(options: PositionServiceOptions) {
  const { db, log, shifts, events } = options;
  const clock = options.clock ?? systemClock;
  const ingest = createIngest({
    db,
    events: createPositionEvents(options.publishLocations),
    log,
    databaseUrl: options.databaseUrl,
    cache: options.drivers,
    pointsPerMinute: options.pointsPerMinute,
  });
  const { cache, stats, cap } = ingest;
  const maxAgeMs = (options.maxPointAgeDays ?? DEFAULT_POINT_MAX_AGE_DAYS) * DAY_MS;

  /** The points (and their times) not older than the age limit; the others are counted as tooOld. */
  function recentOnly(points: IngestPoint[], times: Date[], now: number): { points: IngestPoint[]; times: Date[]; tooOld: number } {
    const earliest = now - maxAgeMs;
    const keep = times.map((time) => time.getTime() >= earliest);
    const tooOld = keep.filter((kept) => !kept).length;
    stats.tooOld += tooOld;
    if (!tooOld) return { points, times, tooOld };
    return { points: points.filter((_point, i) => keep[i]), times: times.filter((_time, i) => keep[i]), tooOld };
  }

  const refused = <T extends SubmitOutcome>(outcome: T): T => {
    stats.refused++;
    return outcome;
  };

  /** The shared tail: rate cap, points before the shift, group commit. */
  async function keep(driver: { id: number; ownerId: number }, shift: { id: number; startTime: Date }, points: IngestPoint[], times: Date[], alreadyIgnored: number): Promise<SubmitOutcome> {
    if (!cap.take(shift.id, points.length)) return refused({ outcome: 'refused', reason: 'rateLimited', retryAfterSeconds: cap.secondsUntil(shift.id, points.length) });
    const kept: StoredPoint[] = [];
    points.forEach((point, index) => {
      if (times[index] < shift.startTime) return;
      kept.push({ shiftId: shift.id, time: times[index], ...atStoredPrecision(point) });
    });
    if (kept.length) {
      await ingest.write(shift.id, kept);
      const newest = kept.reduce((a, b) => (b.time > a.time ? b : a));
      const position: PositionAccepted = { ownerId: driver.ownerId, shiftId: shift.id, driverId: driver.id, latitude: newest.latitude, longitude: newest.longitude, time: newest.time, speed: newest.speed };
      events.tell('positionAccepted', position);
    }
    const ignored = alreadyIgnored + points.length - kept.length;
    stats.requests++;
    stats.accepted += kept.length;
    stats.ignored += ignored;
    return kept.length ? { outcome: 'accepted', accepted: kept.length, ignored } : { outcome: 'ignored', ignored };
  }

  const idleSweep = startIdleShiftSweep({ sweep: (now) => shifts.endIdleTrackerShifts(options.shiftIdleEndMinutes, now), everyMs: options.idleSweepMs, log, clock, leader: options.leader });

  return {
    /** Identity's driver cache, which backs every driver token check too (one cache read per driver request). */
    cache,
    stats,

    async submitFromDriver(driver: SubmittingDriver, points: IngestPoint[]): Promise<SubmitOutcome> {
      const now = clock.now().getTime();
      const latest = now + FUTURE_TOLERANCE_MS;
      const times = points.map((point) => new Date(point.timestamp));
      const future = times.findIndex((time) => isFuture(time, latest));
      if (future >= 0) return refused({ outcome: 'refused', reason: 'future', index: future });
      const state = driver.state ?? (await cache.get(driver.id));
      if (!state || state.ownerId !== driver.ownerId) return refused({ outcome: 'refused', reason: 'unknownDriver' });
      if (!state.activeShift) return refused({ outcome: 'refused', reason: 'noShift' });
      // Not refused like the future: the phone would keep the batch and resend it forever.
      const recent = recentOnly(points, times, now);
      if (!recent.points.length) {
        stats.ignored += recent.tooOld;
        return { outcome: 'ignored', ignored: recent.tooOld };
      }
      return keep(state, state.activeShift, recent.points, recent.times, recent.tooOld);
    },

    async submitFromDevice(deviceId: string, points: IngestPoint[]): Promise<SubmitOutcome> {
      let state = await cache.getByDevice(deviceId);
      if (!state) return refused({ outcome: 'refused', reason: 'unknownDevice' });
      if (!points.length) return { outcome: 'ignored', ignored: 0 };
      const now = clock.now();
      const latest = now.getTime() + FUTURE_TOLERANCE_MS;
      const allTimes = points.map((point) => new Date(point.timestamp));
      const notFuture = allTimes.map((time) => !isFuture(time, latest));
      // Judged before a shift is opened: neither end of a wrong clock may open one.
      const usable = recentOnly(
        points.filter((_point, i) => notFuture[i]),
        allTimes.filter((_time, i) => notFuture[i]),
        now.getTime(),
      );
      const dropped = points.length - usable.points.length;
      if (!usable.points.length) {
        stats.ignored += dropped;
        return { outcome: 'ignored', ignored: dropped };
      }
      if (!state.activeShift) {
        const earliest = usable.times.reduce((a, b) => (b < a ? b : a));
        await shifts.startByTracker(state, earliest, now);
        // The start told the cache: this reads the new shift once.
        state = await cache.get(state.id);
        if (!state?.activeShift) return refused({ outcome: 'refused', reason: 'noShift' });
      }
      return keep(state, state.activeShift, usable.points, usable.times, dropped);
    },

    /** One idle-sweep round now (the timer runs one every idleSweepMs). */
    endIdleShifts: (now?: Date) => idleSweep.runOnce(now),

    /** Stops the sweep and writes what is queued (before the database closes). */
    async close() {
      await idleSweep.stop();
      await ingest.close();
    },
  };
}

export type PositionService = ReturnType<typeof createPositionService>;
