/** Pure motion maths for the map layer's glide: where a taxi is drawn between two real positions. */
import type { LngLat } from '../state/liveMapSlice';
import { WORLD_PIXELS_AT_ZOOM_0 } from '../../../lib/map/geometry';

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

/** Web Mercator: pixels per degree of longitude at zoom 0. */
const PIXELS_PER_DEGREE_AT_ZOOM_0 = WORLD_PIXELS_AT_ZOOM_0 / 360;

/**
 * How many screen pixels apart two nearby positions are drawn at `zoom` (a map without pitch):
 * a degree of latitude is 1/cos(latitude) times as long on screen as one of longitude. The same as
 * map.project twice for moves of a few hundred metres, at a fraction of the cost per taxi.
 */
export function screenPixels(from: LngLat, to: LngLat, zoom: number): number {
  const latitude = ((from[1] + to[1]) / 2) * (Math.PI / 180);
  const scale = PIXELS_PER_DEGREE_AT_ZOOM_0 * 2 ** zoom;
  return scale * Math.hypot(to[0] - from[0], (to[1] - from[1]) / Math.cos(latitude));
}

export type Bounds = [LngLat, LngLat];

export function isInside(bounds: Bounds, [lng, lat]: LngLat): boolean {
  return lng >= bounds[0][0] && lng <= bounds[1][0] && lat >= bounds[0][1] && lat <= bounds[1][1];
}
