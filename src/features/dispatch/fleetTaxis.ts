/**
 * The fleet's taxis as Despacho's map draws them (the app feeds them from the live map's state, so
 * they move with every position the desk's socket brings): every taxi on shift with a position,
 * coloured by availability, before any pickup is set; and the one on its way to the selected
 * booking's pickup, with an estimate that shrinks as it comes.
 */
import type { Booking } from '../../../contract/api';
import type { FleetTaxi } from '../../lib/fleetTaxi';

export type { FleetTaxi };

/** Trip states in which the assigned taxi is still coming to the pickup. */
const COMING = new Set<Booking['status']>(['asignado', 'en_camino']);

/**
 * The server's straight-line estimate with its defaults (DISPATCH_DETOUR_FACTOR 1.4,
 * DISPATCH_CITY_SPEED_KMH 25): the same rule the candidates' "4 min" comes from.
 */
const DETOUR_FACTOR = 1.4;
const CITY_SPEED_MS = 25 / 3.6;
const EARTH_RADIUS_M = 6_371_000;

export function distanceMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface EnRoute {
  taxi: FleetTaxi;
  distanceM: number;
  etaS: number;
}

/** The selected booking's taxi while it comes to the pickup (Asignado, En camino), with its distance and estimate now. */
export function enRouteTaxi(booking: Booking | null, fleet: readonly FleetTaxi[]): EnRoute | null {
  if (!booking || booking.driver_id === null || !COMING.has(booking.status)) return null;
  const taxi = fleet.find((item) => item.driverId === booking.driver_id);
  if (!taxi) return null;
  const distanceM = distanceMeters(taxi, booking.pickup);
  return { taxi, distanceM, etaS: (distanceM * DETOUR_FACTOR) / CITY_SPEED_MS };
}
