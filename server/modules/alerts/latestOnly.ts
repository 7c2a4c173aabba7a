/**
 * Tells the desks of a changed alert at most once per `everyMs` per alert, with its latest state:
 * a driver pressing SOS again and again changes its one alert each time (a count, a position), and
 * the desks need the latest, not a push per press. The first change goes out at once.
 */
import type { AlertRow } from './alertsRepo';

export function latestOnly(send: (row: AlertRow) => void, everyMs: number) {
  const waiting = new Map<number, AlertRow>();
  const timers = new Map<number, NodeJS.Timeout>();
  const open = (id: number) => {
    const timer = setTimeout(() => {
      timers.delete(id);
      const latest = waiting.get(id);
      if (!latest) return;
      waiting.delete(id);
      send(latest);
      open(id);
    }, everyMs);
    timer.unref();
    timers.set(id, timer);
  };
  return {
    changed(row: AlertRow): void {
      if (timers.has(row.id)) {
        // A later change wins; an older one arriving late (another request's) does not undo it.
        const held = waiting.get(row.id);
        if (!held || held.presses <= row.presses) waiting.set(row.id, row);
        return;
      }
      send(row);
      open(row.id);
    },
    stop(): void {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      waiting.clear();
    },
  };
}
