/**
 * The one location pipeline every position source calls (driver API, and later OsmAnd, /conductor,
 * the simulator): ingest.submit(driver, points). It checks the points against the driver's active
 * shift from the in-memory cache (no database read per request), applies the rules, queues them
 * for the next group commit, resolves after commit, and publishes once per owner per flush.
 *
 * Rules: points more than FUTURE_TOLERANCE_MS in the future refuse the whole batch (400, the phone's
 * clock is wrong); points timed before the shift started are ignored and counted; late points join
 * the trail without moving the taxi; a shift takes at most `pointsPerMinute` points a minute (429).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { HttpError, Messages } from '../../../platform/errors';
import type { RealtimePublisher } from '../../../platform/realtime/publisher';
import { loadDriverStates, loadOnShiftDriverStates } from '../../identity';
import { DriverCache } from './driverCache';
import { listenForDriverChanges, type DriverChangesListener } from '../../identity';
import { flushPoints, type MovedShift, type StoredPoint } from './flushPoints';
import { databaseFlushRunner, postgresFlushRunner } from './flushRunner';
import { GroupCommitQueue } from './groupCommit';
import { IngestStats } from './ingestStats';
import { PointRateCap } from './pointRateCap';

export interface IngestPoint {
  latitude: number;
  longitude: number;
  /** ISO 8601 */
  timestamp: string;
  /** m/s */
  speed?: number | null;
  /** degrees from north */
  heading?: number | null;
  /** metres */
  accuracy?: number | null;
  /** percent 0-100 */
  battery?: number | null;
}

export interface IngestResult {
  /** Points kept (stored, or already stored by an earlier copy of the same batch). */
  accepted: number;
  /** Points timed before the shift started. */
  ignored: number;
}

export const FUTURE_TOLERANCE_MS = 2 * 60 * 1000;
export const DEFAULT_POINTS_PER_MINUTE = 600;
/** Drivers on shift loaded into the cache at start (a bigger fleet fills the rest on demand). */
export const WARM_DRIVERS = 50_000;

export const IngestMessages = {
  futureLocation: 'La fecha de la ubicación está en el futuro',
  noActiveShift: 'No tienes un turno activo',
  tooManyPoints: 'Demasiadas ubicaciones en poco tiempo. Espera un momento y vuelve a enviarlas.',
} as const;

export interface IngestOptions {
  db: Kysely<Database>;
  publisher: RealtimePublisher;
  log: FastifyBaseLogger;
  /** Set with PostgreSQL: other processes' driver changes arrive by LISTEN. */
  databaseUrl: string | null;
  pointsPerMinute?: number;
  maxFlushPoints?: number;
  /**
   * Flushes in flight at once. Default: 3 on PostgreSQL, whose commits share WAL flushes; 2 on PGlite,
   * whose one connection runs them in turn, the second ready to go the moment the first commits.
   */
  flushConcurrency?: number;
}

export interface Ingest {
  readonly cache: DriverCache;
  readonly stats: IngestStats;
  submit(driver: { id: number; ownerId: number }, points: IngestPoint[]): Promise<IngestResult>;
  /** Writes what is queued, then stops (before the database closes). */
  close(): Promise<void>;
}

function groupByOwner(moved: MovedShift[]): Map<number, MovedShift['update'][]> {
  const byOwner = new Map<number, MovedShift['update'][]>();
  for (const { ownerId, update } of moved) {
    const list = byOwner.get(ownerId);
    if (list) list.push(update);
    else byOwner.set(ownerId, [update]);
  }
  return byOwner;
}

export function createIngest(options: IngestOptions): Ingest {
  const { db, publisher, log } = options;
  const changes: DriverChangesListener | null = options.databaseUrl ? listenForDriverChanges(options.databaseUrl, log) : null;
  const cache = new DriverCache({ loadMany: (ids) => loadDriverStates(db, ids), trustworthy: changes ? () => changes.connected() : undefined });
  const cap = new PointRateCap(options.pointsPerMinute ?? DEFAULT_POINTS_PER_MINUTE);
  const stats = new IngestStats();
  const concurrency = options.flushConcurrency ?? (options.databaseUrl ? 3 : 2);
  const runner = options.databaseUrl ? postgresFlushRunner(options.databaseUrl, concurrency) : databaseFlushRunner(db);
  const queue = new GroupCommitQueue<MovedShift[]>({
    write: (points) => flushPoints(runner, points),
    onCommitted: (moved) => {
      stats.flushes++;
      for (const [ownerId, updates] of groupByOwner(moved)) publisher.publishLocations(ownerId, updates);
    },
    maxPoints: options.maxFlushPoints ?? 5000,
    concurrency,
  });
  stats.start(log, undefined, () => cap.prune());
  // Warm the cache with the drivers on shift: after a restart their phones all come back at once.
  // On PostgreSQL only once LISTEN is up (trustworthy); otherwise the first requests fill it.
  const warming = (async () => {
    for (let i = 0; changes && !changes.connected() && i < 50; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    await cache.warm(() => loadOnShiftDriverStates(db, WARM_DRIVERS));
  })().catch((error: unknown) => log.warn({ err: error }, 'ingest: no se pudo precargar la caché de conductores'));

  return {
    cache,
    stats,
    async submit(driver, points) {
      const latest = Date.now() + FUTURE_TOLERANCE_MS;
      const times = points.map((point) => new Date(point.timestamp));
      const future = times.findIndex((time) => time.getTime() > latest);
      if (future >= 0) throw new HttpError(400, IngestMessages.futureLocation, { [`locations.${future}.timestamp`]: IngestMessages.futureLocation });

      const state = await cache.get(driver.id);
      if (!state || state.ownerId !== driver.ownerId) throw new HttpError(401, Messages.sessionExpired);
      const shift = state.activeShift;
      if (!shift) throw new HttpError(409, IngestMessages.noActiveShift);
      if (!cap.take(shift.id, points.length)) {
        throw new HttpError(429, IngestMessages.tooManyPoints, undefined, { 'retry-after': String(cap.secondsUntil(shift.id, points.length)) });
      }

      const kept: StoredPoint[] = [];
      points.forEach((point, index) => {
        if (times[index] < shift.startTime) return;
        kept.push({
          shiftId: shift.id,
          latitude: point.latitude,
          longitude: point.longitude,
          time: times[index],
          speed: point.speed ?? null,
          heading: point.heading ?? null,
          accuracy: point.accuracy ?? null,
          battery: point.battery ?? null,
        });
      });
      if (kept.length) await queue.submit(shift.id, kept);
      stats.requests++;
      stats.accepted += kept.length;
      stats.ignored += points.length - kept.length;
      return { accepted: kept.length, ignored: points.length - kept.length };
    },
    async close() {
      await warming;
      stats.stop();
      await queue.drain();
      await runner.close();
      cache.close();
      await changes?.close();
    },
  };
}
