/** Distances on the Earth for detection: haversine, good to well under 0.5 % at a city's scale. */

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLng = (b.longitude - a.longitude) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** m/s → km/h */
export const toKmh = (metresPerSecond: number): number => metresPerSecond * 3.6;

/**
 * Speed between two timed points in km/h. Two points at the same time count one second apart, so
 * a duplicate time never reads as an infinite speed, while a far-away duplicate still reads as a jump.
 */
export function impliedSpeedKmh(a: LatLng & { time: number }, b: LatLng & { time: number }): number {
  const seconds = Math.max(1, Math.abs(b.time - a.time) / 1000);
  return toKmh(distanceMeters(a, b) / seconds);
}
