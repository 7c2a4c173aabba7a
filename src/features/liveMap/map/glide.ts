/** Pure motion maths for the map layer's glide: where a taxi is drawn between two real positions. */
import type { LngLat } from '../state/liveMapSlice';

/** Farther than this (about 1 km) is not driving but a jump (a reconnect, DevTools time-travel): no glide. */
export const MAX_GLIDE_DEGREES = 0.01;

/** Ease-out: most of the way early, settling gently on the real position. */
function easeOut(t: number): number {
  return 1 - (1 - t) ** 2;
}

/** The drawn position `elapsed` ms into a glide of `duration` ms; exactly `to` once it is over. */
export function glidePosition(from: LngLat, to: LngLat, elapsed: number, duration: number): LngLat {
  if (duration <= 0 || elapsed >= duration) return to;
  const t = easeOut(Math.max(0, elapsed) / duration);
  return [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
}

export function isShortMove(from: LngLat, to: LngLat): boolean {
  return Math.abs(to[0] - from[0]) <= MAX_GLIDE_DEGREES && Math.abs(to[1] - from[1]) <= MAX_GLIDE_DEGREES;
}

export type Bounds = [LngLat, LngLat];

export function isInside(bounds: Bounds, [lng, lat]: LngLat): boolean {
  return lng >= bounds[0][0] && lng <= bounds[1][0] && lat >= bounds[0][1] && lat <= bounds[1][1];
}
