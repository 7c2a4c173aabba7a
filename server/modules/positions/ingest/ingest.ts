/**
 * The storage half of the one position service (server/modules/positions/positionService.ts, which
 * holds the rules): the driver cache it is handed (identity's: device id, owner, token version, active
 * shift; no database read per request), the per-shift rate cap, and the group-commit queue that writes kept points,
 * resolves after commit, and publishes once per owner per flush. Late points join the trail
 * without moving the taxi (flushPoints.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import type { PositionEvents } from '../events';
import type { DriverCache } from '../../identity';
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
  /** Set with PostgreSQL: the flushes run on connections of their own. */
  databaseUrl: string | null;
  /** The working drivers in memory (identity's driver directory): who sends, from which device, on which shift. */
  cache: DriverCache;
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
  readonly cap: PointRateCap;
  /** Queues a shift's kept points for the next group commit; resolves once committed (and published). */
  write(shiftId: number, points: StoredPoint[]): Promise<void>;
  /** Writes what is queued, then stops (before the database closes). */
  close(): Promise<void>;
}

export function createIngest(options: IngestOptions): Ingest {
  const { db, events, log } = options;
  const { cache } = options;
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

  return {
    cache,
    stats,
    cap,
    write: (shiftId, points) => queue.submit(shiftId, points),
    async close() {
      stats.stop();
      await queue.drain();
      await runner.close();
    },
  };
}
