/**
 * The timer of the position service's idle sweep (shiftService.endIdleTrackerShifts: trackers'
 * shifts quiet for SHIFT_IDLE_END_MINUTES end at their last point's time). Runs every `everyMs` on
 * an unref'd timer, never two sweeps at once: the event loop only waits for the database.
 */
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from '../../../platform/clock';

export interface IdleShiftSweep {
  /** One round now; resolves with how many shifts it ended. */
  runOnce(now?: Date): Promise<number>;
  stop(): Promise<void>;
}

export function startIdleShiftSweep(options: { sweep: (now: Date) => Promise<number>; everyMs: number; log: FastifyBaseLogger; clock?: Clock }): IdleShiftSweep {
  const { sweep, everyMs, log, clock = systemClock } = options;
  let running: Promise<number> | null = null;

  function runOnce(now = clock.now()): Promise<number> {
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
