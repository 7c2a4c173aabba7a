/**
 * Each active shift's dispatch state, held in memory by every process: who drives, which taxi,
 * its availability, and whether a live trip or an open offer holds it. Candidates read only this
 * and the taxi grid, so they cost no database round trip; the database still decides every offer
 * and assignment (conditional UPDATEs, unique indexes), so an entry a few milliseconds stale costs
 * at most a candidate the offer skips or a desk 409 — never a taxi on two trips.
 */
import { sql } from 'kysely';
import type { Availability } from '../../../contract/dispatch';
import type { DispatchTaxiState } from '../../platform/realtime/socketServer';
import type { Db } from './bookingsRepo';
import { LIVE_TRIP_STATUSES } from './tripStates';
import { vehicleRows } from '../vehicles';
import { driverRows } from '../drivers';
import { shiftRows } from '../shifts';

export type TaxiState = DispatchTaxiState;

/** The states of the active shifts matching `which` (all of them when empty), read in one query. */
export async function readTaxiStates(db: Db, which: { shiftIds?: number[]; driverIds?: number[] } = {}): Promise<TaxiState[]> {
  if ((which.shiftIds && !which.shiftIds.length) || (which.driverIds && !which.driverIds.length)) return [];
  let query = db
    .selectFrom(shiftRows(db).as('s'))
    .innerJoin(driverRows(db).as('d'), 'd.id', 's.driver_id')
    .leftJoin(vehicleRows(db).as('v'), 'v.id', 's.vehicle_id')
    .leftJoin('shift_availability as a', 'a.shift_id', 's.id')
    .select(({ exists, selectFrom }) => [
      's.id as shift_id',
      's.owner_id',
      's.driver_id',
      's.vehicle_id',
      'v.plate_number',
      'a.availability',
      sql<string>`d.first_name || ' ' || d.last_name`.as('driver_name'),
      exists(selectFrom('bookings as b').select('b.id').whereRef('b.driver_id', '=', 's.driver_id').where('b.status', 'in', [...LIVE_TRIP_STATUSES])).as('on_trip'),
      exists(selectFrom('bookings as b').select('b.id').whereRef('b.offer_driver_id', '=', 's.driver_id').where('b.status', '=', 'ofrecido')).as('offered'),
    ])
    .where('s.end_time', 'is', null);
  if (which.shiftIds) query = query.where('s.id', 'in', which.shiftIds);
  if (which.driverIds) query = query.where('s.driver_id', 'in', which.driverIds);
  const rows = await query.execute();
  return rows.map((row) => ({
    shiftId: row.shift_id,
    ownerId: row.owner_id,
    driverId: row.driver_id,
    vehicleId: row.vehicle_id,
    plateNumber: row.plate_number,
    driverName: row.driver_name,
    availability: (row.availability ?? 'libre') as Availability,
    onTrip: Boolean(row.on_trip),
    offered: Boolean(row.offered),
  }));
}

/**
 * The map itself. Writes carry a generation (a counter of this process's reads and marks): a read
 * that started before a newer mark or read of the same shift is dropped when it lands late.
 */
export function createTaxiStates() {
  const byShift = new Map<number, TaxiState>();
  const shiftOfDriver = new Map<number, number>();
  const generations = new Map<number, number>();
  let generation = 0;

  function remove(shiftId: number): void {
    const state = byShift.get(shiftId);
    if (state && shiftOfDriver.get(state.driverId) === shiftId) shiftOfDriver.delete(state.driverId);
    byShift.delete(shiftId);
  }

  function put(state: TaxiState): void {
    const previous = shiftOfDriver.get(state.driverId);
    // A driver has one active shift: an older one still held here has ended.
    if (previous !== undefined && previous !== state.shiftId) remove(previous);
    byShift.set(state.shiftId, state);
    shiftOfDriver.set(state.driverId, state.shiftId);
  }

  return {
    /** A generation for a read about to start. */
    nextGeneration: () => ++generation,

    /** A read's result (a shift missing from `read` among `asked` has ended), unless a newer write came first. */
    apply(read: TaxiState[], asked: number[], readGeneration: number, askedBy: 'shift' | 'driver' = 'shift'): void {
      const fresh = (shiftId: number) => (generations.get(shiftId) ?? 0) <= readGeneration;
      for (const state of read) {
        if (!fresh(state.shiftId)) continue;
        generations.set(state.shiftId, readGeneration);
        put(state);
      }
      const found = new Set(read.map((s) => (askedBy === 'shift' ? s.shiftId : s.driverId)));
      for (const id of asked) {
        if (found.has(id)) continue;
        const shiftId = askedBy === 'shift' ? id : shiftOfDriver.get(id);
        if (shiftId !== undefined && fresh(shiftId)) remove(shiftId);
      }
    },

    /** Every active shift at once (start, and the periodic repair): entries not in it have ended. */
    replaceAll(read: TaxiState[], readGeneration: number): void {
      const seen = new Set<number>();
      for (const state of read) {
        seen.add(state.shiftId);
        if ((generations.get(state.shiftId) ?? 0) > readGeneration) continue;
        generations.set(state.shiftId, readGeneration);
        put(state);
      }
      for (const shiftId of [...byShift.keys()]) if (!seen.has(shiftId) && (generations.get(shiftId) ?? 0) <= readGeneration) remove(shiftId);
    },

    /** This process's own decision, known before any read (an offer just made): newer than reads in flight. */
    mark(shiftId: number, change: Partial<Pick<TaxiState, 'availability' | 'onTrip' | 'offered'>>): void {
      const state = byShift.get(shiftId);
      if (!state) return;
      generations.set(shiftId, ++generation);
      byShift.set(shiftId, { ...state, ...change });
    },

    /** Another process's state (or its shift's end, state null): taken as the newest. */
    fromPeer(shiftId: number, state: TaxiState | null): void {
      generations.set(shiftId, ++generation);
      if (state) put(state);
      else remove(shiftId);
    },

    ended(shiftId: number): void {
      generations.set(shiftId, ++generation);
      remove(shiftId);
    },

    get: (shiftId: number) => byShift.get(shiftId) ?? null,
    has: (shiftId: number) => byShift.has(shiftId),
    size: () => byShift.size,

    /** On shift, Libre, no live trip, no open offer. */
    isFree(shiftId: number): boolean {
      const state = byShift.get(shiftId);
      return !!state && state.availability === 'libre' && !state.onTrip && !state.offered;
    },
  };
}

export type TaxiStates = ReturnType<typeof createTaxiStates>;
