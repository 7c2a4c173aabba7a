/** Location updates waiting for the next flush: one per shift, the latest by timestamp. */
import type { LiveLocationUpdate as LocationUpdate } from '../state/activeShiftsSlice';

export function createLocationBuffer() {
  const latest = new Map<number, LocationUpdate>();
  return {
    add(update: LocationUpdate) {
      const held = latest.get(update.shift_id);
      if (!held || Date.parse(update.timestamp) >= Date.parse(held.timestamp)) latest.set(update.shift_id, update);
    },
    /** Everything held, emptying the buffer. */
    take(): LocationUpdate[] {
      const updates = [...latest.values()];
      latest.clear();
      return updates;
    },
    clear() {
      latest.clear();
    },
  };
}
