/**
 * The storage half of the one position service (server/modules/positions/positionService.ts, which
 * holds the rules): the driver cache (device id, owner, token version, active shift; no database
 * read per request), the per-shift rate cap, and the group-commit queue that writes kept points,
 * resolves after commit, and publishes once per owner per flush. Late points join the trail
 * without moving the taxi (flushPoints.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import type { PositionEvents } from '../events';
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

export const FUTURE_TOLERANCE_MS = 2 * 60 * 1000;
/**
 * POINT_MAX_AGE_DAYS by default: a point older than this is dropped and counted (IngestStats.tooOld),
 * never stored. A tracker with a wrong clock would otherwise open a shift years in the past; a phone's
 * offline queue is hours old at most, well within it.
 */
export const DEFAULT_POINT_MAX_AGE_DAYS = 3;
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
  /** Told of each committed flush's moved taxis (they go to the desks' maps). */
  events: PositionEvents;
  log: FastifyBaseLogger;
  /** Set with PostgreSQL: other processes' driver changes arrive by LISTEN. */
  databaseUrl: string | null;
  pointsPerMinute?: number;
  /** The cache's miss path for device identifiers (OsmAnd). */
  findDriverIdByDevice: (deviceId: string) => Promise<number | null>;
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
  readonly cap: PointRateCap;
  /** Queues a shift's kept points for the next group commit; resolves once committed (and published). */
  write(shiftId: number, points: StoredPoint[]): Promise<void>;
  /** Writes what is queued, then stops (before the database closes). */
  close(): Promise<void>;
}

export function createIngest(options: IngestOptions): Ingest {
  const { db, events, log } = options;
  const changes: DriverChangesListener | null = options.databaseUrl ? listenForDriverChanges(options.databaseUrl, log) : null;
  const cache = new DriverCache({
    loadMany: (ids) => loadDriverStates(db, ids),
    findDriverIdByDevice: options.findDriverIdByDevice,
    trustworthy: changes ? () => changes.connected() : undefined,
  });
  const cap = new PointRateCap(options.pointsPerMinute ?? DEFAULT_POINTS_PER_MINUTE);
  const stats = new IngestStats();
  const concurrency = options.flushConcurrency ?? (options.databaseUrl ? 3 : 2);
  const runner = options.databaseUrl ? postgresFlushRunner(options.databaseUrl, concurrency) : databaseFlushRunner(db);
  const queue = new GroupCommitQueue<MovedShift[]>({
    write: (points) => flushPoints(runner, points),
    onCommitted: (moved) => {
      stats.flushes++;
      events.moved(moved);
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
    cap,
    write: (shiftId, points) => queue.submit(shiftId, points),
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
