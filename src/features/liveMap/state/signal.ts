/**
 * When a position stops being live. Pure: `now` (epoch ms) is always passed in, so selectors stay
 * pure and the screen decides how often time moves on (useNow).
 */

/** Seconds since the last position, or null when there never was one. */
export function secondsSince(lastLocationTime: string | null, now: number): number | null {
  if (!lastLocationTime) return null;
  const at = Date.parse(lastLocationTime);
  return Number.isNaN(at) ? null : Math.max(0, (now - at) / 1000);
}

/** No update for more than `staleAfterSeconds`: the taxi is shown without signal, never as live. */
export function isStale(lastLocationTime: string | null, now: number, staleAfterSeconds: number): boolean {
  const age = secondsSince(lastLocationTime, now);
  return age !== null && age > staleAfterSeconds;
}

export function noSignalText(lastLocationTime: string | null, now: number): string {
  const minutes = Math.max(1, Math.floor((secondsSince(lastLocationTime, now) ?? 0) / 60));
  return `Sin señal hace ${minutes} min`;
}
