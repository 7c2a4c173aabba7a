/**
 * The fleet's taxis as this process holds them in memory: the grid of positions (taxiIndex.ts), each
 * shift's dispatch state (taxiStates.ts), kept current by this process's decisions and the other
 * processes' events (taxiSync.ts), and the trips waiting for their taxi at the pickup (a position
 * within arrivalMeters marks En el lugar). Candidates come from here alone: no database round trip.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Candidate } from '../../../contract/dispatch';
import type { DocumentBlock } from '../../../contract/documents';
import type { Database } from '../../platform/db/schema';
import type { FlotaSocketServer } from '../../platform/realtime/socketServer';
import type { DocumentBlocks, DocumentRules } from '../documents';
import { activeShiftPositions } from './availabilityRepo';
import { findCandidates, findExcluded } from './candidates';
import type { DispatchConfig } from './settings';
import { createTaxiIndex, distanceMeters } from './taxiIndex';
import { createTaxiStates } from './taxiStates';
import { createTaxiSync } from './taxiSync';
import { tripsOnTheWay } from './tripsRepo';

/** Every active shift's state is read again this often (repairs an event missed between processes). */
const STATES_RELOAD_MS = 60_000;

/** A trip whose taxi is on its way to the pickup. */
export interface TripOnTheWay {
  bookingId: number;
  ownerId: number;
  latitude: number;
  longitude: number;
}

export interface TaxiFleetOptions {
  db: Kysely<Database>;
  io: FlotaSocketServer;
  clustered: boolean;
  config: DispatchConfig;
  log: FastifyBaseLogger;
  documents?: DocumentRules;
  /** The taxi of a trip on its way came within arrivalMeters of the pickup. */
  onArrived: (trip: TripOnTheWay, driverId: number) => void;
}

export function createTaxiFleet({ db, io, clustered, config, log, documents, onArrived }: TaxiFleetOptions) {
  const index = createTaxiIndex();
  const states = createTaxiStates();
  const onTheWay = new Map<number, TripOnTheWay>();
  // Another process's points may bring a taxi this process is waiting for to the pickup.
  const sync = createTaxiSync({ db, io, clustered, index, states, log, onPeerPoint: (shiftId, latitude, longitude) => arrivedNear(shiftId, states.get(shiftId)?.driverId, latitude, longitude) });
  let lastStatesReload = Date.now();

  function arrivedNear(shiftId: number, driverId: number | undefined, latitude: number, longitude: number): void {
    const trip = onTheWay.get(shiftId);
    if (!trip || driverId === undefined || distanceMeters(latitude, longitude, trip.latitude, trip.longitude) > config.arrivalMeters) return;
    onTheWay.delete(shiftId);
    onArrived(trip, driverId);
  }

  /** The fleet's expired required documents, read as each search starts (undefined: nothing to respect). */
  const documentBlocks = async (ownerId: number): Promise<DocumentBlocks | undefined> => (documents ? documents.blocks(ownerId) : undefined);

  return {
    index,
    states,

    /** The best free taxis for a pickup, after any read of a new shift in flight (a taxi that just started). */
    async search(ownerId: number, latitude: number, longitude: number, options: { excludeDrivers?: ReadonlySet<number>; limit?: number } = {}): Promise<Candidate[]> {
      if (sync.busy()) await sync.settled();
      return findCandidates(index, states, config, { ownerId, latitude, longitude, ...options, documents: await documentBlocks(ownerId) });
    },

    /** The desk's list: candidates, those the documents keep out, and the search's own time (ms; synchronous without a routing engine). */
    async candidates(ownerId: number, latitude: number, longitude: number): Promise<{ found: Candidate[]; excluded: DocumentBlock[]; searchMs: number }> {
      const blocks = await documentBlocks(ownerId);
      if (sync.busy()) await sync.settled();
      const started = performance.now();
      const search = findCandidates(index, states, config, { ownerId, latitude, longitude, documents: blocks });
      const searched = performance.now() - started;
      const found = await search;
      const searchMs = config.routingUrl ? performance.now() - started : searched;
      return { found, excluded: findExcluded(index, states, config, { ownerId, latitude, longitude, documents: blocks }), searchMs };
    },

    documentBlocks,

    /** An offer just made: the taxi is no candidate here nor, once told, in the other processes. */
    offered(shiftId: number): void {
      states.mark(shiftId, { offered: true });
      sync.announce(shiftId);
    },

    /** After a decision: the drivers' or shifts' states read back (and told to the other processes). */
    refresh: (which: { driverIds?: number[]; shiftIds?: number[] }) => sync.refresh(which),

    /** A booking's trip as it now stands: watched for arrival while its taxi is on the way, forgotten after. */
    follow(shiftId: number, trip: TripOnTheWay, onTheWayNow: boolean): void {
      if (onTheWayNow) onTheWay.set(shiftId, trip);
      else if (onTheWay.get(shiftId)?.bookingId === trip.bookingId) onTheWay.delete(shiftId);
    },

    /** Positions and dispatch states of active shifts as stored (a restart, or another process's points) seed the index. */
    async load(): Promise<void> {
      await sync.reload();
      for (const position of await activeShiftPositions(db)) index.put(position);
      for (const trip of await tripsOnTheWay(db)) onTheWay.set(trip.shiftId, trip);
    },

    /** An accepted point of this process: the grid, and En el lugar within arrivalMeters of the pickup. */
    position(shiftId: number, ownerId: number, driverId: number, latitude: number, longitude: number, time: number): void {
      sync.position(shiftId, ownerId, latitude, longitude, time);
      arrivedNear(shiftId, driverId, latitude, longitude);
    },

    shiftEnded(shiftId: number): void {
      sync.ended(shiftId);
      onTheWay.delete(shiftId);
    },

    /** This process's taxi states read again from the database now and then (a missed NOTIFY heals). */
    async refreshStates(): Promise<void> {
      const now = Date.now();
      if (now - lastStatesReload < STATES_RELOAD_MS) return;
      lastStatesReload = now;
      await sync.reload();
    },
  };
}

export type TaxiFleet = ReturnType<typeof createTaxiFleet>;
