/**
 * Ends trackers' shifts that received no point for SHIFT_IDLE_END_MINUTES, at their last point's
 * time (so history shows the real duration). Runs every `everyMs` on an unref'd timer, one bounded
 * query at a time and never two sweeps at once: the event loop only waits for the database.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import type { RealtimePublisher } from '../../../platform/realtime/publisher';
import { endShift } from '../../shifts';
import { findIdleTrackerShifts } from '../../shifts';

/** Shifts ended per query; a backlog drains over the next rounds. */
const BATCH = 200;

export interface IdleShiftSweep {
  /** One round now; resolves with how many shifts it ended. */
  runOnce(now?: Date): Promise<number>;
  stop(): Promise<void>;
}

export function startIdleShiftSweep(options: {
  db: Kysely<Database>;
  publisher: RealtimePublisher;
  idleMinutes: number;
  everyMs: number;
  log: FastifyBaseLogger;
}): IdleShiftSweep {
  const { db, publisher, idleMinutes, everyMs, log } = options;
  let running: Promise<number> | null = null;

  async function sweep(now: Date): Promise<number> {
    const idle = await findIdleTrackerShifts(db, new Date(now.getTime() - idleMinutes * 60_000), BATCH);
    let ended = 0;
    for (const { id, ownerId, lastSeen } of idle) {
      const shift = await endShift(db, ownerId, id, lastSeen);
      if (!shift?.end_time || shift.duration_seconds === null) continue;
      publisher.publishShiftEnded(ownerId, { shift_id: shift.id, end_time: shift.end_time, duration_seconds: shift.duration_seconds });
      ended += 1;
    }
    return ended;
  }

  function runOnce(now = new Date()): Promise<number> {
    running ??= sweep(now).finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => {
    runOnce().catch((error: unknown) => log.error({ err: error }, 'No se pudieron cerrar los turnos inactivos'));
  }, everyMs);
  timer.unref();

  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
