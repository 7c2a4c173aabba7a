/**
 * What time it is, for the server's rules that turn on it (DESIGN.md: time is injectable, so tests
 * never wait for real minutes). Code that a test needs to move in time takes a Clock instead of
 * calling `new Date()`; the rest of the server keeps the system's time.
 *
 * A running server's clock is the system's, shifted by FLOTA_CLOCK_OFFSET seconds (config.ts):
 * unset in production. A browser test starts a server of its own with its clock behind the
 * browser's, so what that server stamps "now" the desk already sees as minutes old.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The system's time shifted by `offsetMs` (negative: behind). */
export function offsetClock(offsetMs: number): Clock {
  if (offsetMs === 0) return systemClock;
  return { now: () => new Date(Date.now() + offsetMs) };
}

/** A clock that moves only when told (Jest tests). */
export function manualClock(start: Date): Clock & { advance(ms: number): void } {
  let time = start.getTime();
  return {
    now: () => new Date(time),
    advance(ms: number) {
      time += ms;
    },
  };
}
