/**
 * Candidates for a pickup: the fleet's nearest taxis from the in-memory grid (fresh positions
 * only) that the in-memory taxi states call free (on shift, Libre, no live trip, no open offer),
 * ranked by the estimated time to the pickup. No database round trip: the grid and the states are
 * kept current by this process's writes and the other processes' events (taxiSync.ts), and the
 * database judges again when the offer or assignment is made.
 */
import type { DocumentBlock } from '../../../contract/documents';
import type { Candidate } from '../../../contract/dispatch';
import { blockReasons, type DocumentBlocks } from '../documents';
import type { DispatchConfig } from './settings';
import { estimateEtas, straightLineEtas } from './eta';
import type { TaxiIndex } from './taxiIndex';
import type { TaxiStates } from './taxiStates';

/** Taxis farther than this are no candidates (a booking in another town is a phone call, not an offer). */
export const MAX_CANDIDATE_DISTANCE_M = 50_000;
/** Nearest free taxis taken per candidate answered (a routing engine may reorder them). */
const ETA_POOL = 2;

export interface CandidateQuery {
  ownerId: number;
  latitude: number;
  longitude: number;
  /** Drivers left out (they declined or let this booking's offer expire). */
  excludeDrivers?: ReadonlySet<number>;
  limit?: number;
  now?: number;
  /** Expired required documents (Vencimientos): kept out when the fleet blocks, warned about otherwise. */
  documents?: DocumentBlocks;
}

function reasonsOf(states: TaxiStates, documents: DocumentBlocks | undefined, shiftId: number): string[] {
  if (!documents) return [];
  const state = states.get(shiftId);
  return state ? blockReasons(documents, state.driverId, state.vehicleId) : [];
}

/** Free taxis near the pickup that the fleet's documents rule keeps out, with the reasons (the desk sees them). */
export function findExcluded(index: TaxiIndex, states: TaxiStates, config: DispatchConfig, query: CandidateQuery): DocumentBlock[] {
  const documents = query.documents;
  if (!documents || documents.mode !== 'bloquear' || (!documents.drivers.size && !documents.vehicles.size)) return [];
  const now = query.now ?? Date.now();
  const near = index.nearest(query.ownerId, query.latitude, query.longitude, {
    limit: query.limit ?? config.maxCandidates,
    minTime: now - config.freshSeconds * 1000,
    maxDistanceM: MAX_CANDIDATE_DISTANCE_M,
    accept: (shiftId) => states.isFree(shiftId) && reasonsOf(states, documents, shiftId).length > 0,
  });
  return near.map((taxi) => {
    const state = states.get(taxi.shiftId) as NonNullable<ReturnType<TaxiStates['get']>>;
    return { driver_id: state.driverId, driver_name: state.driverName, vehicle_id: state.vehicleId, plate_number: state.plateNumber, reasons: reasonsOf(states, documents, taxi.shiftId) };
  });
}

export async function findCandidates(index: TaxiIndex, states: TaxiStates, config: DispatchConfig, query: CandidateQuery): Promise<Candidate[]> {
  const now = query.now ?? Date.now();
  const limit = query.limit ?? config.maxCandidates;
  const excluded = query.excludeDrivers;
  const blocking = query.documents?.mode === 'bloquear' ? query.documents : undefined;
  const near = index.nearest(query.ownerId, query.latitude, query.longitude, {
    limit: limit * ETA_POOL,
    minTime: now - config.freshSeconds * 1000,
    maxDistanceM: MAX_CANDIDATE_DISTANCE_M,
    accept: (shiftId) =>
      states.isFree(shiftId) && !excluded?.has((states.get(shiftId) as NonNullable<ReturnType<TaxiStates['get']>>).driverId) && !(blocking && reasonsOf(states, blocking, shiftId).length),
  });
  if (!near.length) return [];
  // No await without a routing engine: the whole search runs in one go (dispatchService times it so).
  const etas = config.routingUrl ? await estimateEtas(near, query, config) : straightLineEtas(near, config);
  return near
    .map((taxi, i): Candidate => {
      const state = states.get(taxi.shiftId) as NonNullable<ReturnType<TaxiStates['get']>>;
      return {
        driver_id: state.driverId,
        driver_name: state.driverName,
        shift_id: taxi.shiftId,
        vehicle_id: state.vehicleId,
        plate_number: state.plateNumber,
        latitude: taxi.latitude,
        longitude: taxi.longitude,
        distance_m: Math.round(taxi.distanceM),
        eta_s: etas[i].etaS,
        eta_source: etas[i].source,
        position_age_s: Math.max(0, Math.round((now - taxi.time) / 1000)),
        ...(query.documents?.mode === 'advertir' ? { document_warnings: reasonsOf(states, query.documents, taxi.shiftId) } : {}),
      };
    })
    .sort((a, b) => a.eta_s - b.eta_s || a.distance_m - b.distance_m)
    .slice(0, limit);
}
