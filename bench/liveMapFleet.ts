/**
 * A fleet of N active shifts as GET /shifts/active sends it (the contract's Shift, checked with its
 * schema), and the location updates its taxis send: one per taxi per second, a few metres apart.
 */
import { z } from 'zod';
import { shiftSchema, type LocationUpdate, type Shift } from '../contract/entities';
import { makeShift } from '../src/testing/fixtures';

/** When the snapshot is taken; the traffic starts here. */
export const SNAPSHOT_AT = Date.parse('2026-11-21T13:00:00.000Z');
const LA_LIGUA = { latitude: -32.4519, longitude: -71.2264 };
/** About 11 m between two positions of a taxi, 1 s apart (40 km/h). */
const STEP_DEGREES = 0.0001;

/** Every 10th taxi has been silent for 10 minutes (stale); every 100th has sent no position yet. */
export const isSilent = (index: number) => index % 10 === 0;
const isUnlocated = (index: number) => index % 100 === 99;

export function makeFleet(taxis: number): Shift[] {
  const shifts = Array.from({ length: taxis }, (_, index) => {
    const id = index + 1;
    const lastSeen = SNAPSHOT_AT - (isSilent(index) ? 600_000 : 5_000);
    return makeShift({
      id,
      driver_id: id,
      vehicle_id: id,
      first_name: `Conductor ${id}`,
      last_name: 'Benchmark',
      rut: String(10_000_000 + id),
      plate_number: `BN${String(id).padStart(4, '0')}`,
      // Shifts started over the last 8 hours, not in id order: the slice sorts them by start time.
      start_time: new Date(SNAPSHOT_AT - ((id * 7919) % 28_800) * 1000).toISOString(),
      latitude: isUnlocated(index) ? null : LA_LIGUA.latitude + ((index % 100) - 50) * 0.001,
      longitude: isUnlocated(index) ? null : LA_LIGUA.longitude + (Math.floor(index / 100) - 50) * 0.001,
      last_location_time: isUnlocated(index) ? null : new Date(lastSeen).toISOString(),
    });
  });
  return z.array(shiftSchema).parse(shifts);
}

/** Where taxi `index` reports itself `secondsAfter` the snapshot. */
export function updateOf(shift: Shift, index: number, secondsAfter: number): LocationUpdate {
  const start = { latitude: shift.latitude ?? LA_LIGUA.latitude, longitude: shift.longitude ?? LA_LIGUA.longitude };
  const heading = (index % 8) * (Math.PI / 4);
  return {
    shift_id: shift.id,
    latitude: start.latitude + Math.sin(heading) * STEP_DEGREES * secondsAfter,
    longitude: start.longitude + Math.cos(heading) * STEP_DEGREES * secondsAfter,
    timestamp: new Date(SNAPSHOT_AT + secondsAfter * 1000).toISOString(),
  };
}
