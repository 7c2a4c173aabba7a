/**
 * A simulated clock behind setTimeout/clearTimeout: seconds of socket traffic run as fast as the
 * CPU allows, timers fire in order at their simulated time, and each callback is timed — so the
 * socket middleware's flush (a timer callback) can be measured without reaching into it.
 */
import { performance } from 'node:perf_hooks';

interface Pending {
  at: number;
  callback: (...args: unknown[]) => void;
  args: unknown[];
}

export interface TimerRun {
  /** Simulated time the callback fired at (ms since install). */
  at: number;
  /** Real time the callback took (ms). */
  took: number;
}

export function installVirtualTimers() {
  const real = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
  const pending = new Map<number, Pending>();
  let now = 0;
  let nextId = 1;

  // Browser-style numeric ids: the app's code is written for the browser.
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, delay = 0, ...args: unknown[]) => {
    const id = nextId++;
    pending.set(id, { at: now + Math.max(0, delay), callback, args });
    return id;
  }) as unknown as typeof setTimeout;
  globalThis.clearTimeout = ((id: number | undefined) => {
    if (id !== undefined) pending.delete(Number(id));
  }) as typeof clearTimeout;

  function nextDue(until: number): [number, Pending] | null {
    let found: [number, Pending] | null = null;
    for (const entry of pending) if (entry[1].at <= until && (!found || entry[1].at < found[1].at)) found = entry;
    return found;
  }

  return {
    get now() {
      return now;
    },
    /** Moves the clock to `time`, running every timer due on the way; onRun hears how long each took. */
    advanceTo(time: number, onRun?: (run: TimerRun) => void) {
      for (let due = nextDue(time); due; due = nextDue(time)) {
        const [id, timer] = due;
        pending.delete(id);
        now = timer.at;
        const started = performance.now();
        timer.callback(...timer.args);
        onRun?.({ at: now, took: performance.now() - started });
      }
      now = time;
    },
    uninstall() {
      globalThis.setTimeout = real.setTimeout;
      globalThis.clearTimeout = real.clearTimeout;
    },
  };
}
