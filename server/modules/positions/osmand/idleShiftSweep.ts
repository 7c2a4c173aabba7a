/**
 * The timer of the position service's idle sweep (shiftService.endIdleTrackerShifts: trackers'
 * shifts quiet for SHIFT_IDLE_END_MINUTES end at their last point's time). Runs every `everyMs` on
 * an unref'd timer, never two sweeps at once: the event loop only waits for the database. With
 * several processes the timer's rounds run only in the one that leads (platform/leadership.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from '../../../platform/clock';
import { soleLeader, type LeaderGate } from '../../../platform/leadership';

export interface IdleShiftSweep {
  /** One round now; resolves with how many shifts it ended. */
  runOnce(now?: Date): Promise<number>;
  stop(): Promise<void>;
}

export function startIdleShiftSweep(options: { sweep: (now: Date) => Promise<number>; everyMs: number; log: FastifyBaseLogger; clock?: Clock; leader?: LeaderGate }): IdleShiftSweep {
  const { sweep, everyMs, log, clock = systemClock, leader = soleLeader() } = options;
  let running: Promise<number> | null = null;

  function runOnce(now = clock.now()): Promise<number> {
    running ??= sweep(now).finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => {
    if (!leader.isLeader()) return;
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
