/**
 * Candidates for a pickup: the fleet's nearest taxis from the in-memory index (fresh positions
 * only), then ONE database read of those few shifts to keep the ones still on shift, Libre, with no
 * trip and no open offer (the database is the truth across processes; the index only narrows),
 * ranked by the estimated time to the pickup.
 */
import { sql } from 'kysely';
import type { Candidate } from '../../../contract/dispatch';
import type { DispatchConfig } from '../../platform/dispatchConfig';
import type { Db } from './bookingsRepo';
import { estimateEtas } from './eta';
import type { TaxiIndex } from './taxiIndex';

/** Taxis farther than this are no candidates (a booking in another town is a phone call, not an offer). */
export const MAX_CANDIDATE_DISTANCE_M = 50_000;
/** Nearest taxis read from the index per candidate wanted (some are busy or off). */
const OVERSCAN = 4;

export interface CandidateQuery {
  ownerId: number;
  latitude: number;
  longitude: number;
  /** Drivers left out (they declined or let this booking's offer expire). */
  excludeDrivers?: ReadonlySet<number>;
  limit?: number;
  now?: number;
}

export async function findCandidates(db: Db, index: TaxiIndex, config: DispatchConfig, query: CandidateQuery): Promise<Candidate[]> {
  const now = query.now ?? Date.now();
  const limit = query.limit ?? config.maxCandidates;
  const near = index.nearest(query.ownerId, query.latitude, query.longitude, {
    limit: limit * OVERSCAN,
    minTime: now - config.freshSeconds * 1000,
    maxDistanceM: MAX_CANDIDATE_DISTANCE_M,
  });
  if (!near.length) return [];
  const rows = await db
    .selectFrom('shifts as s')
    .innerJoin('drivers as d', 'd.id', 's.driver_id')
    .leftJoin('vehicles as v', 'v.id', 's.vehicle_id')
    .leftJoin('shift_availability as a', 'a.shift_id', 's.id')
    .select(['s.id as shift_id', 's.driver_id', 's.vehicle_id', 'v.plate_number', sql<string>`d.first_name || ' ' || d.last_name`.as('driver_name')])
    .where('s.id', 'in', near.map((t) => t.shiftId))
    .where('s.owner_id', '=', query.ownerId)
    .where('s.end_time', 'is', null)
    .where((eb) => eb.or([eb('a.availability', 'is', null), eb('a.availability', '=', 'libre')]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bookings as b')
            .select('b.id')
            .where((eb) =>
              eb.or([
                eb.and([eb('b.driver_id', '=', eb.ref('s.driver_id')), eb('b.status', 'in', ['asignado', 'en_camino', 'en_el_lugar', 'a_bordo'])]),
                eb.and([eb('b.offer_driver_id', '=', eb.ref('s.driver_id')), eb('b.status', '=', 'ofrecido')]),
              ]),
            ),
        ),
      ),
    )
    .execute();
  const byShift = new Map(rows.map((row) => [row.shift_id, row]));
  const usable = near.filter((t) => byShift.has(t.shiftId) && !query.excludeDrivers?.has(byShift.get(t.shiftId)?.driver_id as number)).slice(0, limit * 2);
  const etas = await estimateEtas(usable, query, config);
  return usable
    .map((taxi, i): Candidate => {
      const row = byShift.get(taxi.shiftId) as (typeof rows)[number];
      return {
        driver_id: row.driver_id,
        driver_name: row.driver_name,
        shift_id: row.shift_id,
        vehicle_id: row.vehicle_id,
        plate_number: row.plate_number,
        latitude: taxi.latitude,
        longitude: taxi.longitude,
        distance_m: Math.round(taxi.distanceM),
        eta_s: etas[i].etaS,
        eta_source: etas[i].source,
        position_age_s: Math.max(0, Math.round((now - taxi.time) / 1000)),
      };
    })
    .sort((a, b) => a.eta_s - b.eta_s || a.distance_m - b.distance_m)
    .slice(0, limit);
}
